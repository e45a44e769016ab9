import { expect, it } from 'vitest';
import { startAriFake, type AriBehaviour, type AriFake } from './fakes/ari-fake';
import { sleep } from './fakes/http-fake';
import { adapterOf, attemptRow, finishedAttempt, insertConfiguration } from './provider-world';
import { CONFIGS } from '../telephony/helpers';
import { describeVendorContract } from './contract';

describeVendorContract<AriBehaviour, AriFake>(
  {
    provider: 'ari',
    title: 'Asterisk calls are followed on the ARI events WebSocket',
    async start() {
      const fake = await startAriFake();
      return {
        fake,
        clear: { ari_endpoint: fake.url, app_name: fake.app, dial_template: 'PJSIP/{number}@trunk' },
        secrets: { app_password: fake.password },
      };
    },
    beforePlace: (fake) => fake.waitForConnection(),
    callIdOf: (placed) => `vac-attempt-${placed.attemptId}`,
    endings: [
      ['+15005552001', { cause: 16, answer: true }, row('completed', 'Up/Normal Clearing', 16)],
      ['+15005552002', { cause: 17 }, row('busy', 'Ringing/User busy', 17)],
      ['+15005552003', { cause: 18 }, row('no_answer', 'Ringing/No user responding', 18)],
      ['+15005552004', { cause: 19 }, row('no_answer', 'Ringing/User alerting, no answer', 19)],
      ['+15005552005', { cause: 21 }, row('busy', 'Ringing/Call Rejected', 21)],
      ['+15005552006', { cause: 1 }, row('invalid_number', 'Ringing/Unallocated (unassigned) number', 1)],
      [
        '+15005552007',
        { cause: 28 },
        row('invalid_number', 'Ringing/Invalid number format (addess incomplete)', 28),
      ],
      ['+15005552008', { cause: 34 }, row('failed', 'Ringing/Circuit/channel congestion', 34)],
    ],
    duplicate: { to: '+15005552030', behaviour: { cause: 17, duplicateDestroyed: true } },
    lookup: {
      to: '+15005552061',
      behaviour: { cause: 16, answer: true, holdOpen: true },
      status: { state: 'in_progress', rawStatus: 'Up' },
      unknown: { providerCallId: 'vac-attempt-999999', status: { state: 'not_found' } },
      async more({ world, provider }, placed) {
        await provider.hangup({ attemptId: String(placed.attemptId), providerCallId: placed.providerCallId });
        await finishedAttempt(world, placed.attemptId);
      },
    },
    hangup: {
      to: '+15005552070',
      behaviour: { cause: 16, answer: true, holdOpen: true },
      recorded: { outcome: 'completed', provider_cause: 'q850:16' },
    },
    // Asterisk posts no status webhooks: call ends arrive on the events stream.
    callbacks: 'none',
    inbound: {
      numbers: { active: '+15005552101', archived: '+15005552102' },
      // The dialplan hands the call to our Stasis application; it is answered, and a refused one hears a prompt.
      async call({ fake }, to, from) {
        await fake.waitForConnection();
        const channel = fake.callInbound(to, from);
        const commands = () =>
          fake.http.requests
            .filter((r) => r.path.startsWith(`/ari/channels/${channel}/`))
            .map((r) => `${r.method} ${r.path.slice(`/ari/channels/${channel}/`.length)} ${r.query}`.trim());
        await expect.poll(commands).toContain('POST answer');
        await sleep(300);
        const got = commands();
        // The caller hangs up: no channel of this case outlives it.
        fake.end(channel, 16);
        return got;
      },
      got: {
        accepted: ['POST answer'],
        refused: ['POST answer', 'POST play media=sound%3Ass-noservice'],
      },
    },
    numberSync: {
      address: '+15005552097',
      bindOn: 'create',
      bound({ fake, world }, sync) {
        expect(sync).toEqual({
          ok: true,
          message: `ari: route +15005552097 to Stasis(${fake.app},inbound) in the dialplan; calls reach agent ${world.agentId}`,
        });
      },
    },
  },
  (context) => {
    const place = (phoneNumber: string, retry?: Record<string, unknown>) =>
      context.place(phoneNumber, { retry });

    it('originates into the Stasis application with the attempt id as channel id, once', async () => {
      context.fake.behave('+15005552010', { cause: 16, answer: true, holdOpen: true });
      const placed = await place('+15005552010');
      const request = context.fake.originated.at(-1)!;
      expect(request.query.get('endpoint')).toBe('PJSIP/+15005552010@trunk');
      expect(request.query.get('app')).toBe(context.fake.app);
      expect(request.query.get('appArgs')).toBe(`outbound,${placed.attemptId}`);
      expect(request.query.get('timeout')).toBe('30');
      expect(request.body).toMatchObject({ variables: { VAC_ATTEMPT_ID: String(placed.attemptId) } });
      const again = await context.provider.placeCall({
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
      const forAttempt = context.fake.originated.filter(
        (r) => r.query.get('appArgs') === `outbound,${placed.attemptId}`,
      );
      expect(forAttempt).toHaveLength(1);
      expect(Object.fromEntries(forAttempt[0]!.query)).toEqual({
        endpoint: 'PJSIP/+15005552010@trunk',
        app: context.fake.app,
        appArgs: `outbound,${placed.attemptId}`,
        channelId: `vac-attempt-${placed.attemptId}`,
        timeout: '30',
        callerId: '+15005550006',
      });
      expect(forAttempt[0]!.body).toEqual({
        variables: { VAC_ATTEMPT_ID: String(placed.attemptId), 'TIMEOUT(absolute)': '600' },
      });
      expect([...context.fake.channels.values()]).toEqual([
        expect.objectContaining({
          id: `vac-attempt-${placed.attemptId}`,
          endpoint: 'PJSIP/+15005552010@trunk',
          callerId: '+15005550006',
          args: ['outbound', String(placed.attemptId)],
        }),
      ]);
      await context.fake.settled();
      await context.provider.hangup({
        attemptId: String(placed.attemptId),
        providerCallId: placed.providerCallId,
      });
      expect(await finishedAttempt(context.world, placed.attemptId)).toMatchObject({ outcome: 'completed' });
    });

    it('retries a busy contact: the outcome reaches the retry rule', async () => {
      context.fake.behave('+15005552020', { cause: 17 });
      const placed = await place('+15005552020', { max_retries: 2, retry_delay_seconds: 60 });
      const attempt = await finishedAttempt(context.world, placed.attemptId);
      const contact = await context.world.t.ctx.db
        .selectFrom('contacts')
        .selectAll()
        .where('id', '=', placed.contactId)
        .executeTakeFirstOrThrow();
      expect(contact).toMatchObject({ last_outcome: 'busy', final_outcome: null, attempts_made: 1 });
      // Written in the transaction that finished the attempt: exactly retry_delay_seconds after it.
      expect(contact.next_attempt_at!.getTime() - attempt.finished_at!.getTime()).toBe(60_000);
    });

    it('loses no outcome when the events socket drops: it reconnects and looks the calls up', async () => {
      context.fake.behave('+15005552040', { cause: 16, answer: true, holdOpen: true });
      context.fake.behave('+15005552041', { cause: 16, answer: true, holdOpen: true });
      const endsWhileAway = await place('+15005552040');
      const endsAfterReturn = await place('+15005552041');
      await context.fake.settled();
      await sleep(100);
      expect((await attemptRow(context.world, endsWhileAway.attemptId)).provider_status).toBe('Up');

      context.fake.dropConnections();
      context.fake.end(endsWhileAway.providerCallId, 16);
      await context.fake.waitForConnection();
      expect(await finishedAttempt(context.world, endsWhileAway.attemptId, 15_000)).toMatchObject({
        outcome: 'completed',
        provider_status: 'Up/ended-unobserved',
      });
      await sleep(100);
      expect((await attemptRow(context.world, endsAfterReturn.attemptId)).state).toBe('placed');
      context.fake.end(endsAfterReturn.providerCallId, 16);
      expect(await finishedAttempt(context.world, endsAfterReturn.attemptId)).toMatchObject({
        outcome: 'completed',
        provider_cause: 'q850:16',
      });
    });

    it('answers status lookups from the channel: up, gone, or unknown without a channel id', async () => {
      context.fake.behave('+15005552050', { cause: 16, answer: true, holdOpen: true });
      const placed = await place('+15005552050');
      await context.fake.settled();
      expect(
        await context.provider.getCallStatus({
          attemptId: String(placed.attemptId),
          providerCallId: placed.providerCallId,
        }),
      ).toEqual({
        state: 'in_progress',
        providerCallId: placed.providerCallId,
        rawStatus: 'Up',
      });
      await context.provider.hangup({
        attemptId: String(placed.attemptId),
        providerCallId: placed.providerCallId,
      });
      expect(
        await context.provider.getCallStatus({
          attemptId: String(placed.attemptId),
          providerCallId: placed.providerCallId,
        }),
      ).toEqual({
        state: 'not_found',
      });
      await expect(
        context.provider.getCallStatus({ attemptId: '999999', providerCallId: null }),
      ).rejects.toMatchObject({
        mayHaveReachedProvider: true,
      });
    });

    it('is refused by Asterisk with a wrong password, and reports it in provider_sync with the binding saved', async () => {
      const wrong = adapterOf(context.world, context.configurationId, 'ari', context.clear, {
        app_password: 'not-the-password',
      });
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

      const { headers } = context.world.organization;
      const good = await context.world.t.app.inject({
        method: 'POST',
        url: `${CONFIGS}/${context.configurationId}/phone-numbers`,
        headers,
        payload: { address: '+15005552099', inbound_workflow_id: context.world.agentId },
      });
      expect(good.json().provider_sync).toMatchObject({ ok: true });
      const badConfiguration = await insertConfiguration(context.world, 'ari', context.clear, {
        app_password: 'not-the-password',
      });
      const bad = await context.world.t.app.inject({
        method: 'POST',
        url: `${CONFIGS}/${badConfiguration}/phone-numbers`,
        headers,
        payload: { address: '+15005552098', inbound_workflow_id: context.world.agentId },
      });
      expect(bad.statusCode).toBe(201);
      expect(bad.json()).toMatchObject({
        inbound_workflow_id: context.world.agentId,
        provider_sync: { ok: false, message: 'ari answered 401' },
      });
    });
  },
);

function row(outcome: string, providerStatus: string, cause: number) {
  return { outcome, provider_status: providerStatus, provider_cause: `q850:${cause}` };
}
