import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidVonageSignature } from '../../providers/vonage/vonage-status';

/**
 * Tokens built in the test as Vonage's signed-webhooks guide describes them (an HS256 JWT keyed by the account's
 * signature secret; claims `api_key`, `iat`, `payload_hash` = hex SHA-256 of the body), at a fixed clock.
 */
const SECRET = 'signature-secret-0123456789abcdef';
const API_KEY = 'ab12cd34';
const NOW = 1_795_000_000;
const BODY = '{"uuid":"63f61863-4a51-4f6b-86e1-46edebcf9356","status":"completed","duration":"12"}';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function token(
  claims: Record<string, unknown>,
  options: { secret?: string; header?: Record<string, unknown> } = {},
): string {
  const signed = `${encode(options.header ?? { alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `Bearer ${signed}.${createHmac('sha256', options.secret ?? SECRET)
    .update(signed)
    .digest('base64url')}`;
}
const claims = (overrides: Record<string, unknown> = {}) => ({
  iat: NOW,
  jti: 'f3b1c2d4-0000-4000-8000-000000000001',
  iss: 'Vonage',
  api_key: API_KEY,
  payload_hash: createHash('sha256').update(BODY).digest('hex'),
  ...overrides,
});
const check = (
  authorization: string | undefined,
  body = BODY,
  input: { secret?: string; apiKey?: string } = {},
) =>
  isValidVonageSignature({
    signatureSecret: input.secret ?? SECRET,
    apiKey: input.apiKey ?? API_KEY,
    authorization,
    rawBody: body,
    nowSeconds: NOW,
  });

describe('Vonage signed webhooks are checked as Vonage documents them, and no looser', () => {
  it('accepts a token of the configured api_key over this body, issued within 5 minutes either way', () => {
    expect(check(token(claims()))).toBe(true);
    expect(check(token(claims({ iat: NOW - 300 })))).toBe(true);
    expect(check(token(claims({ iat: NOW + 300 })))).toBe(true);
    expect(check(token(claims()).replace('Bearer', 'bearer'))).toBe(true);
  });

  it('refuses a token older or newer than 5 minutes, without iat, or expired', () => {
    expect(check(token(claims({ iat: NOW - 301 })))).toBe(false);
    expect(check(token(claims({ iat: NOW + 301 })))).toBe(false);
    expect(check(token(claims({ iat: undefined })))).toBe(false);
    expect(check(token(claims({ iat: String(NOW) })))).toBe(false);
    expect(check(token(claims({ exp: NOW - 1 })))).toBe(false);
  });

  it('refuses a token without payload_hash whenever there is a body, or whose hash is of another body', () => {
    expect(check(token(claims({ payload_hash: undefined })))).toBe(false);
    expect(check(token(claims({ payload_hash: undefined })), '')).toBe(true);
    expect(check(token(claims()), BODY.replace('completed', 'busy'))).toBe(false);
  });

  it('refuses another api_key, another secret, and an empty secret or api_key on our side', () => {
    expect(check(token(claims({ api_key: 'ef56ab78' })))).toBe(false);
    expect(check(token(claims({ api_key: undefined })))).toBe(false);
    expect(check(token(claims(), { secret: 'another-secret' }))).toBe(false);
    expect(check(token(claims(), { secret: '' }), BODY, { secret: '' })).toBe(false);
    expect(check(token(claims({ api_key: '' })), BODY, { apiKey: '' })).toBe(false);
  });

  it('refuses a header naming another algorithm, a malformed token and a missing one', () => {
    expect(check(token(claims(), { header: { alg: 'none', typ: 'JWT' } }))).toBe(false);
    expect(check(`${token(claims())}.extra`)).toBe(false);
    expect(check('Bearer a.b')).toBe(false);
    expect(check(`Bearer ${encode({ alg: 'HS256' })}.bnVsbA.x`)).toBe(false);
    expect(check(undefined)).toBe(false);
  });
});
