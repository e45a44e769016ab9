import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { createDatabase, dropDatabase } from '../../devstack/postgres';
import { mintPublicToken, verifyPublicToken } from '../../artifacts/public-tokens';
import type { Config } from '../../config';
import { createCredentialsCipher, telephonySecretsContext } from '../../config/credentials-cipher';
import { keyIdOf } from '../../config/keys';
import { reencryptStoredSecrets } from '../../config/reencrypt-secrets';
import { readWebhookCredentialSecrets } from '../../db/repositories/webhook-credentials';
import { signingSecrets } from '../../webhooks/endpoint-secrets';
import {
  isValidStatusToken,
  mediaStreamToken,
  runOfMediaToken,
  statusCallbackUrl,
} from '../../providers/webhook-urls';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';
import { CONFIGS, createConfiguration, twilioConfig } from '../telephony/helpers';

const A = 'legacy-secret-A-0123456789-0123456789-abc';
const B = 'rotated-secret-B-0123456789-0123456789-xyz';
const rotating = { appSecret: B, appSecretPrevious: A };
const rotated = { appSecret: B, appSecretPrevious: null };
const media = { tokenTtlSeconds: 60 } as Config['media'];
const http = { publicBaseUrl: 'https://voice.example.com' } as Config['http'];

/** Written by the code before key ids (commit 7b4ddf6) under secret A: organization 7's telephony secrets,
 * a public token for run 5 expiring 2030-01-01T01:00Z, and a Twilio media token for run 5 minted at 2030-01-01. */
const LEGACY_CIPHERTEXT =
  'v1.hCwIQtyjYwERTQv8.uVku1v4Oz7xcCPH4Dn5VHA.5pFJ0SeN8UNQk6qIfVAZxSRRwDWYESSH7RkeRpjdH7kJ8A';
const LEGACY_PUBLIC_TOKEN =
  'eyJyIjo1LCJvIjo3LCJlIjoxODkzNDU5NjAwfQ.7dhfBPsbqhUWMkLBXt9WchaKSDKeqODlFM6T5cMXYFs';
const LEGACY_MEDIA_TOKEN = '5.1893456060.v17k97iirAzAK3UCN_cvgSogVCQnHGdgdrLLG4V7vhI';
const IN_2030 = Date.parse('2030-01-01T00:00:30Z');

