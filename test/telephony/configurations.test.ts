import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher, telephonySecretsContext } from '../../config/credentials-cipher';
import { findDefaultOutboundConfiguration } from '../../db/repositories/telephony-configurations';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { CONFIGS, createConfiguration, insertCampaign, twilioConfig } from './helpers';

describe('telephony configurations', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  const storedRow = (id: number) =>
    t.ctx.db
      .selectFrom('telephony_configurations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const decrypt = (row: { encrypted_secrets: string | null; organization_id: number }) =>
    createCredentialsCipher(t.ctx.config.appSecret).decrypt(
      row.encrypted_secrets!,
      telephonySecretsContext(row.organization_id),
    );

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    other = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a configuration and answers its credentials with the secrets masked', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: CONFIGS,
      headers: org.headers,
      payload: {
        name: 'Main Twilio',
        config: twilioConfig({ from_numbers: ['+14155550100'], amd_enabled: true }),
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Main Twilio',
      provider: 'twilio',
      is_default_outbound: false,
      credentials: {
        provider: 'twilio',
        account_sid: 'AC0123456789abcdef0123456789abcdef',
        auth_token: '*************************9f3a',
        amd_enabled: true,
      },
    });
    expect(body.credentials).not.toHaveProperty('from_numbers');
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
  });

  it('never stores a secret in the clear: only the encrypted column holds it', async () => {
    const secret = 'very-secret-vonage-value-7d21';
    const created = await createConfiguration(t.app, org.headers, {
      config: {
        provider: 'vonage',
        application_id: 'app-1',
        private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY-----',
        api_key: 'key-1',
        api_secret: secret,
        signature_secret: 'vonage-signature-secret-0001',
      },
    });
    const raw = await sql<{ text: string }>`
      select t::text as text from telephony_configurations t where t.id = ${created.id}`.execute(t.ctx.db);
    const rowText = raw.rows[0]!.text;
    expect(rowText).toContain('app-1');
    expect(rowText).not.toContain(secret);
    expect(rowText).not.toContain('MIIEvQ');
    const row = await storedRow(created.id);
    expect(row.config).toEqual({ application_id: 'app-1', api_key: 'key-1' });
    expect(decrypt(row)).toMatchObject({ api_secret: secret });
    expect(created.credentials.api_secret).toBe(`${'*'.repeat(secret.length - 4)}7d21`);
  });

  it('accepts each provider of the catalogue with its own fields and stores each where it belongs', async () => {
    // [sent, answered (sensitive values masked), stored in the clear, stored encrypted]
    const examples: Array<[Record<string, unknown>, Record<string, unknown>, unknown, unknown]> = [
      [
        twilioConfig(),
        { ...twilioConfig(), auth_token: `${'*'.repeat(25)}9f3a` },
        { account_sid: 'AC0123456789abcdef0123456789abcdef' },
        { auth_token: 'twilio-auth-token-secret-9f3a' },
      ],
      [
        { provider: 'telnyx', api_key: 'KEY0123', connection_id: '1494404757140276705', public_key: 'pk' },
        { provider: 'telnyx', api_key: '***0123', connection_id: '1494404757140276705', public_key: 'pk' },
        { connection_id: '1494404757140276705', public_key: 'pk' },
        { api_key: 'KEY0123' },
      ],
      [
        {
          provider: 'plivo',
          auth_id: 'MAXXXXXXXXXXXXXXXXXX',
          auth_token: 'plivo-token',
          calls_per_second: 2.5,
        },
        {
          provider: 'plivo',
          auth_id: 'MAXXXXXXXXXXXXXXXXXX',
          auth_token: '*******oken',
          calls_per_second: 2.5,
        },
        { auth_id: 'MAXXXXXXXXXXXXXXXXXX', calls_per_second: 2.5 },
        { auth_token: 'plivo-token' },
      ],
      [
        { provider: 'ari', ari_endpoint: 'http://127.0.0.1:8088', app_name: 'agents', app_password: 'pw' },
        // Four characters or fewer: all stars.
        { provider: 'ari', ari_endpoint: 'http://127.0.0.1:8088', app_name: 'agents', app_password: '**' },
        { ari_endpoint: 'http://127.0.0.1:8088', app_name: 'agents' },
        { app_password: 'pw' },
      ],
      [
        {
          provider: 'simulator',
          ring_seconds: 0,
          talk_seconds: 5,
          script: { '+14155550123': ['busy', 'completed'] },
        },
        {
          provider: 'simulator',
          ring_seconds: 0,
          talk_seconds: 5,
          script: { '+14155550123': ['busy', 'completed'] },
        },
        { ring_seconds: 0, talk_seconds: 5, script: { '+14155550123': ['busy', 'completed'] } },
        null,
      ],
    ];
    for (const [config, answered, clear, secrets] of examples) {
      const created = await createConfiguration(t.app, org.headers, { config });
      expect(created.credentials, String(config.provider)).toEqual(answered);
      const fetched = await t.app.inject({
        method: 'GET',
        url: `${CONFIGS}/${created.id}`,
        headers: org.headers,
      });
      expect(fetched.json()).toMatchObject({
        id: created.id,
        provider: config.provider,
        credentials: answered,
      });
      const row = await storedRow(created.id);
      expect(row).toMatchObject({ provider: config.provider, config: clear });
      expect(row.encrypted_secrets === null ? null : decrypt(row)).toEqual(secrets);
    }
  });

  it('reports every problem of the provider fields at once in a 422', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: CONFIGS,
      headers: org.headers,
      payload: {
        name: 'broken',
        config: { provider: 'twilio', account_sid: 42, colour: 'blue', calls_per_second: 0 },
      },
    });
    expect(response.statusCode).toBe(422);
    const issues = response.json().detail as Array<{ loc: string[]; type: string }>;
    expect(issues.map((issue) => [issue.loc.join('.'), issue.type]).sort()).toEqual([
      ['body.config.account_sid', 'string_type'],
      ['body.config.auth_token', 'missing'],
      ['body.config.calls_per_second', 'greater_than_equal'],
      ['body.config.colour', 'extra_forbidden'],
    ]);
  });

  it('refuses an unknown provider, a bad simulator script and a drop rate above 1', async () => {
    for (const config of [
      { provider: 'skype' },
      { provider: 'simulator', script: { '+14155550123': ['picked_up'] } },
      { provider: 'simulator', drop_callback_rate: 1.5 },
      { provider: 'ari', ari_endpoint: 'not a url', app_name: 'a', app_password: 'b' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: CONFIGS,
        headers: org.headers,
        payload: { name: 'bad', config },
      });
      expect(response.statusCode, JSON.stringify(config)).toBe(422);
    }
  });

  it('keeps names unique within an organization but not across organizations', async () => {
    await createConfiguration(t.app, org.headers, { name: 'Shared name' });
    const again = await t.app.inject({
      method: 'POST',
      url: CONFIGS,
      headers: org.headers,
      payload: { name: 'Shared name', config: { provider: 'simulator' } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: 'telephony_configuration_name_taken' });
    await createConfiguration(t.app, other.headers, { name: 'Shared name' });
    const renamed = await createConfiguration(t.app, org.headers);
    const rename = await t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${renamed.id}`,
      headers: org.headers,
      payload: { name: 'Shared name' },
    });
    expect(rename.statusCode).toBe(409);
  });

  it('lists and gets only the organization’s own configurations', async () => {
    const mine = await createConfiguration(t.app, org.headers);
    const theirs = await createConfiguration(t.app, other.headers);
    const list = await t.app.inject({ method: 'GET', url: CONFIGS, headers: org.headers });
    const ids = (list.json().configurations as Array<{ id: number }>).map((c) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const got = await t.app.inject({ method: 'GET', url: `${CONFIGS}/${mine.id}`, headers: org.headers });
    expect(got.json()).toMatchObject({ id: mine.id, name: mine.name });
    for (const [method, payload] of [['GET'], ['PUT', { name: 'stolen' }], ['DELETE']] as const) {
      const response = await t.app.inject({
        method,
        url: `${CONFIGS}/${theirs.id}`,
        headers: org.headers,
        payload,
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'telephony_configuration_not_found' });
    }
    expect((await storedRow(theirs.id)).name).toBe(theirs.name);
  });

  it('changes nothing when a GET result is sent back, in either shape', async () => {
    const created = await createConfiguration(t.app, org.headers, { config: twilioConfig() });
    const before = await storedRow(created.id);
    const fetched = (
      await t.app.inject({ method: 'GET', url: `${CONFIGS}/${created.id}`, headers: org.headers })
    ).json();
    for (const payload of [fetched, { name: fetched.name, config: fetched.credentials }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${CONFIGS}/${created.id}`,
        headers: org.headers,
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(fetched);
    }
    const after = await storedRow(created.id);
    expect(after.encrypted_secrets).toBe(before.encrypted_secrets);
    expect(after.updated_at.toISOString()).toBe(before.updated_at.toISOString());
    expect(decrypt(after)).toEqual({ auth_token: 'twilio-auth-token-secret-9f3a' });
  });

  it('keeps a secret sent back masked while changing the other fields, and replaces one sent in full', async () => {
    const created = await createConfiguration(t.app, org.headers, { config: twilioConfig() });
    const keep = await t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${created.id}`,
      headers: org.headers,
      payload: { config: { ...created.credentials, account_sid: 'AC-new', calls_per_second: 3 } },
    });
    expect(keep.json().credentials).toMatchObject({ account_sid: 'AC-new', calls_per_second: 3 });
    expect(decrypt(await storedRow(created.id))).toEqual({ auth_token: 'twilio-auth-token-secret-9f3a' });
    const replace = await t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${created.id}`,
      headers: org.headers,
      payload: { config: { auth_token: 'rotated-token-0000' } },
    });
    expect(replace.json().credentials).toMatchObject({
      account_sid: 'AC-new',
      auth_token: '**************0000',
    });
    expect(decrypt(await storedRow(created.id))).toEqual({ auth_token: 'rotated-token-0000' });
    const removed = await t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${created.id}`,
      headers: org.headers,
      payload: { config: { calls_per_second: null } },
    });
    expect(removed.json().credentials).not.toHaveProperty('calls_per_second');
  });

  it('refuses a mask that is not the stored one, a required field set to null and a provider change', async () => {
    const created = await createConfiguration(t.app, org.headers, { config: twilioConfig() });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ config: { auth_token: '********1234' } }, 'body.config.auth_token'],
      [{ config: { account_sid: null } }, 'body.config.account_sid'],
      [{ provider: 'plivo' }, 'body.provider'],
      [{ config: { provider: 'telnyx' } }, 'body.config.provider'],
    ];
    for (const [payload, loc] of cases) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${CONFIGS}/${created.id}`,
        headers: org.headers,
        payload,
      });
      expect(response.statusCode, loc).toBe(422);
      expect(response.json().detail[0].loc.join('.')).toBe(loc);
    }
    expect(decrypt(await storedRow(created.id))).toEqual({ auth_token: 'twilio-auth-token-secret-9f3a' });
  });

  it('keeps one default outbound configuration per organization, moving it on create and update', async () => {
    const local = await createTestOrganization(t.ctx.db);
    const first = await createConfiguration(t.app, local.headers, { is_default_outbound: true });
    const second = await createConfiguration(t.app, local.headers, { is_default_outbound: true });
    expect((await storedRow(first.id)).is_default_outbound).toBe(false);
    expect((await findDefaultOutboundConfiguration(t.ctx.db, local.organizationId))?.id).toBe(second.id);
    await t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${first.id}`,
      headers: local.headers,
      payload: { is_default_outbound: true },
    });
    expect((await findDefaultOutboundConfiguration(t.ctx.db, local.organizationId))?.id).toBe(first.id);
    await t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${first.id}`,
      headers: local.headers,
      payload: { is_default_outbound: false },
    });
    expect(await findDefaultOutboundConfiguration(t.ctx.db, local.organizationId)).toBeUndefined();
  });

  it('ends with exactly one default after 20 concurrent requests that each claim it', async () => {
    const local = await createTestOrganization(t.ctx.db);
    const configs = await Promise.all(
      Array.from({ length: 20 }, () => createConfiguration(t.app, local.headers)),
    );
    const claims = await Promise.all(
      configs.map((config) =>
        t.app.inject({
          method: 'PUT',
          url: `${CONFIGS}/${config.id}`,
          headers: local.headers,
          payload: { is_default_outbound: true },
        }),
      ),
    );
    expect(claims.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const creates = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: CONFIGS,
          headers: local.headers,
          payload: {
            name: `c-${Math.random()}`,
            config: { provider: 'simulator' },
            is_default_outbound: true,
          },
        }),
      ),
    );
    expect(creates.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const defaults = await t.ctx.db
      .selectFrom('telephony_configurations')
      .select('id')
      .where('organization_id', '=', local.organizationId)
      .where('is_default_outbound', '=', true)
      .execute();
    expect(defaults).toHaveLength(1);
  });

  it('refuses to delete a configuration an unfinished campaign uses, and deletes it once campaigns finished', async () => {
    const created = await createConfiguration(t.app, org.headers);
    const running = await insertCampaign(t.ctx.db, org.organizationId, created.id, 'paused');
    const done = await insertCampaign(t.ctx.db, org.organizationId, created.id, 'completed');
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${CONFIGS}/${created.id}`,
      headers: org.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: 'telephony_configuration_in_use' });
    await t.ctx.db.updateTable('campaigns').set({ state: 'failed' }).where('id', '=', running.id).execute();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${CONFIGS}/${created.id}`,
      headers: org.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: created.id });
    const gone = await t.app.inject({ method: 'GET', url: `${CONFIGS}/${created.id}`, headers: org.headers });
    expect(gone.statusCode).toBe(404);
    const history = await t.ctx.db
      .selectFrom('campaigns')
      .select('telephony_configuration_id')
      .where('id', '=', done.id)
      .executeTakeFirstOrThrow();
    expect(history.telephony_configuration_id).toBeNull();
  });

  it('counts one-off calls in progress and default-using campaigns as uses; finished attempts only lose the reference', async () => {
    const local = await createTestOrganization(t.ctx.db);
    const fallback = await createConfiguration(t.app, local.headers, { is_default_outbound: true });
    const placedThrough = (state: 'placed' | 'finished') =>
      t.ctx.db
        .insertInto('attempts')
        .values({
          organization_id: local.organizationId,
          attempt_number: 1,
          state,
          phone_number: '+14155550100',
          telephony_configuration_id: fallback.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const remove = () =>
      t.app.inject({ method: 'DELETE', url: `${CONFIGS}/${fallback.id}`, headers: local.headers });

    const finished = await placedThrough('finished');
    const call = await placedThrough('placed');
    expect((await remove()).json()).toMatchObject({ detail: 'telephony_configuration_in_use' });
    await t.ctx.db.updateTable('attempts').set({ state: 'finished' }).where('id', '=', call.id).execute();

    // A running campaign that names no configuration dials through the default one.
    const campaign = await insertCampaign(t.ctx.db, local.organizationId, fallback.id, 'running');
    await t.ctx.db
      .updateTable('campaigns')
      .set({ telephony_configuration_id: null })
      .where('id', '=', campaign.id)
      .execute();
    expect((await remove()).statusCode).toBe(409);
    await t.ctx.db
      .updateTable('campaigns')
      .set({ state: 'completed' })
      .where('id', '=', campaign.id)
      .execute();

    expect((await remove()).statusCode).toBe(200);
    const history = await t.ctx.db
      .selectFrom('attempts')
      .select(['id', 'telephony_configuration_id'])
      .where('id', 'in', [finished.id, call.id])
      .execute();
    expect(history).toHaveLength(2);
    expect(history.every((row) => row.telephony_configuration_id === null)).toBe(true);
  });

  it('lets a read-only key read but not write', async () => {
    const reader = await createTestOrganization(t.ctx.db, { scopes: ['read'] });
    expect((await t.app.inject({ method: 'GET', url: CONFIGS, headers: reader.headers })).statusCode).toBe(
      200,
    );
    const write = await t.app.inject({
      method: 'POST',
      url: CONFIGS,
      headers: reader.headers,
      payload: { name: 'x', config: { provider: 'simulator' } },
    });
    expect(write.statusCode).toBe(403);
  });

  it('serves the six providers and their fields in the metadata endpoint', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/telephony-providers/metadata',
      headers: org.headers,
    });
    expect(response.statusCode).toBe(200);
    const providers = response.json().providers as Array<{
      provider: string;
      fields: Array<Record<string, unknown>>;
    }>;
    expect(providers.map((p) => p.provider)).toEqual([
      'twilio',
      'telnyx',
      'vonage',
      'plivo',
      'ari',
      'simulator',
    ]);
    const ari = providers.find((p) => p.provider === 'ari')!;
    expect(ari.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['ari_endpoint', 'app_name', 'app_password', 'calls_per_second']),
    );
    expect(ari.fields.find((f) => f.name === 'app_password')).toMatchObject({
      label: 'ARI password',
      type: 'string',
      required: true,
      sensitive: true,
    });
    const unauthenticated = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/telephony-providers/metadata',
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
