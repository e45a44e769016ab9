import { createHash, createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSimulatorConfiguration } from '../helpers/fixtures';
import { CONFIGS } from '../telephony/helpers';
import { insertConfiguration, startProviderWorld, type ProviderWorld } from './provider-world';

const INBOUND = '/api/v1/telephony/inbound';
const SIMULATOR_NUMBER = '+12125550200';
const VONAGE_NUMBER = '+12125550201';
const TWILIO_NUMBER = '+12125550202';
const LEGACY_VONAGE_NUMBER = '+12125550203';
const API_KEY = 'feedc0de';
const SECRET = 'vonage-signature-secret-for-forgery-tests-0123';

/** A Vonage signed-webhook token as Vonage documents it: an HS256 JWT over the claims, keyed by the signature secret. */
function vonageJwt(claims: Record<string, unknown>, secret = SECRET): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `Bearer ${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const claimsOf = (body: string, overrides: Record<string, unknown> = {}) => ({
  iat: Math.floor(Date.now() / 1000),
  jti: randomUUID(),
  iss: 'Vonage',
  api_key: API_KEY,
  payload_hash: sha256Hex(body),
  ...overrides,
});
const vonageCall = (to: string) =>
  JSON.stringify({ uuid: randomUUID(), conversation_uuid: 'CON-1', to: to.slice(1), from: '19005550019' });

describe('forged inbound calls are refused, whatever configuration they aim at', () => {
  let world: ProviderWorld;
  let simulator: number;
  let vonage: number;
  let twilioWithoutToken: number;
  let vonageWithoutSecret: number;

  beforeAll(async () => {
    world = await startProviderWorld();
    const db = world.t.ctx.db;
    simulator = await insertSimulatorConfiguration(db, world.organizationId);
    const vonageClear = { application_id: randomUUID(), api_key: API_KEY };
    const vonageSecrets = { private_key: 'pem', api_secret: 'api-secret' };
    vonage = await insertConfiguration(world, 'vonage', vonageClear, {
      ...vonageSecrets,
      signature_secret: SECRET,
    });
    // Rows saved before the rules of today: a Twilio configuration without its token, Vonage without its secret.
    twilioWithoutToken = await insertConfiguration(world, 'twilio', { account_sid: 'AC00' }, {});
    vonageWithoutSecret = await insertConfiguration(world, 'vonage', vonageClear, vonageSecrets);
    for (const [configurationId, address] of [
      [simulator, SIMULATOR_NUMBER],
      [vonage, VONAGE_NUMBER],
      [twilioWithoutToken, TWILIO_NUMBER],
      [vonageWithoutSecret, LEGACY_VONAGE_NUMBER],
    ] as const) {
      await db
        .insertInto('phone_numbers')
        .values({
          organization_id: world.organizationId,
          telephony_configuration_id: configurationId,
          address,
          address_normalized: address,
          address_type: 'pstn',
          inbound_workflow_id: world.agentId,
          extra_metadata: {},
        })
        .execute();
    }
  });
  afterAll(async () => {
    await world?.close();
  });

  const inboundRuns = () =>
    world.t.ctx.db
      .selectFrom('runs')
      .select('id')
      .where('organization_id', '=', world.organizationId)
      .where('call_type', '=', 'inbound')
      .execute();

  const postVonage = (configurationId: number, body: string, authorization?: string, provider = 'vonage') =>
    world.t.app.inject({
      method: 'POST',
      url: `${INBOUND}/${provider}/${configurationId}`,
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload: body,
    });

  it('refuses the Vonage URL of a simulator configuration (the example of the issue)', async () => {
    const body = JSON.stringify({ uuid: 'x', to: '12125550200', from: '+19005550019' });
    const response = await postVonage(simulator, body);
    expect(response.statusCode).toBe(403);
    expect(await inboundRuns()).toEqual([]);
  });

  it('refuses a Twilio call to a configuration without auth token, signed with the empty key', async () => {
    const url = `${world.baseUrl}${INBOUND}/twilio/${twilioWithoutToken}`;
    const params: Array<[string, string]> = [
      ['CallSid', 'CAforged'],
      ['From', '+19005550019'],
      ['To', TWILIO_NUMBER],
    ];
    // Twilio's scheme: base64 HMAC-SHA1 over the URL followed by each parameter, sorted, as name + value.
    const signature = createHmac('sha1', '')
      .update(url + params.map(([name, value]) => name + value).join(''))
      .digest('base64');
    const response = await world.t.app.inject({
      method: 'POST',
      url: `${INBOUND}/twilio/${twilioWithoutToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(params).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(await inboundRuns()).toEqual([]);
  });

  it('refuses a Vonage token without payload_hash, with its own body or replayed with another', async () => {
    const token = vonageJwt(claimsOf('', { payload_hash: undefined }));
    for (const body of [vonageCall(VONAGE_NUMBER), vonageCall(VONAGE_NUMBER)])
      expect((await postVonage(vonage, body, token)).statusCode).toBe(403);
    expect(await inboundRuns()).toEqual([]);
  });

  it('refuses a Vonage token issued more than 5 minutes ago, or for another api_key', async () => {
    const body = vonageCall(VONAGE_NUMBER);
    const old = claimsOf(body, { iat: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect((await postVonage(vonage, body, vonageJwt(old))).statusCode).toBe(403);
    const otherKey = claimsOf(body, { api_key: 'another1' });
    expect((await postVonage(vonage, body, vonageJwt(otherKey))).statusCode).toBe(403);
    expect(await inboundRuns()).toEqual([]);
  });

  it('refuses every call of a Vonage configuration saved without a signature secret', async () => {
    const body = vonageCall(LEGACY_VONAGE_NUMBER);
    for (const secret of ['', SECRET])
      expect(
        (await postVonage(vonageWithoutSecret, body, vonageJwt(claimsOf(body), secret))).statusCode,
      ).toBe(403);
    expect(await inboundRuns()).toEqual([]);
  });

  it('answers an unknown configuration, another provider and a bad signature with byte-identical 403 bodies', async () => {
    const body = vonageCall(VONAGE_NUMBER);
    const signed = vonageJwt(claimsOf(body));
    const refusals = [
      await postVonage(2_000_000_000, body, signed),
      await postVonage(twilioWithoutToken, body, signed),
      await postVonage(simulator, body, signed),
      await postVonage(vonage, body, signed, 'telnyx'),
      await postVonage(vonage, body, signed, 'plivo'),
      await postVonage(vonage, body, vonageJwt(claimsOf(body), 'a-guessed-secret')),
      await postVonage(vonage, body),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual(refusals.map(() => 403));
    expect(new Set(refusals.map((response) => response.body))).toEqual(new Set([refusals[0]!.body]));
    expect(refusals[0]!.json()).toMatchObject({ detail: 'invalid_signature' });
    expect(await inboundRuns()).toEqual([]);
  });

  it('answers a call Vonage signed with the media stream of the bound agent, and creates its run once', async () => {
    const body = vonageCall(VONAGE_NUMBER);
    const response = await postVonage(vonage, body, vonageJwt(claimsOf(body)));
    expect(response.statusCode).toBe(200);
    const uuid = (JSON.parse(body) as { uuid: string }).uuid;
    const streamOf = (ncco: unknown) =>
      (
        ncco as Array<{ action: string; endpoint: Array<{ type: string; headers: Record<string, string> }> }>
      )[0]!;
    expect(streamOf(response.json())).toMatchObject({
      action: 'connect',
      endpoint: [{ type: 'websocket', headers: { call_uuid: uuid, run_id: expect.stringMatching(/^\d+$/) } }],
    });
    // Vonage resends a webhook it got no answer to: the same call (same uuid) joins the same run and adds none.
    const resent = await postVonage(vonage, body, vonageJwt(claimsOf(body)));
    expect(streamOf(resent.json()).endpoint[0]!.headers).toEqual(
      streamOf(response.json()).endpoint[0]!.headers,
    );
    const runs = await world.t.ctx.db
      .selectFrom('runs')
      .select(['workflow_id', 'mode', 'initial_context'])
      .where('organization_id', '=', world.organizationId)
      .where('call_type', '=', 'inbound')
      .execute();
    expect(runs).toEqual([
      {
        workflow_id: world.agentId,
        mode: 'vonage',
        initial_context: expect.objectContaining({
          caller_number: '+19005550019',
          called_number: VONAGE_NUMBER,
        }),
      },
    ]);
  });

  it('answers a signed call whose body is not a JSON object with the refusal, and ids beyond 2^53 with a 422', async () => {
    for (const body of ['null', '[1]', '"text"']) {
      const response = await postVonage(vonage, body, vonageJwt(claimsOf(body)));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { action: 'talk', text: 'Sorry, this number is not taking calls at the moment. Goodbye.' },
      ]);
    }
    const json = { 'content-type': 'application/json' };
    for (const url of [
      `${INBOUND}/vonage/100000000000000000000`,
      '/api/v1/telephony/answer/vonage/1e20?token=t',
      '/api/v1/telephony/status/vonage/1e20?token=t',
    ])
      expect(
        (await world.t.app.inject({ method: 'POST', url, headers: json, payload: '{}' })).statusCode,
      ).toBe(422);
  });

  it('answers a provider name that is an inherited property (constructor, __proto__) as unknown', async () => {
    const json = { 'content-type': 'application/json' };
    for (const url of [
      `${INBOUND}/constructor/${vonage}`,
      `${INBOUND}/__proto__/${vonage}`,
      '/api/v1/telephony/answer/toString/1?token=t',
      '/api/v1/telephony/status/constructor/1?token=t',
    ]) {
      const response = await world.t.app.inject({ method: 'POST', url, headers: json, payload: '{}' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'provider_not_found' });
    }
  });

  it('requires a signature secret of every new Vonage configuration', async () => {
    const response = await world.t.app.inject({
      method: 'POST',
      url: CONFIGS,
      headers: world.organization.headers,
      payload: {
        name: 'vonage without secret',
        config: {
          provider: 'vonage',
          application_id: 'app',
          private_key: 'pem',
          api_key: 'k',
          api_secret: 's',
        },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ['body', 'config', 'signature_secret'], msg: 'Field required', type: 'missing' }],
    });
  });
});
