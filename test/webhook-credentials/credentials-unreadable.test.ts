import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher, CredentialsUnreadableError } from '../../config/credentials-cipher';
import {
  readWebhookCredentialSecrets,
  webhookCredentialSecretsContext,
} from '../../db/repositories/webhook-credentials';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

/**
 * A credential whose secrets were sealed under a root secret this server does not hold (APP_SECRET rotated without
 * APP_SECRET_PREVIOUS or the re-encrypt command, or a database restored beside another deployment's secret) stays
 * listed and shown without its secrets; an update sending the secret mends it; the code that sends it gets the typed
 * error, never the wrong secret.
 */
const URL_BASE = '/api/v1/credentials';
const foreignCipher = createCredentialsCipher('a-root-secret-this-deployment-never-had-0123');

describe('webhook credentials this server cannot decrypt', () => {
  let t: TestApp;
  let org: TestOrganization;
  const send = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({ method, url: `${URL_BASE}${path}`, headers: org.headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows it without the secret, mends it with an update that sends the secret', async () => {
    const created = await send('POST', '/', {
      name: 'Sealed elsewhere',
      credential_type: 'api_key',
      credential_data: { header_name: 'X-Key', api_key: 'sk_live_ours_0000' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { uuid } = created.json() as { uuid: string };
    await t.ctx.db
      .updateTable('webhook_credentials')
      .set({
        encrypted_secrets: foreignCipher.encrypt(
          { api_key: 'sk_live_theirs_1111' },
          webhookCredentialSecretsContext(org.organizationId),
        ),
      })
      .where('credential_uuid', '=', uuid)
      .execute();

    const shown = await send('GET', `/${uuid}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().credential_data).toEqual({ header_name: 'X-Key' });
    const listed = await send('GET', '/');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual(shown.json());
    const ours = createCredentialsCipher(t.ctx.config.appSecret);
    await expect(readWebhookCredentialSecrets(t.ctx.db, ours, org.organizationId, uuid)).rejects.toThrow(
      CredentialsUnreadableError,
    );

    const renameOnly = await send('PUT', `/${uuid}`, { name: 'Renamed' });
    expect(renameOnly.statusCode, renameOnly.body).toBe(200);
    const withoutSecret = await send('PUT', `/${uuid}`, { credential_data: { header_name: 'X-Other' } });
    expect(withoutSecret.statusCode).toBe(422);
    expect(withoutSecret.json().detail).toEqual([
      { loc: ['body', 'credential_data', 'api_key'], msg: 'Field required', type: 'missing' },
    ]);
    const mended = await send('PUT', `/${uuid}`, { credential_data: { api_key: 'sk_live_new_2222' } });
    expect(mended.statusCode, mended.body).toBe(200);
    expect(mended.json().credential_data).toEqual({ header_name: 'X-Key', api_key: '************2222' });
    expect(
      (await readWebhookCredentialSecrets(t.ctx.db, ours, org.organizationId, uuid))?.credential_data,
    ).toEqual({
      header_name: 'X-Key',
      api_key: 'sk_live_new_2222',
    });
  });
});
