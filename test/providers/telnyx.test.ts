import { generateKeyPairSync } from 'node:crypto';
import { expect, it } from 'vitest';
import { startTelnyxFake, type TelnyxBehaviour, type TelnyxFake } from './fakes/telnyx-fake';
import { finishedAttempt } from './provider-world';
import { REFUSAL, describeVendorContract } from './contract';

const OWN_NUMBER = '+15005554100';
const INBOUND = { active: '+15005554101', archived: '+15005554102' };

describeVendorContract<TelnyxBehaviour, TelnyxFake>(
  {
    provider: 'telnyx',
    title: 'Telnyx calls report their outcomes through ed25519-signed Call Control webhooks',
    async start() {
      const fake = await startTelnyxFake({ numbers: [OWN_NUMBER, INBOUND.active, INBOUND.archived] });
      return {
        fake,
        clear: { connection_id: 'app-123', public_key: fake.publicKey, api_base_url: fake.url },
        secrets: { api_key: fake.apiKey },
      };
    },
    endings: [
      ['+15005554001', { hangupCause: 'normal_clearing', answer: true }, row('completed', 'normal_clearing')],
      ['+15005554002', { hangupCause: 'user_busy' }, row('busy', 'user_busy')],
      ['+15005554003', { hangupCause: 'timeout' }, row('no_answer', 'timeout')],
      ['+15005554004', { hangupCause: 'unallocated_number' }, row('invalid_number', 'unallocated_number')],
      ['+15005554005', { hangupCause: 'call_rejected' }, row('busy', 'call_rejected')],
      [
        '+15005554006',
        { hangupCause: 'normal_temporary_failure' },
        row('failed', 'normal_temporary_failure'),
      ],
    ],
    voicemail: {
      to: '+15005554020',
      behaviour: { hangupCause: 'normal_clearing', answer: true, amdResult: 'machine' },
      requested: (fake, callId) => fake.calls.get(callId)!.body.answering_machine_detection,
      requestedAs: 'detect',
      // The verdict (call.machine.detection.ended: machine) is stored; the call's completed end is then a voicemail.
      recorded: { answered_by: 'machine_start', provider_status: 'hangup/normal_clearing' },
    },
    duplicate: { to: '+15005554040', behaviour: { hangupCause: 'user_busy', duplicateHangup: true } },
    lookup: {
      to: '+15005554030',
      behaviour: { hangupCause: 'user_busy', dropHangup: true },
      status: { state: 'ended', outcome: 'no_answer' },
      unknown: { providerCallId: 'v3:unknown', status: { state: 'not_found' } },
    },
    hangup: {
      to: '+15005554060',
      behaviour: { hangupCause: 'normal_clearing', answer: true, holdOpen: true },
      recorded: { outcome: 'completed', provider_status: 'hangup/normal_clearing' },
    },
    callbacks: {
      to: '+15005554050',
      behaviour: { hangupCause: 'normal_clearing', answer: true, dropHangup: true },
      forgeries: (fake, placed) => {
        const body = hangupOf(placed);
        const other = generateKeyPairSync('ed25519').privateKey;
        return [
          postWebhook(placed.callbackUrl, body, fake.signWith(other, body)),
          postWebhook(placed.callbackUrl, body, { ...fake.signWith(null, body), 'telnyx-timestamp': '1000' }),
        ];
      },
      signed: (fake, placed) =>
        postWebhook(placed.callbackUrl, hangupOf(placed), fake.signWith(null, hangupOf(placed))),
      outcome: 'busy',
    },
    numberSync: {
      address: OWN_NUMBER,
      bindOn: 'create',
      bound({ fake, world, configurationId }) {
        expect(fake.numbers.get(OWN_NUMBER)!.connection_id).toBe('app-123');
        expect(fake.applications.get('app-123')!.webhook_event_url).toBe(
          `${world.baseUrl}/api/v1/telephony/inbound/telnyx/${configurationId}`,
        );
      },
      refusal: {
        arrange: (fake) => fake.failNumberUpdates('connection_id is not a Call Control application'),
        restore: (fake) => fake.failNumberUpdates(null),
        message: 'telnyx answered 422',
      },
    },
    inbound: {
      numbers: INBOUND,
      // Call Control: the call is answered, spoken to and hung up by commands, each after the event it waits for. An
      // accepted call is answered with its media stream; no media process listens here, so the stream fails and the
      // call is hung up.
      async call({ fake }, to, from) {
        const { callControlId, statuses } = await fake.callInbound(to, from);
        expect(statuses).toEqual([200]);
        const call = fake.calls.get(callControlId)!;
        await expect.poll(() => call.alive).toBe(false);
        await fake.settled();
        return call.commands.map(({ action, body }) =>
          action === 'speak' ? `speak: ${String(body.payload)}` : action,
        );
      },
      got: {
        accepted: ['answer', 'hangup'],
        refused: ['answer', `speak: ${REFUSAL}`, 'hangup'],
      },
    },
  },
  (context) => {
    it('passes the attempt along in client_state and the webhook URL', async () => {
      const placed = await context.place('+15005554010');
      const body = context.fake.calls.get(placed.providerCallId)!.body;
      expect(body).toMatchObject({
        connection_id: 'app-123',
        webhook_url: placed.callbackUrl,
        timeout_secs: 30,
      });
      expect(Buffer.from(String(body.client_state), 'base64').toString()).toBe(`attempt:${placed.attemptId}`);
      await finishedAttempt(context.world, placed.attemptId);
    });
  },
);

function row(outcome: string, hangupCause: string) {
  return { outcome, provider_status: `hangup/${hangupCause}` };
}

/** A `call.hangup` webhook of the call as Telnyx posts it. */
function hangupOf(placed: { providerCallId: string }): string {
  return JSON.stringify({
    data: {
      event_type: 'call.hangup',
      payload: { call_control_id: placed.providerCallId, hangup_cause: 'user_busy' },
    },
  });
}

function postWebhook(url: string, body: string, headers: Record<string, string>) {
  return fetch(url, { method: 'POST', body, headers });
}
