import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelephonyProvider } from '../../providers/provider';
import { CONFIGS } from '../telephony/helpers';
import { startTelnyxFake, type TelnyxFake } from './fakes/telnyx-fake';
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

const OWN_NUMBER = '+15005554100';

describe('Telnyx calls report their outcomes through ed25519-signed Call Control webhooks', () => {
  let world: ProviderWorld;
  let fake: TelnyxFake;
  let configurationId: number;
  let telnyx: TelephonyProvider;

  beforeAll(async () => {
    world = await startProviderWorld();
    fake = await startTelnyxFake({ numbers: [OWN_NUMBER] });
    const clear = { connection_id: 'app-123', public_key: fake.publicKey, api_base_url: fake.url };
    configurationId = await insertConfiguration(world, 'telnyx', clear, { api_key: fake.apiKey });
    telnyx = adapterOf(world, configurationId, 'telnyx', clear, { api_key: fake.apiKey });
  });
  afterAll(async () => {
    await fake?.close();
    await world?.close();
  });

  const place = (
    phoneNumber: string,
    extra: { amdEnabled?: boolean; retry?: Record<string, unknown> } = {},
  ) => placeAttempt(world, { adapter: telnyx, configurationId, phoneNumber, ...extra });

  it.each([
    ['+15005554001', { hangupCause: 'normal_clearing', answer: true }, 'completed'],
    ['+15005554002', { hangupCause: 'user_busy' }, 'busy'],
    ['+15005554003', { hangupCause: 'timeout' }, 'no_answer'],
    ['+15005554004', { hangupCause: 'unallocated_number' }, 'invalid_number'],
    ['+15005554005', { hangupCause: 'call_rejected' }, 'busy'],
    ['+15005554006', { hangupCause: 'normal_temporary_failure' }, 'failed'],
  ])('a call to %s ending with %j is recorded as %s', async (to, behaviour, outcome) => {
    fake.behave(to, behaviour);
    const placed = await place(to);
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      outcome,
      provider_status: `hangup/${behaviour.hangupCause}`,
      provider_call_id: placed.providerCallId,
    });
  });

  it('passes the attempt along in client_state and the webhook URL', async () => {
    const placed = await place('+15005554010');
    const body = fake.calls.get(placed.providerCallId)!.body;
    expect(body).toMatchObject({
      connection_id: 'app-123',
      webhook_url: placed.callbackUrl,
      timeout_secs: 30,
    });
    expect(Buffer.from(String(body.client_state), 'base64').toString()).toBe(`attempt:${placed.attemptId}`);
    await finishedAttempt(world, placed.attemptId);
  });

  it('ends a call answered by a machine as voicemail when AMD is on', async () => {
    fake.behave('+15005554020', { hangupCause: 'normal_clearing', answer: true, amdResult: 'machine' });
    const placed = await place('+15005554020', { amdEnabled: true });
    expect(fake.calls.get(placed.providerCallId)!.body.answering_machine_detection).toBe('detect');
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome: 'voicemail' });
  });

  it('finds an ended call whose hangup webhook was lost by asking Telnyx', async () => {
    fake.behave('+15005554030', { hangupCause: 'user_busy', dropHangup: true });
    const placed = await place('+15005554030');
    await fake.settled();
    expect((await attemptRow(world, placed.attemptId)).state).toBe('placed');
    expect(
      await telnyx.getCallStatus({
        attemptId: String(placed.attemptId),
        providerCallId: placed.providerCallId,
      }),
    ).toMatchObject({ state: 'ended', outcome: 'no_answer' });
    expect(await telnyx.getCallStatus({ attemptId: 'x', providerCallId: 'v3:unknown' })).toEqual({
      state: 'not_found',
    });
  });

  it('records a duplicated hangup webhook once', async () => {
    fake.behave('+15005554040', { hangupCause: 'user_busy', duplicateHangup: true });
    const placed = await place('+15005554040', { retry: { max_retries: 0 } });
    await fake.settled();
    await finishedAttempt(world, placed.attemptId);
    expect(await campaignRow(world, placed.campaignId)).toMatchObject({ processed_rows: 1, failed_rows: 1 });
  });

  it('refuses a webhook signed with another key, or with a stale timestamp', async () => {
    fake.behave('+15005554050', { hangupCause: 'normal_clearing', answer: true, dropHangup: true });
    const placed = await place('+15005554050');
    await fake.settled();
    const body = JSON.stringify({
      data: {
        event_type: 'call.hangup',
        payload: { call_control_id: placed.providerCallId, hangup_cause: 'user_busy' },
      },
    });
    const post = (headers: Record<string, string>) =>
      fetch(placed.callbackUrl, { method: 'POST', body, headers });
    const other = generateKeyPairSync('ed25519').privateKey;
    expect((await post(fake.signWith(other, body))).status).toBe(403);
    expect((await post({ ...fake.signWith(null, body), 'telnyx-timestamp': '1000' })).status).toBe(403);
    expect((await post(fake.signWith(null, body))).status).toBe(200);
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome: 'busy' });
  });

  it('routes a bound number to the Call Control application, and reports Telnyx refusing it', async () => {
    const { headers } = world.organization;
    const created = await world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${configurationId}/phone-numbers`,
      headers,
      payload: { address: OWN_NUMBER, inbound_workflow_id: world.agentId },
    });
    expect(created.json().provider_sync).toMatchObject({ ok: true });
    expect(fake.numbers.get(OWN_NUMBER)!.connection_id).toBe('app-123');
    expect(fake.applications.get('app-123')!.webhook_event_url).toBe(
      `${world.baseUrl}/api/v1/telephony/inbound/telnyx/${configurationId}`,
    );
    fake.failNumberUpdates('connection_id is not a Call Control application');
    const unbound = await world.t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${configurationId}/phone-numbers/${created.json().id}`,
      headers,
      payload: { clear_inbound_workflow: true },
    });
    fake.failNumberUpdates(null);
    expect(unbound.json()).toMatchObject({
      inbound_workflow_id: null,
      provider_sync: { ok: false, message: 'telnyx answered 422' },
    });
  });
});
