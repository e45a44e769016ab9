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

/**
 * A vector made outside this code base, in Vonage's own shape: the claims of the "Sample Signed JWT" on Vonage's
 * signed-webhooks page (iat 1587494962, its jti, iss, api_key a1b2c3d and application_id) with payload_hash the hex
 * SHA-256 of DOCUMENTED_BODY, signed with the signature secret of vonage-ruby-sdk's webhook-token tests. Computed
 * with Python (json, hmac, hashlib, base64url without padding); the same code reproduces the signature of the
 * SDK's published token of that sample (…eyJ9.eyJpYXQiOjE1ODc0OTQ5NjIs….JQRKi1d0SQitmjPINfTWMpt3XZkGsLbD7EjCdXoNSbk).
 */
const DOCUMENTED_SECRET = 'ZYtdTtGV3BCFN7tWmOWr1md66XsquMggr4W2cTtXtcPgfnI0Xw';
const DOCUMENTED_API_KEY = 'a1b2c3d';
const DOCUMENTED_IAT = 1_587_494_962;
const DOCUMENTED_BODY =
  '{"start_time":null,"rate":null,"from":"447700900001","to":"447700900000","uuid":"63f61863-4a51-4f6b-86e1-46edebcf9356","conversation_uuid":"CON-f972836a-550f-45fa-956c-12a2ab5b7d22","status":"busy","direction":"outbound","timestamp":"2020-04-21T18:49:22.000Z"}';
const DOCUMENTED_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpYXQiOjE1ODc0OTQ5NjIsImp0aSI6ImM1YmE4ZjI0LTFhMTQtNGMxMC1iZmRmLTNmYmU4Y2U1MTFiNSIsImlzcyI6IlZvbmFnZSIsInBheWxvYWRfaGFzaCI6ImE2YzA5YjZmMDdkNmVjMDQzNmVlNTE4ODc5ZjlkMThjNDdlOWIyNmE1OTc3MGNkMWM0ZTQzNTZkZmZmMTVjMDEiLCJhcGlfa2V5IjoiYTFiMmMzZCIsImFwcGxpY2F0aW9uX2lkIjoiYWFhYWFhYWEtYmJiYi1jY2NjLWRkZGQtMDEyMzQ1Njc4OWFiIn0.qI4wcOQkH6nTs7EnFEsU9AlPoKfd-5U7tpj0iE59qNU';

describe('Vonage signed webhooks accept a token made outside this code base, and refuse wrong constructions', () => {
  const verify = (authorization: string, body = DOCUMENTED_BODY) =>
    isValidVonageSignature({
      signatureSecret: DOCUMENTED_SECRET,
      apiKey: DOCUMENTED_API_KEY,
      authorization,
      rawBody: body,
      nowSeconds: DOCUMENTED_IAT + 60,
    });
  const [header, claimsPart, signature] = DOCUMENTED_TOKEN.split('.') as [string, string, string];
  const claimsOf = JSON.parse(Buffer.from(claimsPart, 'base64url').toString()) as Record<string, unknown>;
  const resigned = (
    secret: string | Buffer,
    algorithm = 'sha256',
    encoding: 'base64url' | 'base64' | 'hex' = 'base64url',
  ) =>
    `Bearer ${header}.${claimsPart}.${createHmac(algorithm, secret).update(`${header}.${claimsPart}`).digest(encoding)}`;
  const withHash = (payloadHash: string) => {
    const claims = encode({ ...claimsOf, payload_hash: payloadHash });
    return `Bearer ${header}.${claims}.${createHmac('sha256', DOCUMENTED_SECRET).update(`${header}.${claims}`).digest('base64url')}`;
  };

  it('accepts the pinned token for its body', () => {
    expect(claimsOf.payload_hash).toBe(createHash('sha256').update(DOCUMENTED_BODY).digest('hex'));
    expect(verify(`Bearer ${DOCUMENTED_TOKEN}`)).toBe(true);
    expect(verify(resigned(DOCUMENTED_SECRET))).toBe(true);
  });

  it('refuses the signatures and payload hashes a wrong implementation would make', () => {
    const wrong = {
      'signature in base64 with padding': resigned(DOCUMENTED_SECRET, 'sha256', 'base64'),
      'signature in hex': resigned(DOCUMENTED_SECRET, 'sha256', 'hex'),
      'HMAC-SHA512 (HS512)': resigned(DOCUMENTED_SECRET, 'sha512'),
      'the secret read as base64': resigned(Buffer.from(DOCUMENTED_SECRET, 'base64')),
      'payload_hash in base64': withHash(createHash('sha256').update(DOCUMENTED_BODY).digest('base64')),
      'payload_hash in upper-case hex': withHash(
        createHash('sha256').update(DOCUMENTED_BODY).digest('hex').toUpperCase(),
      ),
      'payload_hash of the parsed and re-serialised body': withHash(
        createHash('sha256')
          .update(JSON.stringify(JSON.parse(DOCUMENTED_BODY), null, 1))
          .digest('hex'),
      ),
      'payload_hash by SHA-1': withHash(createHash('sha1').update(DOCUMENTED_BODY).digest('hex')),
    };
    for (const [variant, authorization] of Object.entries(wrong))
      expect([variant, verify(authorization)]).toEqual([variant, false]);
    expect(signature).toContain('-');
  });
});
