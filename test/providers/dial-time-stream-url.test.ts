/**
 * The stream URL handed to a vendor when dialing (Telnyx `stream_url`) opens only at answer: its token must outlive
 * the ring timeout, and a call without a run has none.
 */
import { describe, expect, it } from 'vitest';
import { dialTimeStreamUrl, runOfMediaToken } from '../../providers/webhook-urls';

const config = {
  appSecret: 'a-test-secret-of-at-least-thirty-two-characters',
  media: { publicUrl: 'wss://media.example.test', tokenTtlSeconds: 300 },
} as Parameters<typeof dialTimeStreamUrl>[0];

const tokenOf = (url: string) => url.split('/').at(-1)!;

describe('dialTimeStreamUrl', () => {
  it('is null for a call without a run', () => {
    expect(dialTimeStreamUrl(config, 'telnyx', null, 60)).toBeNull();
  });

  it("names the run and provider, and lives for the ring timeout plus the token's lifetime", () => {
    const url = dialTimeStreamUrl(config, 'telnyx', 42, 600)!;
    expect(url.startsWith('wss://media.example.test/media/telnyx/42.')).toBe(true);
    const token = tokenOf(url);
    const expiresAt = Number(token.split('.')[1]) * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(Date.now() + 895_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 901_000);
    expect(runOfMediaToken(config, 'telnyx', token)).toBe(42);
    // Still good after ten minutes of ringing, not after the whole lifetime; never for another provider.
    expect(runOfMediaToken(config, 'telnyx', token, new Date(Date.now() + 600_000))).toBe(42);
    expect(runOfMediaToken(config, 'telnyx', token, new Date(Date.now() + 905_000))).toBeNull();
    expect(runOfMediaToken(config, 'twilio', token)).toBeNull();
  });
});
