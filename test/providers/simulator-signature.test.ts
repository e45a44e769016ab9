import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyIdOf } from '../../config/keys';
import { isValidStatusToken, statusCallbackUrl } from '../../providers/webhook-urls';

/**
 * The simulator's callbacks carry no vendor signature: the `token` of the callback URL, minted by this deployment,
 * is their whole authentication (a vendor's callback needs it too, beside its signature). The scheme is ours:
 * base64url HMAC-SHA256 over `<provider>:<attempt id>`, keyed with HMAC-SHA256(app secret,
 * `voice-agent-calling:status-callbacks`). The vectors were computed with Python (hmac, hashlib, base64), not with
 * this code base.
 */
const APP_SECRET = 'test-app-secret-0123456789abcdef0123456789';
const config = { appSecret: APP_SECRET, http: { publicBaseUrl: 'https://voice.example.com' } } as Parameters<
  typeof statusCallbackUrl
>[0];
const SIMULATOR_42 = 'h0Xg4tPnKu7kuQkjKvd4fGojYYznGhu5Jsicfynrt-I';
const TWILIO_42 = 'gQosSbqDGyeMOgAHbRUc46C2iRbKRHyAQTnkKI3ugOw';

describe('status callback tokens bind one provider and one attempt to this deployment', () => {
  it('mints the pinned tokens, behind the key id of the secret (key rotation), and accepts them', () => {
    const keyId = keyIdOf(APP_SECRET);
    expect(statusCallbackUrl(config, 'simulator', 42)).toBe(
      `https://voice.example.com/api/v1/telephony/status/simulator/42?token=${keyId}.${SIMULATOR_42}`,
    );
    expect(statusCallbackUrl(config, 'twilio', 42)).toBe(
      `https://voice.example.com/api/v1/telephony/status/twilio/42?token=${keyId}.${TWILIO_42}`,
    );
    expect(isValidStatusToken(config, 'simulator', 42, `${keyId}.${SIMULATOR_42}`)).toBe(true);
    // A token minted before key ids carried none; it stays valid.
    expect(isValidStatusToken(config, 'simulator', 42, SIMULATOR_42)).toBe(true);
  });

  it("refuses another attempt's or provider's token, another deployment's, and wrong constructions", () => {
    const derived = createHmac('sha256', APP_SECRET).update('voice-agent-calling:status-callbacks').digest();
    const wrong = {
      'the token of attempt 43': statusCallbackUrl(config, 'simulator', 43).split('token=')[1]!,
      "Twilio's token for the same attempt": TWILIO_42,
      "another deployment's token": statusCallbackUrl(
        { ...config, appSecret: `${APP_SECRET}x` },
        'simulator',
        42,
      ).split('token=')[1]!,
      'keyed with the app secret itself': createHmac('sha256', APP_SECRET)
        .update('simulator:42')
        .digest('base64url'),
      'keyed for another purpose': createHmac(
        'sha256',
        createHmac('sha256', APP_SECRET).update('voice-agent-calling:simulator-api').digest(),
      )
        .update('simulator:42')
        .digest('base64url'),
      'hex instead of base64url': createHmac('sha256', derived).update('simulator:42').digest('hex'),
      'base64 with padding': createHmac('sha256', derived).update('simulator:42').digest('base64'),
      'the attempt alone': createHmac('sha256', derived).update('42').digest('base64url'),
      empty: '',
    };
    expect(createHmac('sha256', derived).update('simulator:42').digest('base64url')).toBe(SIMULATOR_42);
    for (const [variant, token] of Object.entries(wrong))
      expect([variant, isValidStatusToken(config, 'simulator', 42, token)]).toEqual([variant, false]);
  });
});
