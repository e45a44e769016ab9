import { createPrivateKey, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidTelnyxSignature } from '../../providers/telnyx/telnyx-status';

/**
 * Telnyx signs `<telnyx-timestamp>|<raw body>` with ed25519 and sends the signature base64 in
 * `telnyx-signature-ed25519`; the account's public key is the raw 32 bytes, base64 (Mission Control, and
 * team-telnyx/telnyx-node `src/lib/webhooks.ts`). Telnyx publishes no fixed vector (its SDK tests sign with fresh
 * keys), so this one was made outside this code base: the key pair of RFC 8032's first ed25519 test vector (secret
 * 9d61b1…7f60, public d75a98…511a; Python `cryptography` reproduces that test's signature of the empty message),
 * and SIGNATURE computed with Python `cryptography` over `1700000000|` + BODY.
 */
const PUBLIC_KEY = '11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=';
const TIMESTAMP = '1700000000';
const NOW = 1_700_000_000;
const BODY =
  '{"data":{"event_type":"call.hangup","id":"0ccc7b54-4df3-4bca-a65a-3da1ecc777f0","occurred_at":"2023-11-14T22:13:20.000000Z","payload":{"call_control_id":"v3:5Jm1Rj5gKo7vKoGkDFsTBTfmEPdNTQB7JBz1Z0Wd3v2gYJ1JAN1jPQ","call_leg_id":"428c31b6-7af4-4bcb-b7f5-5013ef9657c1","hangup_cause":"user_busy","start_time":"2023-11-14T22:13:10.000000Z","end_time":"2023-11-14T22:13:10.000000Z"},"record_type":"event"}}';
const SIGNATURE = 'RsfSlk5OIGZ05LFqg4kknrqQRWohGYaBf1vo6XipIvO/hQVdT0MMQUSt+5S3dhPvHhRFjTfn3+VxsTedAr4hDg==';

/** RFC 8032's test key as a Node key, to sign what a wrong implementation would sign. */
const privateKey = createPrivateKey({
  key: Buffer.from(
    '302e020100300506032b657004220420' + '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    'hex',
  ),
  format: 'der',
  type: 'pkcs8',
});
const signed = (message: string, encoding: 'base64' | 'hex' = 'base64') =>
  sign(null, Buffer.from(message), privateKey).toString(encoding);
const check = (
  signature: string | undefined,
  options: { body?: string; timestamp?: string; now?: number } = {},
) =>
  isValidTelnyxSignature(
    PUBLIC_KEY,
    options.body ?? BODY,
    signature,
    options.timestamp ?? TIMESTAMP,
    options.now ?? NOW,
  );

describe('telnyx-signature-ed25519 is checked as Telnyx signs it', () => {
  it('accepts the pinned vector, within 5 minutes of its timestamp either way', () => {
    expect(signed(`${TIMESTAMP}|${BODY}`)).toBe(SIGNATURE);
    expect(check(SIGNATURE)).toBe(true);
    expect(check(SIGNATURE, { now: NOW + 300 })).toBe(true);
    expect(check(SIGNATURE, { now: NOW - 300 })).toBe(true);
  });

  it('refuses what a wrong algorithm would send for the same event', () => {
    const wrong = {
      'the body alone': signed(BODY),
      'timestamp.body': signed(`${TIMESTAMP}.${BODY}`),
      'body|timestamp': signed(`${BODY}|${TIMESTAMP}`),
      'hex instead of base64': signed(`${TIMESTAMP}|${BODY}`, 'hex'),
    };
    for (const [variant, signature] of Object.entries(wrong))
      expect([variant, check(signature)]).toEqual([variant, false]);
  });

  it('refuses another body, another timestamp, a stale or future one, and missing headers or key', () => {
    expect(check(SIGNATURE, { body: BODY.replace('user_busy', 'normal_clearing') })).toBe(false);
    expect(check(SIGNATURE, { body: `${BODY}\n` })).toBe(false);
    expect(check(SIGNATURE, { timestamp: String(NOW + 1), now: NOW + 1 })).toBe(false);
    expect(check(SIGNATURE, { now: NOW + 301 })).toBe(false);
    expect(check(SIGNATURE, { now: NOW - 301 })).toBe(false);
    expect(check(undefined)).toBe(false);
    expect(check(SIGNATURE, { timestamp: '' })).toBe(false);
    expect(isValidTelnyxSignature('', BODY, SIGNATURE, TIMESTAMP, NOW)).toBe(false);
  });

  it('reads the key only as the raw 32 bytes, base64', () => {
    const der = Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      Buffer.from(PUBLIC_KEY, 'base64'),
    ]).toString('base64');
    expect(isValidTelnyxSignature(der, BODY, SIGNATURE, TIMESTAMP, NOW)).toBe(false);
    const hex = Buffer.from(PUBLIC_KEY, 'base64').toString('hex');
    expect(isValidTelnyxSignature(hex, BODY, SIGNATURE, TIMESTAMP, NOW)).toBe(false);
    const otherKey = Buffer.alloc(32, 7).toString('base64');
    expect(isValidTelnyxSignature(otherKey, BODY, SIGNATURE, TIMESTAMP, NOW)).toBe(false);
  });
});