describe('ciphertexts and tokens carry the key id of the secret that wrote them', () => {
  it('reads what the code before key ids wrote, with the current secret', () => {
    expect(createCredentialsCipher(A).decrypt(LEGACY_CIPHERTEXT, telephonySecretsContext(7))).toEqual({
      auth_token: 'legacy-token-1234',
    });
    expect(verifyPublicToken(A, LEGACY_PUBLIC_TOKEN, IN_2030)).toMatchObject({ runId: 5, organizationId: 7 });
    expect(runOfMediaToken({ appSecret: A }, 'twilio', LEGACY_MEDIA_TOKEN, new Date(IN_2030))).toBe(5);
  });

  it('reads legacy ones written under the previous secret during a rotation, and not after it', () => {
    expect(createCredentialsCipher(rotating).decrypt(LEGACY_CIPHERTEXT, telephonySecretsContext(7))).toEqual({
      auth_token: 'legacy-token-1234',
    });
    expect(verifyPublicToken(rotating, LEGACY_PUBLIC_TOKEN, IN_2030)).not.toBeNull();
    expect(() =>
      createCredentialsCipher(rotated).decrypt(LEGACY_CIPHERTEXT, telephonySecretsContext(7)),
    ).toThrow();
    expect(verifyPublicToken(rotated, LEGACY_PUBLIC_TOKEN, IN_2030)).toBeNull();
  });

  it('writes under the current secret and names it; the previous one reads but never writes', () => {
    const sealed = createCredentialsCipher(rotating).encrypt({ k: 'v' }, 'ctx');
    expect(sealed.split('.').slice(0, 2)).toEqual(['v2', keyIdOf(B)]);
    expect(keyIdOf(A)).toMatch(/^[0-9a-f]{8}$/);
    expect(keyIdOf(A)).not.toBe(keyIdOf(B));
    const token = mintPublicToken(rotating, { runId: 1, organizationId: 2 }, 60);
    expect(token.split('.')[1]).toBe(keyIdOf(B));
    expect(statusCallbackUrl({ ...rotating, http }, 'simulator', 42)).toContain(`?token=${keyIdOf(B)}.`);
    expect(mediaStreamToken({ ...rotating, media }, 'twilio', 9).split('.')[2]).toBe(keyIdOf(B));
  });

  it('verifies a token signed with A while A is previous, and refuses it once A is dropped', () => {
    const publicToken = mintPublicToken(A, { runId: 1, organizationId: 2 }, 60);
    const status = statusCallbackUrl({ appSecret: A, http }, 'twilio', 42).split('token=')[1]!;
    const mediaToken = mediaStreamToken({ appSecret: A, media }, 'twilio', 9);
    expect(verifyPublicToken(rotating, publicToken)).toMatchObject({ runId: 1, organizationId: 2 });
    expect(isValidStatusToken(rotating, 'twilio', 42, status)).toBe(true);
    expect(runOfMediaToken(rotating, 'twilio', mediaToken)).toBe(9);
    expect(verifyPublicToken(rotated, publicToken)).toBeNull();
    expect(isValidStatusToken(rotated, 'twilio', 42, status)).toBe(false);
    expect(runOfMediaToken(rotated, 'twilio', mediaToken)).toBeNull();
  });

  it('refuses a token whose key id is swapped for the other secret, or unknown', () => {
    const status = statusCallbackUrl({ appSecret: A, http }, 'twilio', 42).split('token=')[1]!;
    const signature = status.split('.')[1]!;
    expect(isValidStatusToken(rotating, 'twilio', 42, `${keyIdOf(B)}.${signature}`)).toBe(false);
    expect(isValidStatusToken(rotating, 'twilio', 42, `00000000.${signature}`)).toBe(false);
    expect(isValidStatusToken(rotating, 'twilio', 42, `XYZ.${signature}`)).toBe(false);
    const sealed = createCredentialsCipher(A).encrypt({ k: 'v' }, 'ctx');
    expect(() => createCredentialsCipher(rotated).decrypt(sealed, 'ctx')).toThrow(
      `key id ${keyIdOf(A)}, neither APP_SECRET's nor APP_SECRET_PREVIOUS's`,
    );
  });
});

