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
    const before = Date.now();
    const url = dialTimeStreamUrl(config, 'telnyx', 42, 600)!;
    const after = Date.now();
    expect(url.startsWith('wss://media.example.test/media/telnyx/42.')).toBe(true);
    const token = tokenOf(url);
    // Whole seconds: the ring timeout and the token's lifetime from the moment it was minted, between the two reads.
    const expiresAt = Number(token.split('.')[1]) * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 900_000);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(after / 1000) * 1000 + 900_000);
    expect(runOfMediaToken(config, 'telnyx', token, new Date(after))).toBe(42);
    // Still good after ten minutes of ringing (and until it expires), not after; never for another provider.
    expect(runOfMediaToken(config, 'telnyx', token, new Date(after + 600_000))).toBe(42);
    expect(runOfMediaToken(config, 'telnyx', token, new Date(expiresAt))).toBe(42);
    expect(runOfMediaToken(config, 'telnyx', token, new Date(expiresAt + 1))).toBeNull();
    expect(runOfMediaToken(config, 'twilio', token)).toBeNull();
  });
});
