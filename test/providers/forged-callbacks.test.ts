import { createHash, createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerUrlOf, statusCallbackUrl } from '../../providers/webhook-urls';
import {
  insertCampaign,
  insertContact,
  insertPlacingAttempt,
  insertSimulatorConfiguration,
} from '../helpers/fixtures';
import { attemptRow, insertConfiguration, startProviderWorld, type ProviderWorld } from './provider-world';

const API_KEY = 'c0ffee11';
const SECRET = 'vonage-signature-secret-for-callback-tests-42';

/** Vonage's signed-webhook token, built as Vonage documents it (HS256 JWT with api_key, iat and payload_hash). */
function vonageAuthorization(body: string, secret = SECRET): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iat: Math.floor(Date.now() / 1000),
    jti: randomUUID(),
    api_key: API_KEY,
    payload_hash: createHash('sha256').update(body).digest('hex'),
  };
  const signed = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `Bearer ${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

/** The simulator's final report of a call answered by a person. */
const simulatorReport = (callSid: string) =>
  JSON.stringify({
    CallSid: callSid,
    AttemptRef: 'a',
    CallStatus: 'completed',
    AnsweredBy: 'human',
    CallDuration: 2,
    SipResponseCode: 200,
  });

describe('forged status and answer callbacks are refused; only the configuration of the attempt can sign them', () => {
  let world: ProviderWorld;
  let simulator: number;
  let vonage: number;
  let campaignId: number;
  let contacts = 0;

  beforeAll(async () => {
    world = await startProviderWorld();
    simulator = await insertSimulatorConfiguration(world.t.ctx.db, world.organizationId);
    vonage = await insertConfiguration(
      world,
      'vonage',
      { application_id: randomUUID(), api_key: API_KEY },
      { private_key: 'pem', api_secret: 'api-secret', signature_secret: SECRET },
    );
    campaignId = await insertCampaign(world.t.ctx.db, {
      organizationId: world.organizationId,
      agentId: world.agentId,
      configurationId: simulator,
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  /** A placed attempt of `provider` whose configuration is `configurationId` (null: the configuration is gone). */
  async function placedAttempt(provider: string, configurationId: number | null) {
    const db = world.t.ctx.db;
    contacts += 1;
    const phoneNumber = `+1212555${String(1000 + contacts)}`;
    const contactId = await insertContact(db, {
      campaignId,
      organizationId: world.organizationId,
      phoneNumber,
      rowNumber: contacts,
    });
    const { attemptId } = await insertPlacingAttempt(db, {
      organizationId: world.organizationId,
      agentId: world.agentId,
      campaignId,
      contactId,
      configurationId: simulator,
      phoneNumber,
    });
    const providerCallId = `call-${attemptId}`;
    await db
      .updateTable('attempts')
      .set({
        provider,
        state: 'placed',
        provider_call_id: providerCallId,
        telephony_configuration_id: configurationId,
      })
      .where('id', '=', attemptId)
      .execute();
    const url = statusCallbackUrl(world.t.ctx.config, provider, attemptId).slice(world.baseUrl.length);
    return { attemptId, providerCallId, url };
  }

  const post = (url: string, body: string, headers: Record<string, string> = {}) =>
    world.t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });

  it('refuses an unsigned Vonage event for a Vonage attempt whose configuration is a simulator one', async () => {
    const attempt = await placedAttempt('vonage', simulator);
    const response = await post(
      attempt.url,
      JSON.stringify({ uuid: attempt.providerCallId, status: 'completed' }),
    );
    expect(response.statusCode).toBe(403);
    expect(await attemptRow(world, attempt.attemptId)).toMatchObject({ state: 'placed', outcome: null });
  });

  it('refuses the answer URL of a Vonage attempt whose configuration is a simulator one', async () => {
    const attempt = await placedAttempt('vonage', simulator);
    const response = await post(answerUrlOf(attempt.url), JSON.stringify({ uuid: attempt.providerCallId }));
    expect(response.statusCode).toBe(403);
    expect(await attemptRow(world, attempt.attemptId)).toMatchObject({
      state: 'placed',
      outcome: null,
      provider_status: null,
    });
  });

  it('refuses a simulator report for an attempt of a Vonage configuration', async () => {
    const attempt = await placedAttempt('simulator', vonage);
    const body = simulatorReport(attempt.providerCallId);
    expect((await post(attempt.url, body)).statusCode).toBe(403);
    expect(await attemptRow(world, attempt.attemptId)).toMatchObject({ state: 'placed', outcome: null });
  });

  it('refuses a Twilio callback signed with the empty key for an attempt whose configuration is gone', async () => {
    const attempt = await placedAttempt('twilio', null);
    const params: Array<[string, string]> = [
      ['CallSid', attempt.providerCallId],
      ['CallStatus', 'completed'],
    ];
    const signature = createHmac('sha1', '')
      .update(world.baseUrl + attempt.url + params.map(([name, value]) => name + value).join(''))
      .digest('base64');
    const response = await world.t.app.inject({
      method: 'POST',
      url: attempt.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(params).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(await attemptRow(world, attempt.attemptId)).toMatchObject({ state: 'placed', outcome: null });
  });

  it('answers an unknown attempt, a wrong provider, a bad token and a bad signature with byte-identical 403 bodies', async () => {
    const mismatched = await placedAttempt('vonage', simulator);
    const attempt = await placedAttempt('vonage', vonage);
    const body = JSON.stringify({ uuid: attempt.providerCallId, status: 'busy' });
    const unknown = statusCallbackUrl(world.t.ctx.config, 'vonage', 2_000_000_000).slice(
      world.baseUrl.length,
    );
    const badToken = attempt.url.replace(/token=.*/, 'token=forged');
    const refusals = [
      await post(unknown, body, { authorization: vonageAuthorization(body) }),
      await post(answerUrlOf(unknown), body, { authorization: vonageAuthorization(body) }),
      await post(mismatched.url, body, { authorization: vonageAuthorization(body) }),
      await post(badToken, body, { authorization: vonageAuthorization(body) }),
      await post(answerUrlOf(badToken), body, { authorization: vonageAuthorization(body) }),
      await post(attempt.url, body, { authorization: vonageAuthorization(body, 'a-guessed-secret') }),
      await post(attempt.url, body),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual(refusals.map(() => 403));
    expect(new Set(refusals.map((response) => response.body))).toEqual(new Set([refusals[0]!.body]));
    expect(await attemptRow(world, attempt.attemptId)).toMatchObject({ state: 'placed', outcome: null });

    const signed = await post(attempt.url, body, { authorization: vonageAuthorization(body) });
    expect(signed.json()).toEqual({ received: true, recorded: true });
    expect(await attemptRow(world, attempt.attemptId)).toMatchObject({ state: 'finished', outcome: 'busy' });
  });

  it('still records a simulator report for an attempt of a simulator configuration', async () => {
    const attempt = await placedAttempt('simulator', simulator);
    const body = simulatorReport(attempt.providerCallId);
    expect((await post(attempt.url, body)).json()).toEqual({ received: true, recorded: true });
    expect(await attemptRow(world, attempt.attemptId)).toMatchObject({
      state: 'finished',
      outcome: 'completed',
      provider_call_id: attempt.providerCallId,
    });
  });
});
