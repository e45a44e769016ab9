import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelephonyProvider } from '../../providers/provider';
import { CONFIGS } from '../telephony/helpers';
import { startPlivoFake, type PlivoFake } from './fakes/plivo-fake';
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

const OWN_NUMBER = '+15005555100';

describe('Plivo calls report their outcomes through V3-signed callbacks', () => {
  let world: ProviderWorld;
  let fake: PlivoFake;
  let configurationId: number;
  let plivo: TelephonyProvider;

  beforeAll(async () => {
    world = await startProviderWorld();
    fake = await startPlivoFake({ numbers: [OWN_NUMBER] });
    const clear = { auth_id: fake.authId, api_base_url: fake.url };
    configurationId = await insertConfiguration(world, 'plivo', clear, { auth_token: fake.authToken });
    plivo = adapterOf(world, configurationId, 'plivo', clear, { auth_token: fake.authToken });
  });
  afterAll(async () => {
    await fake?.close();
    await world?.close();
  });

  const place = (
    phoneNumber: string,
    extra: { amdEnabled?: boolean; retry?: Record<string, unknown> } = {},
  ) => placeAttempt(world, { adapter: plivo, configurationId, phoneNumber, ...extra });

  it.each([
    ['+15005555001', { status: 'completed' as const }, 'completed', 'completed/NORMAL_CLEARING'],
    ['+15005555002', { status: 'busy' as const }, 'busy', 'busy/USER_BUSY'],
    ['+15005555003', { status: 'no-answer' as const }, 'no_answer', 'no-answer/NO_ANSWER'],
    ['+15005555004', { status: 'failed' as const }, 'failed', 'failed/NORMAL_TEMPORARY_FAILURE'],
    [
      '+15005555005',
      { status: 'failed' as const, hangupCause: 'UNALLOCATED_NUMBER' },
      'invalid_number',
      'failed/UNALLOCATED_NUMBER',
    ],
  ])('a call to %s ending %j is recorded as %s', async (to, behaviour, outcome, raw) => {
    fake.behave(to, behaviour);
    const placed = await place(to);
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome, provider_status: raw });
  });

  it('ends a call answered by a machine as voicemail when AMD is on', async () => {
    fake.behave('+15005555020', { status: 'completed', machine: true });
    const placed = await place('+15005555020', { amdEnabled: true });
    expect(fake.calls.get(placed.providerCallId)!.body.machine_detection).toBe('true');
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome: 'voicemail' });
  });

  it('asks Plivo about a call whose hangup callback was lost: live, or ended unobserved', async () => {
    fake.behave('+15005555030', { status: 'completed', holdOpen: true });
    const live = await place('+15005555030');
    await fake.settled();
    expect(
      await plivo.getCallStatus({ attemptId: String(live.attemptId), providerCallId: live.providerCallId }),
    ).toMatchObject({
      state: 'in_progress',
      rawStatus: 'live',
    });
    await plivo.hangup({ attemptId: String(live.attemptId), providerCallId: live.providerCallId });
    expect(await finishedAttempt(world, live.attemptId)).toMatchObject({ outcome: 'completed' });

    fake.behave('+15005555031', { status: 'busy', dropHangup: true });
    const lost = await place('+15005555031');
    await fake.settled();
    expect((await attemptRow(world, lost.attemptId)).state).toBe('placed');
    expect(
      await plivo.getCallStatus({ attemptId: String(lost.attemptId), providerCallId: lost.providerCallId }),
    ).toMatchObject({
      state: 'ended',
      outcome: 'error',
      rawStatus: 'ended-unobserved',
    });
  });

  it('records a duplicated hangup callback once', async () => {
    fake.behave('+15005555040', { status: 'busy', duplicateHangup: true });
    const placed = await place('+15005555040', { retry: { max_retries: 0 } });
    await fake.settled();
    await finishedAttempt(world, placed.attemptId);
    expect(await campaignRow(world, placed.campaignId)).toMatchObject({ processed_rows: 1, failed_rows: 1 });
  });

  it('refuses a callback signed with another auth token', async () => {
    fake.behave('+15005555050', { status: 'completed', holdOpen: true });
    const placed = await place('+15005555050');
    await fake.settled();
    const form = new URLSearchParams({
      RequestUUID: placed.providerCallId,
      CallStatus: 'busy',
      HangupCause: 'USER_BUSY',
    });
    const post = (headers: Record<string, string>) =>
      fetch(placed.callbackUrl, { method: 'POST', body: form.toString(), headers });
    expect((await post(fake.signed(placed.callbackUrl, form, 'wrong-token'))).status).toBe(403);
    expect((await post(fake.signed(placed.callbackUrl, form))).status).toBe(200);
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome: 'busy' });
  });

  it('answers bound numbers through an application, refuses after unbinding, and reports Plivo refusing', async () => {
    const { headers } = world.organization;
    const created = await world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${configurationId}/phone-numbers`,
      headers,
      payload: { address: OWN_NUMBER, inbound_workflow_id: world.agentId },
    });
    expect(created.json().provider_sync).toMatchObject({ ok: true });
    const accepted = await fake.callInbound(OWN_NUMBER, '+14155550130');
    expect(accepted.text).toContain('<Speak>Hello, this is Test agent.');
    fake.failNumberUpdates('Number not eligible for an application');
    const unbound = await world.t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${configurationId}/phone-numbers/${created.json().id}`,
      headers,
      payload: { clear_inbound_workflow: true },
    });
    fake.failNumberUpdates(null);
    expect(unbound.json()).toMatchObject({
      inbound_workflow_id: null,
      provider_sync: { ok: false, message: 'plivo answered 400' },
    });
    const refused = await fake.callInbound(OWN_NUMBER, '+14155550131');
    expect(refused.text).toMatch(/<Speak>Sorry.*<\/Speak><Hangup\/>/);
    expect(fake.applications.size).toBe(1);
  });
});