describe('rotating APP_SECRET with stored credentials', () => {
  // The re-encrypt command walks every row of a database: this test gets one of its own, since the suite's shared
  // database holds other tests' credentials, sealed under the suite's own secret.
  const adminUrl = Object.assign(new URL(inject('databaseUrl')), { pathname: '/postgres' }).toString();
  const databaseName = `vac_key_rotation_${process.pid}_${Date.now().toString(36)}`;
  let databaseUrl = '';
  const apps: TestApp[] = [];
  const appWith = async (env: Record<string, string | undefined>) => {
    const app = await createTestApp({ DATABASE_URL: databaseUrl, ...env });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    databaseUrl = await createDatabase(adminUrl, databaseName);
    const db = createDb(databaseUrl, { max: 1 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await dropDatabase(adminUrl, databaseName).catch(() => {});
  });

  it('reads with A as previous, re-encrypts under B (idempotently), and reads after A is dropped', async () => {
    const before = await appWith({ APP_SECRET: A });
    const org = await createTestOrganization(before.ctx.db);
    const created = await createConfiguration(before.app, org.headers, { config: twilioConfig() });
    const credential = (
      await before.app.inject({
        method: 'POST',
        url: '/api/v1/credentials',
        headers: org.headers,
        payload: {
          name: 'CRM',
          credential_type: 'bearer_token',
          credential_data: { token: 'crm-token-5678' },
        },
      })
    ).json() as { uuid: string; credential_data: { token: string } };
    expect(credential.credential_data.token).toBe('**********5678');
    // A webhook endpoint whose secret was rotated: a current and a previous secret, both sealed.
    const hooks = '/api/v1/organizations/webhooks';
    const endpoint = (
      await before.app.inject({
        method: 'POST',
        url: hooks,
        headers: org.headers,
        payload: { url: 'https://93.184.216.34/hooks', events: ['run.completed'] },
      })
    ).json() as { id: number; secret: string };
    const rotated = (
      await before.app.inject({
        method: 'POST',
        url: `${hooks}/${endpoint.id}/rotate-secret`,
        headers: org.headers,
      })
    ).json() as { secret: string };
    const endpointSecrets = async (t: TestApp) =>
      signingSecrets(
        createCredentialsCipher(t.ctx.config),
        await t.ctx.db
          .selectFrom('webhook_endpoints')
          .selectAll()
          .where('id', '=', endpoint.id)
          .executeTakeFirstOrThrow(),
        new Date(),
      );
    expect(await endpointSecrets(before)).toEqual([rotated.secret, endpoint.secret]);
    const readCredential = (t: TestApp) =>
      readWebhookCredentialSecrets(
        t.ctx.db,
        createCredentialsCipher(t.ctx.config),
        org.organizationId,
        credential.uuid,
      ).then((read) => read?.credential_data);
    const legacyRow = await before.ctx.db
      .insertInto('telephony_configurations')
      .values({
        ...(await before.ctx.db
          .selectFrom('telephony_configurations')
          .select(['provider', 'config'])
          .where('id', '=', created.id)
          .executeTakeFirstOrThrow()),
        organization_id: org.organizationId,
        name: 'written before key ids',
        encrypted_secrets: createCredentialsCipher(A)
          .encrypt({ auth_token: 'legacy-token-1234' }, telephonySecretsContext(org.organizationId))
          .replace(/^v2\.[0-9a-f]{8}\./, 'v1.'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const readAll = async (t: TestApp) =>
      Promise.all(
        [created.id, legacyRow.id].map(async (id) => {
          const response = await t.app.inject({
            method: 'GET',
            url: `${CONFIGS}/${id}`,
            headers: org.headers,
          });
          return [
            response.statusCode,
            (response.json() as { credentials?: { auth_token?: string } }).credentials?.auth_token,
          ];
        }),
      );
    const readable = [
      [200, '*************************9f3a'],
      [200, '*************1234'],
    ];
    expect(await readAll(before)).toEqual(readable);

    const during = await appWith({ APP_SECRET: B, APP_SECRET_PREVIOUS: A });
    expect(await readAll(during)).toEqual(readable);

    const first = await reencryptStoredSecrets(during.ctx.db, during.ctx.config, { batchSize: 1 });
    expect(first.telephony_configurations.reencrypted).toBeGreaterThanOrEqual(2);
    const again = await reencryptStoredSecrets(during.ctx.db, during.ctx.config);
    expect(again.telephony_configurations.reencrypted).toBe(0);
    expect(again.voice_configurations.reencrypted).toBe(0);
    expect(first.webhook_credentials).toEqual({ read: 1, reencrypted: 1, current: 0 });
    expect(again.webhook_credentials).toEqual({ read: 1, reencrypted: 0, current: 1 });
    for (const column of ['encrypted_secret', 'encrypted_previous_secret'] as const) {
      expect(first[`webhook_endpoints.${column}`]).toEqual({ read: 1, reencrypted: 1, current: 0 });
      expect(again[`webhook_endpoints.${column}`]).toEqual({ read: 1, reencrypted: 0, current: 1 });
    }
    const rows = await during.ctx.db
      .selectFrom('telephony_configurations')
      .select('encrypted_secrets')
      .where('id', 'in', [created.id, legacyRow.id])
      .execute();
    for (const row of rows) expect(row.encrypted_secrets!.split('.').slice(0, 2)).toEqual(['v2', keyIdOf(B)]);

    const after = await appWith({ APP_SECRET: B });
    expect(await readAll(after)).toEqual(readable);
    expect(await readCredential(after)).toEqual({ token: 'crm-token-5678' });
    expect(await endpointSecrets(after)).toEqual([rotated.secret, endpoint.secret]);
  });
});
