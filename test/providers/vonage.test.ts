import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationPolicy } from '../../net/outbound-destinations';
import type { TelephonyProvider } from '../../providers/provider';
import { vonageNumbersApi } from '../../providers/vonage/vonage-numbers';
import { CONFIGS } from '../telephony/helpers';
import { startVonageFake, type VonageFake } from './fakes/vonage-fake';
import {
  adapterOf,
  attemptRow,
  campaignRow,
  finishedAttempt,
  insertConfiguration,
  placeAttempt,
  startProviderWorld,
  type ProviderWorld,
} from './provider-world';

describe('Vonage calls report their outcomes through signed event webhooks', () => {
  let world: ProviderWorld;
  let fake: VonageFake;
  let configurationId: number;
  let vonage: TelephonyProvider;

  beforeAll(async () => {
    world = await startProviderWorld();
    fake = await startVonageFake({ numbers: [{ msisdn: '15005556100', country: 'US' }] });
    const clear = {
      application_id: fake.applicationId,
      api_key: fake.apiKey,
      api_base_url: fake.url,
      numbers_api_base_url: fake.url,
    };
    const secrets = {
      private_key: fake.privateKey,
      api_secret: fake.apiSecret,
      signature_secret: fake.signatureSecret,
    };
    configurationId = await insertConfiguration(world, 'vonage', clear, secrets);
    vonage = adapterOf(world, configurationId, 'vonage', clear, secrets);
  });
  afterAll(async () => {
    await fake?.close();
    await world?.close();
  });

  const place = (
    phoneNumber: string,
    extra: { amdEnabled?: boolean; retry?: Record<string, unknown> } = {},
  ) => placeAttempt(world, { adapter: vonage, configurationId, phoneNumber, ...extra });

  it.each([
    ['+15005556001', { final: 'completed' as const }, 'completed'],
    ['+15005556002', { final: 'busy' as const }, 'busy'],
    ['+15005556003', { final: 'timeout' as const }, 'no_answer'],
    ['+15005556004', { final: 'rejected' as const }, 'busy'],
    ['+15005556005', { final: 'failed' as const, detail: 'invalid_number' }, 'invalid_number'],
    ['+15005556006', { final: 'failed' as const }, 'failed'],
  ])('a call to %s ending %j is recorded as %s', async (to, behaviour, outcome) => {
    fake.behave(to, behaviour);
    const placed = await place(to);
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      outcome,
      provider_call_id: placed.providerCallId,
    });
  });

  it('ends a call answered by a machine as voicemail when AMD is on', async () => {
    fake.behave('+15005556020', { final: 'completed', machine: true });
    const placed = await place('+15005556020', { amdEnabled: true });
    expect(fake.calls.get(placed.providerCallId)!.body.machine_detection).toBe('continue');
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      outcome: 'voicemail',
      provider_status: 'machine',
    });
  });

  it('finds the outcome of a call whose last event was lost by asking Vonage', async () => {
    fake.behave('+15005556030', { final: 'busy', dropFinal: true });
    const placed = await place('+15005556030');
    await fake.settled();
    expect((await attemptRow(world, placed.attemptId)).state).toBe('placed');
    expect(
      await vonage.getCallStatus({ attemptId: '1', providerCallId: placed.providerCallId }),
    ).toMatchObject({
      state: 'ended',
      outcome: 'busy',
    });
    expect(await vonage.getCallStatus({ attemptId: '1', providerCallId: 'unknown-uuid' })).toEqual({
      state: 'not_found',
    });
  });

  it('records a duplicated final event once', async () => {
    fake.behave('+15005556040', { final: 'busy', duplicateFinal: true });
    const placed = await place('+15005556040', { retry: { max_retries: 0 } });
    await fake.settled();
    await finishedAttempt(world, placed.attemptId);
    expect(await campaignRow(world, placed.campaignId)).toMatchObject({ processed_rows: 1, failed_rows: 1 });
  });

  it('refuses an event signed with another secret, or whose body was altered', async () => {
    fake.behave('+15005556050', { final: 'busy', dropFinal: true });
    const placed = await place('+15005556050');
    await fake.settled();
    const body = JSON.stringify({ uuid: placed.providerCallId, status: 'busy' });
    const post = (authorization: string, sent = body) =>
      fetch(placed.callbackUrl, {
        method: 'POST',
        body: sent,
        headers: { 'content-type': 'application/json', authorization },
      });
    expect((await post(fake.sign(body, 'another-secret'))).status).toBe(403);
    expect((await post(fake.sign(body), body.replace('busy', 'completed'))).status).toBe(403);
    expect((await post(fake.sign(body))).status).toBe(200);
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome: 'busy' });
  });

  it("points the application's answer URL at this service and links the number, reporting Vonage's refusal", async () => {
    const { headers } = world.organization;
    const created = await world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${configurationId}/phone-numbers`,
      headers,
      payload: { address: '+15005556100', inbound_workflow_id: world.agentId },
    });
    expect(created.json().provider_sync).toMatchObject({ ok: true });
    expect(fake.application.capabilities.voice.webhooks.answer_url!.address).toBe(
      `${world.baseUrl}/api/v1/telephony/inbound/vonage/${configurationId}`,
    );
    expect(fake.linked.get('15005556100')).toBe(fake.applicationId);
    const update = fake.http.requests.find((r) => r.path === '/number/update')!;
    expect(update.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // The account's key and secret travel as basic authentication, never as parameters.
    expect(update.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.apiKey}:${fake.apiSecret}`).toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(update.rawBody))).toEqual({
      country: 'US',
      msisdn: '15005556100',
      app_id: fake.applicationId,
    });
    fake.failNumberLinks('Number not found in your account');
    const unbound = await world.t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${configurationId}/phone-numbers/${created.json().id}`,
      headers,
      payload: { clear_inbound_workflow: true },
    });
    fake.failNumberLinks(null);
    expect(unbound.json()).toMatchObject({
      inbound_workflow_id: null,
      provider_sync: { ok: false, message: 'vonage: numbers API answered 420' },
    });
  });

  it("reports a number the account does not own, and the Numbers API refusing the account's credentials", async () => {
    const { headers } = world.organization;
    const foreign = await world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${configurationId}/phone-numbers`,
      headers,
      payload: { address: '+15005556199', inbound_workflow_id: world.agentId },
    });
    expect(foreign.statusCode).toBe(201);
    expect(foreign.json().provider_sync).toMatchObject({
      ok: false,
      message: 'vonage: 15005556199 is not a number of this account',
    });

    // With the country known, the link goes straight to /number/update; a wrong secret is refused there.
    const numbers = (apiSecret: string) =>
      vonageNumbersApi({
        baseUrl: fake.url,
        apiKey: fake.apiKey,
        apiSecret,
        destinations: destinationPolicy(['127.0.0.1/32']),
      });
    const link = { msisdn: '15005556100', country: 'US', appId: fake.applicationId };
    expect(await numbers(fake.apiSecret).link(link)).toEqual({ ok: true, message: 'linked' });
    // The vendor's words go to logs only (vendorBody), never into the message clients see.
    expect(await numbers('wrong').link(link)).toMatchObject({
      ok: false,
      message: 'numbers API answered 401',
      vendorBody: '401 authentication failed',
    });
    expect(await numbers(fake.apiSecret).link({ ...link, country: 'GB' })).toMatchObject({
      ok: false,
      message: 'numbers API answered 420',
    });
  });
});
