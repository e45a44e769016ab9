import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelephonyProvider } from '../../providers/provider';
import { CONFIGS } from '../telephony/helpers';
import { startAriFake, type AriFake } from './fakes/ari-fake';
import { sleep } from './fakes/http-fake';
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

describe('Asterisk calls are followed on the ARI events WebSocket', () => {
  let world: ProviderWorld;
  let fake: AriFake;
  let configurationId: number;
  let ari: TelephonyProvider;
  let clear: Record<string, unknown>;

  beforeAll(async () => {
    world = await startProviderWorld();
    fake = await startAriFake();
    clear = { ari_endpoint: fake.url, app_name: fake.app, dial_template: 'PJSIP/{number}@trunk' };
    configurationId = await insertConfiguration(world, 'ari', clear, { app_password: fake.password });
    ari = adapterOf(world, configurationId, 'ari', clear, { app_password: fake.password });
  });
  afterAll(async () => {
    await fake?.close();
    await world?.close();
  });

  const place = (phoneNumber: string, retry?: Record<string, unknown>) =>
    placeAttempt(world, {
      adapter: ari,
      configurationId,
      phoneNumber,
      retry,
      beforePlace: () => fake.waitForConnection(),
    });

  it.each([
    ['+15005552001', { cause: 16, answer: true }, 'completed', 'Up/Normal Clearing', 'q850:16'],
    ['+15005552002', { cause: 17 }, 'busy', 'Ringing/User busy', 'q850:17'],
    ['+15005552003', { cause: 18 }, 'no_answer', 'Ringing/No user responding', 'q850:18'],
    ['+15005552004', { cause: 19 }, 'no_answer', 'Ringing/User alerting, no answer', 'q850:19'],
    ['+15005552005', { cause: 21 }, 'busy', 'Ringing/Call Rejected', 'q850:21'],
    ['+15005552006', { cause: 1 }, 'invalid_number', 'Ringing/Unallocated (unassigned) number', 'q850:1'],
    [
      '+15005552007',
      { cause: 28 },
      'invalid_number',
      'Ringing/Invalid number format (addess incomplete)',
      'q850:28',
    ],
    ['+15005552008', { cause: 34 }, 'failed', 'Ringing/Circuit/channel congestion', 'q850:34'],
  ])('a call to %s ending with %j is recorded as %s', async (to, behaviour, outcome, raw, cause) => {
    fake.behave(to, behaviour);
    const placed = await place(to);
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      outcome,
      provider_status: raw,
      provider_cause: cause,
      provider_call_id: `vac-attempt-${placed.attemptId}`,
    });
  });

  it('originates into the Stasis application with the attempt id as channel id, once', async () => {
    fake.behave('+15005552010', { cause: 16, answer: true, holdOpen: true });
    const placed = await place('+15005552010');
    const request = fake.originated.at(-1)!;
    expect(request.query.get('endpoint')).toBe('PJSIP/+15005552010@trunk');
    expect(request.query.get('app')).toBe(fake.app);
    expect(request.query.get('appArgs')).toBe(`outbound,${placed.attemptId}`);
    expect(request.query.get('timeout')).toBe('30');
    expect(request.body).toMatchObject({ variables: { VAC_ATTEMPT_ID: String(placed.attemptId) } });
    const again = await ari.placeCall({
      attemptId: String(placed.attemptId),
      from: '+15005550006',
      to: '+15005552010',
      statusCallbackUrl: placed.callbackUrl,
      ringTimeoutSeconds: 30,
      maxCallDurationSeconds: 600,
      amdEnabled: false,
    });
    expect(again.providerCallId).toBe(placed.providerCallId);
    // The retried request met the existing channel (409): one originate for this attempt, one live channel.
    const forAttempt = fake.originated.filter(
      (r) => r.query.get('appArgs') === `outbound,${placed.attemptId}`,
    );
    expect(forAttempt).toHaveLength(1);
    expect(Object.fromEntries(forAttempt[0]!.query)).toEqual({
      endpoint: 'PJSIP/+15005552010@trunk',
      app: fake.app,
      appArgs: `outbound,${placed.attemptId}`,
      channelId: `vac-attempt-${placed.attemptId}`,
      timeout: '30',
      callerId: '+15005550006',
    });
    expect(forAttempt[0]!.body).toEqual({
      variables: { VAC_ATTEMPT_ID: String(placed.attemptId), 'TIMEOUT(absolute)': '600' },
    });
    expect([...fake.channels.values()]).toEqual([
      expect.objectContaining({
        id: `vac-attempt-${placed.attemptId}`,
        endpoint: 'PJSIP/+15005552010@trunk',
        callerId: '+15005550006',
        args: ['outbound', String(placed.attemptId)],
      }),
    ]);
    await fake.settled();
    await ari.hangup({ attemptId: String(placed.attemptId), providerCallId: placed.providerCallId });
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome: 'completed' });
  });

  it('retries a busy contact: the outcome reaches the retry rule', async () => {
    fake.behave('+15005552020', { cause: 17 });
    const placed = await place('+15005552020', { max_retries: 2, retry_delay_seconds: 60 });
    const attempt = await finishedAttempt(world, placed.attemptId);
    const contact = await world.t.ctx.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', placed.contactId)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ last_outcome: 'busy', final_outcome: null, attempts_made: 1 });
    // Written in the transaction that finished the attempt: exactly retry_delay_seconds after it.
    expect(contact.next_attempt_at!.getTime() - attempt.finished_at!.getTime()).toBe(60_000);
  });

  it('records a duplicated ChannelDestroyed once', async () => {
    fake.behave('+15005552030', { cause: 17, duplicateDestroyed: true });
    const placed = await place('+15005552030', { max_retries: 0 });
    await fake.settled();
    await finishedAttempt(world, placed.attemptId);
    await sleep(200);
    expect(await campaignRow(world, placed.campaignId)).toMatchObject({ processed_rows: 1, failed_rows: 1 });
  });

  it('loses no outcome when the events socket drops: it reconnects and looks the calls up', async () => {
    fake.behave('+15005552040', { cause: 16, answer: true, holdOpen: true });
    fake.behave('+15005552041', { cause: 16, answer: true, holdOpen: true });
    const endsWhileAway = await place('+15005552040');
    const endsAfterReturn = await place('+15005552041');
    await fake.settled();
    await sleep(100);
    expect((await attemptRow(world, endsWhileAway.attemptId)).provider_status).toBe('Up');

    fake.dropConnections();
    fake.end(endsWhileAway.providerCallId, 16);
    await fake.waitForConnection();
    expect(await finishedAttempt(world, endsWhileAway.attemptId, 15_000)).toMatchObject({
      outcome: 'completed',
      provider_status: 'Up/ended-unobserved',
    });
    await sleep(100);
    expect((await attemptRow(world, endsAfterReturn.attemptId)).state).toBe('placed');
    fake.end(endsAfterReturn.providerCallId, 16);
    expect(await finishedAttempt(world, endsAfterReturn.attemptId)).toMatchObject({
      outcome: 'completed',
      provider_cause: 'q850:16',
    });
  });

  it('answers status lookups from the channel: up, gone, or unknown without a channel id', async () => {
    fake.behave('+15005552050', { cause: 16, answer: true, holdOpen: true });
    const placed = await place('+15005552050');
    await fake.settled();
    expect(
      await ari.getCallStatus({ attemptId: String(placed.attemptId), providerCallId: placed.providerCallId }),
    ).toEqual({
      state: 'in_progress',
      providerCallId: placed.providerCallId,
      rawStatus: 'Up',
    });
    await ari.hangup({ attemptId: String(placed.attemptId), providerCallId: placed.providerCallId });
    expect(
      await ari.getCallStatus({ attemptId: String(placed.attemptId), providerCallId: placed.providerCallId }),
    ).toEqual({
      state: 'not_found',
    });
    await expect(ari.getCallStatus({ attemptId: '999999', providerCallId: null })).rejects.toMatchObject({
      mayHaveReachedProvider: true,
    });
  });

  it('is refused by Asterisk with a wrong password, and reports it in provider_sync with the binding saved', async () => {
    const wrong = adapterOf(world, configurationId, 'ari', clear, { app_password: 'not-the-password' });
    await expect(
      wrong.placeCall({
        attemptId: '1',
        from: '',
        to: '+15005552060',
        statusCallbackUrl: 'http://x',
        ringTimeoutSeconds: 30,
        maxCallDurationSeconds: 60,
        amdEnabled: false,
      }),
    ).rejects.toMatchObject({ mayHaveReachedProvider: false });

    const { headers } = world.organization;
    const good = await world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${configurationId}/phone-numbers`,
      headers,
      payload: { address: '+15005552099', inbound_workflow_id: world.agentId },
    });
    expect(good.json().provider_sync).toMatchObject({ ok: true });
    const badConfiguration = await insertConfiguration(world, 'ari', clear, {
      app_password: 'not-the-password',
    });
    const bad = await world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${badConfiguration}/phone-numbers`,
      headers,
      payload: { address: '+15005552098', inbound_workflow_id: world.agentId },
    });
    expect(bad.statusCode).toBe(201);
    expect(bad.json()).toMatchObject({
      inbound_workflow_id: world.agentId,
      provider_sync: { ok: false, message: 'ari answered 401' },
    });
  });
});
