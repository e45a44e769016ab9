import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelephonyProvider } from '../../providers/provider';
import { CONFIGS } from '../telephony/helpers';
import { startTwilioFake, type TwilioFake } from './fakes/twilio-fake';
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

const OWN_NUMBER = '+15005550100';

describe('Twilio calls report their outcomes through the signed status webhook', () => {
  let world: ProviderWorld;
  let fake: TwilioFake;
  let configurationId: number;
  let twilio: TelephonyProvider;

  beforeAll(async () => {
    world = await startProviderWorld();
    fake = await startTwilioFake({ numbers: [OWN_NUMBER] });
    const clear = { account_sid: fake.accountSid, api_base_url: fake.url };
    const secrets = { auth_token: fake.authToken };
    configurationId = await insertConfiguration(world, 'twilio', clear, secrets);
    twilio = adapterOf(world, configurationId, 'twilio', clear, secrets);
  });
  afterAll(async () => {
    await fake?.close();
    await world?.close();
  });

  it.each([
    ['+15005551001', { final: 'completed' as const }, 'completed', 'completed', 'sip:200'],
    ['+15005551002', { final: 'busy' as const }, 'busy', 'busy', 'sip:486'],
    ['+15005551003', { final: 'no-answer' as const }, 'no_answer', 'no-answer', 'sip:487'],
    ['+15005551004', { final: 'failed' as const }, 'failed', 'failed', 'sip:500'],
    [
      '+15005551005',
      { final: 'failed' as const, sipResponseCode: 404 },
      'invalid_number',
      'failed',
      'sip:404',
    ],
    ['+15005551006', { final: 'canceled' as const }, 'canceled', 'canceled', 'sip:487'],
  ])(
    'a call to %s ending %j is recorded as %s with the raw status and cause',
    async (to, behaviour, outcome, raw, cause) => {
      fake.behave(to, behaviour);
      const placed = await placeAttempt(world, { adapter: twilio, configurationId, phoneNumber: to });
      expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
        outcome,
        provider_status: raw,
        provider_cause: cause,
        provider_call_id: placed.providerCallId,
      });
    },
  );

  it('asks Twilio for status callbacks, a ring timeout and a time limit when placing', async () => {
    const placed = await placeAttempt(world, {
      adapter: twilio,
      configurationId,
      phoneNumber: '+15005551010',
    });
    const form = fake.calls.get(placed.providerCallId)!.form;
    expect(form.get('StatusCallback')).toBe(placed.callbackUrl);
    expect(form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    expect(form.get('Url')).toContain(`/api/v1/telephony/answer/twilio/${placed.attemptId}?token=`);
    expect(form.get('Timeout')).toBe('30');
    expect(form.get('TimeLimit')).toBe('600');
    expect(form.get('MachineDetection')).toBeNull();
    await finishedAttempt(world, placed.attemptId);

    const answerUrl = form.get('Url')!;
    const answered = new URLSearchParams({ CallSid: placed.providerCallId, CallStatus: 'in-progress' });
    const post = (signature: string) =>
      fetch(answerUrl, {
        method: 'POST',
        body: answered.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      });
    const twiml = await post(fake.sign(answerUrl, answered));
    expect(twiml.status).toBe(200);
    expect(await twiml.text()).toContain('<Say>Hello, this is Test agent.');
    expect((await post('forged')).status).toBe(403);
  });

  it('ends a call answered by a machine as voicemail when AMD is on', async () => {
    fake.behave('+15005551020', { final: 'completed', answeredBy: 'machine_end_beep' });
    const placed = await placeAttempt(world, {
      adapter: twilio,
      configurationId,
      phoneNumber: '+15005551020',
      amdEnabled: true,
    });
    expect(fake.calls.get(placed.providerCallId)!.form.get('MachineDetection')).toBe('Enable');
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      outcome: 'voicemail',
      provider_status: 'completed/machine_end_beep',
    });
  });

  it('finds the outcome of a call whose final callback was lost by asking Twilio', async () => {
    fake.behave('+15005551030', { final: 'busy', dropFinal: true });
    const placed = await placeAttempt(world, {
      adapter: twilio,
      configurationId,
      phoneNumber: '+15005551030',
    });
    await fake.settled();
    expect((await attemptRow(world, placed.attemptId)).state).toBe('placed');
    expect(
      await twilio.getCallStatus({
        attemptId: String(placed.attemptId),
        providerCallId: placed.providerCallId,
      }),
    ).toMatchObject({ state: 'ended', outcome: 'busy', rawStatus: 'busy' });
    expect(await twilio.getCallStatus({ attemptId: 'x', providerCallId: 'CAunknown' })).toEqual({
      state: 'not_found',
    });
    await expect(twilio.getCallStatus({ attemptId: 'x', providerCallId: null })).rejects.toMatchObject({
      mayHaveReachedProvider: true,
    });
  });

  it('records a duplicated final callback once', async () => {
    fake.behave('+15005551040', { final: 'busy', duplicateFinal: true });
    const placed = await placeAttempt(world, {
      adapter: twilio,
      configurationId,
      phoneNumber: '+15005551040',
      retry: { max_retries: 0 },
    });
    await fake.settled();
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome: 'busy' });
    expect(await campaignRow(world, placed.campaignId)).toMatchObject({ processed_rows: 1, failed_rows: 1 });
  });

  it('hangs up a call in progress', async () => {
    fake.behave('+15005551050', { final: 'completed', holdOpen: true });
    const placed = await placeAttempt(world, {
      adapter: twilio,
      configurationId,
      phoneNumber: '+15005551050',
    });
    await fake.settled();
    await twilio.hangup({ attemptId: String(placed.attemptId), providerCallId: placed.providerCallId });
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome: 'completed' });
  });

  it('refuses a callback whose signature was not made with the account auth token', async () => {
    fake.behave('+15005551060', { final: 'completed', holdOpen: true });
    const placed = await placeAttempt(world, {
      adapter: twilio,
      configurationId,
      phoneNumber: '+15005551060',
    });
    await fake.settled();
    const form = new URLSearchParams({
      CallSid: placed.providerCallId,
      CallStatus: 'busy',
      AccountSid: fake.accountSid,
    });
    const post = (signature: string) =>
      fetch(placed.callbackUrl, {
        method: 'POST',
        body: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      });
    expect((await post(fake.sign(placed.callbackUrl, form, 'another-token'))).status).toBe(403);
    expect((await post('')).status).toBe(403);
    expect((await attemptRow(world, placed.attemptId)).state).toBe('placed');
    const signed = await post(fake.sign(placed.callbackUrl, form));
    expect(await signed.json()).toEqual({ received: true, recorded: true });
  });

  it("points the number's voice URL at this service when it is bound to an agent, and reports Twilio's refusal", async () => {
    const { headers } = world.organization;
    const created = await world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${configurationId}/phone-numbers`,
      headers,
      payload: { address: OWN_NUMBER },
    });
    expect(created.statusCode).toBe(201);
    const numberUrl = `${CONFIGS}/${configurationId}/phone-numbers/${created.json().id}`;
    const bound = await world.t.app.inject({
      method: 'PUT',
      url: numberUrl,
      headers,
      payload: { inbound_workflow_id: world.agentId },
    });
    expect(bound.json().provider_sync).toMatchObject({ ok: true });
    expect(fake.numbers.get(OWN_NUMBER)!.voice_url).toBe(
      `${world.baseUrl}/api/v1/telephony/inbound/twilio/${configurationId}`,
    );

    fake.failNumberUpdates({ status: 400, code: 21402, message: 'VoiceUrl is not a valid URL' });
    const unbound = await world.t.app.inject({
      method: 'PUT',
      url: numberUrl,
      headers,
      payload: { clear_inbound_workflow: true },
    });
    fake.failNumberUpdates(null);
    expect(unbound.statusCode).toBe(200);
    expect(unbound.json().provider_sync).toEqual({
      ok: false,
      message: 'twilio answered 400',
    });
    const saved = await world.t.app.inject({ method: 'GET', url: numberUrl, headers });
    expect(saved.json().inbound_workflow_id).toBeNull();
  });
});
