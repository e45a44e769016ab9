import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeAnsweredBy, type AnsweredByEvent } from '../../db/repositories/answered-by';
import type { TelephonyProvider } from '../../providers/provider';
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

/**
 * Twilio's asynchronous answering-machine detection: the call is placed with `AsyncAmd` and a token-bound
 * `AsyncAmdStatusCallback`; the verdict is stored on the attempt, a machine is announced to the media process
 * (PostgreSQL NOTIFY), and the call's final `completed` then counts as voicemail, with the retry rule and the
 * campaign's counters as for any voicemail.
 */
describe('Twilio asynchronous answering-machine detection', () => {
  let world: ProviderWorld;
  let fake: TwilioFake;
  let configurationId: number;
  let provider: TelephonyProvider;
  const heard: AnsweredByEvent[] = [];
  let subscription: { close(): Promise<void> };

  beforeAll(async () => {
    world = await startProviderWorld();
    fake = await startTwilioFake();
    const clear = { account_sid: fake.accountSid, api_base_url: fake.url };
    const secrets = { auth_token: fake.authToken };
    configurationId = await insertConfiguration(world, 'twilio', clear, secrets);
    provider = adapterOf(world, configurationId, 'twilio', clear, secrets);
    subscription = await subscribeAnsweredBy(world.t.ctx.config.databaseUrl!, (event) => heard.push(event));
  });
  afterAll(async () => {
    await subscription?.close();
    await fake?.close();
    await world?.close();
  });

  const place = (to: string, retry: Record<string, unknown> = { max_retries: 0 }) =>
    placeAttempt(world, { adapter: provider, configurationId, phoneNumber: to, amdEnabled: true, retry });

  /** NOTIFY is delivered after the commit, on another connection: wait for it (or for nothing, up to 2 s). */
  async function heardFor(runId: number) {
    for (let i = 0; i < 80 && !heard.some((e) => e.runId === runId); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    return heard.filter((e) => e.runId === runId);
  }

  it('asks for asynchronous detection with a callback bound to the attempt, DetectMessageEnd to leave a message', async () => {
    fake.behave('+15005557001', { final: 'completed', holdOpen: true });
    const placed = await place('+15005557001');
    const form = fake.calls.get(placed.providerCallId)!.form;
    expect(form.get('MachineDetection')).toBe('Enable');
    expect(form.get('AsyncAmd')).toBe('true');
    expect(form.get('AsyncAmdStatusCallbackMethod')).toBe('POST');
    const token = new URL(placed.callbackUrl).searchParams.get('token');
    expect(form.get('AsyncAmdStatusCallback')).toBe(
      `${world.baseUrl}/api/v1/telephony/amd/twilio/${placed.attemptId}?token=${token}`,
    );

    await provider.placeCall({
      attemptId: 'x',
      from: '+15005550006',
      to: '+15005557002',
      statusCallbackUrl: placed.callbackUrl,
      ringTimeoutSeconds: 30,
      maxCallDurationSeconds: 600,
      amdEnabled: true,
      leavesVoicemail: true,
    });
    const leaving = [...fake.calls.values()].find((call) => call.to === '+15005557002')!;
    expect(leaving.form.get('MachineDetection')).toBe('DetectMessageEnd');
    expect(leaving.form.get('AsyncAmd')).toBe('true');
  });

  it('stores a machine verdict, announces it, and ends the completed call as voicemail', async () => {
    fake.behave('+15005557010', { final: 'completed', answeredBy: 'machine_end_beep' });
    const placed = await place('+15005557010');
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      answered_by: 'machine_end_beep',
      outcome: 'voicemail',
      provider_status: 'completed',
    });
    expect(await heardFor(placed.runId)).toEqual([
      { runId: placed.runId, attemptId: placed.attemptId, answeredBy: 'machine_end_beep' },
    ]);
    const run = await world.t.ctx.db
      .selectFrom('runs')
      .select('gathered_context')
      .where('id', '=', placed.runId)
      .executeTakeFirstOrThrow();
    expect(run.gathered_context).toMatchObject({
      outcome: 'voicemail',
      mapped_call_disposition: 'voicemail',
    });
  });

  it('keeps a person completed, and announces nothing', async () => {
    fake.behave('+15005557020', { final: 'completed', answeredBy: 'human' });
    const placed = await place('+15005557020');
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      answered_by: 'human',
      outcome: 'completed',
    });
    expect(await heardFor(placed.runId)).toEqual([]);
  });

  it('retries a voicemail when the campaign says so, and counts it as a final success otherwise', async () => {
    fake.behave('+15005557030', { final: 'completed', answeredBy: 'machine_start' });
    const retried = await place('+15005557030', { max_retries: 1, retry_on_voicemail: true });
    await finishedAttempt(world, retried.attemptId);
    await fake.settled();
    const contact = await world.t.ctx.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', retried.contactId)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ last_outcome: 'voicemail', final_outcome: null });
    expect(contact.next_attempt_at).not.toBeNull();
    expect(await campaignRow(world, retried.campaignId)).toMatchObject({ processed_rows: 0, failed_rows: 0 });

    fake.behave('+15005557031', { final: 'completed', answeredBy: 'fax' });
    const final = await place('+15005557031', { max_retries: 1, retry_on_voicemail: false });
    await finishedAttempt(world, final.attemptId);
    expect(await campaignRow(world, final.campaignId)).toMatchObject({ processed_rows: 1, failed_rows: 0 });
    const settled = await world.t.ctx.db
      .selectFrom('contacts')
      .select('final_outcome')
      .where('id', '=', final.contactId)
      .executeTakeFirstOrThrow();
    expect(settled.final_outcome).toBe('voicemail');
  });

  it('refuses a verdict with a forged signature or token, and a body that is not one', async () => {
    // Detection never answers on its own here: the only verdicts are the ones this test posts.
    fake.behave('+15005557040', { final: 'completed', holdOpen: true, answeredBy: null });
    const placed = await place('+15005557040');
    const url = placed.callbackUrl.replace('/telephony/status/', '/telephony/amd/');
    const verdict = new URLSearchParams({
      AccountSid: fake.accountSid,
      CallSid: placed.providerCallId,
      AnsweredBy: 'machine_start',
      MachineDetectionDuration: '1800',
    });
    const post = (to: string, form: URLSearchParams, signature: string) =>
      fetch(to, {
        method: 'POST',
        body: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      });

    expect((await post(url, verdict, fake.sign(url, verdict, 'another-token'))).status).toBe(403);
    const forgedToken = url.replace(/token=[^&]+/, 'token=AAAA');
    expect((await post(forgedToken, verdict, fake.sign(forgedToken, verdict))).status).toBe(403);
    const notVerdict = new URLSearchParams({ AccountSid: fake.accountSid, CallSid: placed.providerCallId });
    const refused = await post(url, notVerdict, fake.sign(url, notVerdict));
    expect(refused.status).toBe(422);
    expect((await attemptRow(world, placed.attemptId)).answered_by).toBeNull();

    const other = new URLSearchParams(verdict);
    other.set('CallSid', 'CAanothercall');
    expect(await (await post(url, other, fake.sign(url, other))).json()).toEqual({
      received: true,
      recorded: false,
    });
    expect((await attemptRow(world, placed.attemptId)).answered_by).toBeNull();

    const signed = await post(url, verdict, fake.sign(url, verdict));
    expect(await signed.json()).toEqual({ received: true, recorded: true });
    expect((await attemptRow(world, placed.attemptId)).answered_by).toBe('machine_start');
    expect(await heardFor(placed.runId)).toHaveLength(1);
  });
});
