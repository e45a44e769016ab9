import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCredentialsCipher,
  CredentialsUnreadableError,
  telephonySecretsContext,
  voiceSecretsContext,
} from '../../config/credentials-cipher';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { CONFIGS, createConfiguration, insertAgent, twilioConfig } from './helpers';

/**
 * Secrets written under another root secret (APP_SECRET rotated without APP_SECRET_PREVIOUS or the re-encrypt
 * command, or a database restored beside another deployment's secret) cannot be read. The configurations stay
 * listed and readable without them, marked inactive; an update that sends every secret field mends them; whatever
 * needs them answers a clear 409 (or says why it failed), never a 500.
 */
const VOICE_CONFIGS = '/api/v1/organizations/voice-configs';
const foreignCipher = createCredentialsCipher('a-root-secret-this-deployment-never-had-0123');

describe('stored credentials this server cannot decrypt', () => {
  let t: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A Twilio configuration whose stored secrets were then sealed under a root secret this server lacks. */
  async function unreadableTwilioConfiguration(): Promise<number> {
    const { id } = await createConfiguration(t.app, org.headers, { config: twilioConfig() });
    await t.ctx.db
      .updateTable('telephony_configurations')
      .set({
        encrypted_secrets: foreignCipher.encrypt(
          { auth_token: 'sealed-elsewhere-0000' },
          telephonySecretsContext(org.organizationId),
        ),
      })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('throws a typed error for a foreign key, a damaged ciphertext and an unknown format', () => {
    const ours = createCredentialsCipher(t.ctx.config.appSecret);
    const context = telephonySecretsContext(1);
    const foreign = foreignCipher.encrypt({ auth_token: 'x' }, context);
    expect(() => ours.decrypt(foreign, context)).toThrow(CredentialsUnreadableError);
    const [version, keyId, iv, tag, body] = ours.encrypt({ auth_token: 'x' }, context).split('.');
    const damaged = [version, keyId, iv, tag, `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`].join(
      '.',
    );
    expect(() => ours.decrypt(damaged, context)).toThrow(CredentialsUnreadableError);
    expect(() => ours.decrypt('v9.garbage', context)).toThrow(CredentialsUnreadableError);
  });

  it('lists and shows the configuration without its secrets, inactive, with the reason', async () => {
    const id = await unreadableTwilioConfiguration();
    const list = await t.app.inject({ method: 'GET', url: CONFIGS, headers: org.headers });
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json() as { configurations: Array<Record<string, unknown>> }).configurations.find(
      (item) => item.id === id,
    );
    const one = await t.app.inject({ method: 'GET', url: `${CONFIGS}/${id}`, headers: org.headers });
    expect(one.statusCode, one.body).toBe(200);
    for (const shown of [listed, one.json() as Record<string, unknown>]) {
      expect(shown).toMatchObject({
        id,
        provider: 'twilio',
        inactive: true,
        inactive_reason: expect.stringContaining('cannot be decrypted'),
        is_ready_for_outbound: false,
        outbound_blocked_reason: expect.stringContaining('cannot be decrypted'),
      });
      expect(shown!.credentials).toMatchObject({ account_sid: twilioConfig().account_sid });
      expect(shown!.credentials).not.toHaveProperty('auth_token');
    }
  });

  it('asks for every secret on update, and a full update makes it readable again', async () => {
    const id = await unreadableTwilioConfiguration();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${id}`,
      headers: org.headers,
      payload: { name: `renamed-${id}` },
    });
    expect(renamed.statusCode, renamed.body).toBe(422);
    expect(JSON.stringify(renamed.json())).toContain('auth_token');

    const mended = await t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${id}`,
      headers: org.headers,
      payload: { config: { auth_token: 'a-fresh-token-5678' } },
    });
    expect(mended.statusCode, mended.body).toBe(200);
    expect(mended.json()).toMatchObject({
      inactive: false,
      credentials: { auth_token: '**************5678' },
    });
  });

  it('an inbound binding is saved, and its provider sync says the secrets cannot be decrypted', async () => {
    const id = await unreadableTwilioConfiguration();
    const agent = await insertAgent(t.ctx.db, org.organizationId);
    const added = await t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${id}/phone-numbers`,
      headers: org.headers,
      payload: { address: '+14155550199', inbound_workflow_id: agent.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      provider_sync: { ok: false, message: expect.stringContaining('cannot be decrypted') },
    });
  });

  it('lists and shows a voice configuration without its secrets', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: VOICE_CONFIGS,
      headers: org.headers,
      payload: {
        name: `voice-unreadable-${Date.now()}`,
        llm: {
          provider: 'openai',
          api_key: 'sk-llm-0000-1111',
          base_url: 'http://127.0.0.1:9/v1',
          model: 'm',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    await t.ctx.db
      .updateTable('voice_configurations')
      .set({
        encrypted_secrets: foreignCipher.encrypt(
          { 'llm.api_key': 'sk-llm-0000-1111' },
          voiceSecretsContext(org.organizationId),
        ),
      })
      .where('id', '=', id)
      .execute();
    for (const url of [VOICE_CONFIGS, `${VOICE_CONFIGS}/${id}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: org.headers });
      expect(response.statusCode, response.body).toBe(200);
    }
    const shown = (
      await t.app.inject({ method: 'GET', url: `${VOICE_CONFIGS}/${id}`, headers: org.headers })
    ).json();
    expect(shown.llm).toMatchObject({ provider: 'openai', model: 'm' });
    expect(shown.llm).not.toHaveProperty('api_key');
  });
});
