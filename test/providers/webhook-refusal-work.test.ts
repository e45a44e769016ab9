import { createHmac, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher, telephonySecretsContext } from '../../config/credentials-cipher';
import { capturedLogger } from '../helpers/captured-logs';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';

/**
 * Issue 34: an unknown telephony configuration id was refused after one query, a known one with a bad signature after
 * the query, the decryption of its secrets and the signature's HMAC, so a caller could time which ids exist. Both now
 * do the same work before the same 403, and the refusal's log line lists it. (How long each takes is measured by
 * bench/webhook-refusals, not here.)
 */

const INBOUND = '/api/v1/telephony/inbound';
const { logger, lines } = capturedLogger();
let t: TestApp;
let twilio: number;
let telnyx: number;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: 'https://api.example.test' }, { logger });
  const { organizationId } = await createTestOrganization(t.ctx.db);
  const insert = async (provider: string, config: Record<string, unknown>, secrets: Record<string, string>) =>
    (
      await t.ctx.db
        .insertInto('telephony_configurations')
        .values({
          organization_id: organizationId,
          name: `${provider}-${Math.random().toString(36).slice(2, 8)}`,
          provider,
          config: { provider, ...config },
          encrypted_secrets: createCredentialsCipher(t.ctx.config.appSecret).encrypt(
            secrets,
            telephonySecretsContext(organizationId),
          ),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  twilio = await insert('twilio', { account_sid: 'AC00' }, { auth_token: 'the-real-auth-token' });
  const publicKey = generateKeyPairSync('ed25519')
    .publicKey.export({ format: 'der', type: 'spki' })
    .subarray(-32)
    .toString('base64');
  telnyx = await insert('telnyx', { public_key: publicKey }, { api_key: 'KEY0' });
});
afterAll(async () => t?.close());

const refusalOf = (configurationId: number) =>
  lines
    .filter(
      (line) => line.msg === 'vendor webhook refused' && line.telephony_configuration_id === configurationId,
    )
    .at(-1);

async function postTwilio(configurationId: number) {
  const form = 'CallSid=CAforged&From=%2B19005550019&To=%2B12125550100';
  const signature = createHmac('sha1', 'a-guessed-token').update('whatever').digest('base64');
  return t.app.inject({
    method: 'POST',
    url: `${INBOUND}/twilio/${configurationId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: form,
  });
}

async function postTelnyx(configurationId: number) {
  return t.app.inject({
    method: 'POST',
    url: `${INBOUND}/telnyx/${configurationId}`,
    headers: {
      'content-type': 'application/json',
      'telnyx-signature-ed25519': Buffer.alloc(64, 7).toString('base64'),
      'telnyx-timestamp': String(Math.floor(Date.now() / 1000)),
    },
    payload: JSON.stringify({ data: { event_type: 'call.initiated', payload: {} } }),
  });
}

describe('a webhook to an unknown configuration id', () => {
  const work = ['configuration_read', 'secrets_decrypted', 'signature_computed'];
  it.each([
    ['Twilio, shared secret', () => twilio, postTwilio],
    ['Telnyx, Ed25519 public key', () => telnyx, postTelnyx],
  ] as const)(
    'does the work of a known one with a bad signature before the same 403 (%s)',
    async (_vendor, knownId, post) => {
      const unknownId = knownId() + 1_000_000;
      const known = await post(knownId());
      const unknown = await post(unknownId);
      expect([known.statusCode, unknown.statusCode]).toEqual([403, 403]);
      expect(unknown.body).toBe(known.body);
      expect(refusalOf(knownId())).toMatchObject({ reason: 'bad_signature', checks: work });
      expect(refusalOf(unknownId)).toMatchObject({ reason: 'unknown_configuration', checks: work });
    },
  );
});
