import { expect, it } from 'vitest';
import { startPlivoFake, type PlivoBehaviour, type PlivoFake } from './fakes/plivo-fake';
import { finishedAttempt } from './provider-world';
import { REFUSAL, describeVendorContract, instructionsOf, spokenXml } from './contract';

const OWN_NUMBER = '+15005555100';
const INBOUND = { active: '+15005555101', archived: '+15005555102' };

/** A call of which Plivo has no record, queued or live, reads as ended unobserved: its outcome cannot be read back. */
const endedUnobserved = { state: 'ended', outcome: 'error', rawStatus: 'ended-unobserved' };

describeVendorContract<PlivoBehaviour, PlivoFake>(
  {
    provider: 'plivo',
    title: 'Plivo calls report their outcomes through V3-signed callbacks',
    async start() {
      const fake = await startPlivoFake({ numbers: [OWN_NUMBER, INBOUND.active, INBOUND.archived] });
      return {
        fake,
        clear: { auth_id: fake.authId, api_base_url: fake.url },
        secrets: { auth_token: fake.authToken },
      };
    },
    endings: [
      ['+15005555001', { status: 'completed' }, row('completed', 'completed/NORMAL_CLEARING')],
      ['+15005555002', { status: 'busy' }, row('busy', 'busy/USER_BUSY')],
      ['+15005555003', { status: 'no-answer' }, row('no_answer', 'no-answer/NO_ANSWER')],
      ['+15005555004', { status: 'failed' }, row('failed', 'failed/NORMAL_TEMPORARY_FAILURE')],
      [
        '+15005555005',
        { status: 'failed', hangupCause: 'UNALLOCATED_NUMBER' },
        row('invalid_number', 'failed/UNALLOCATED_NUMBER'),
      ],
    ],
    voicemail: {
      to: '+15005555020',
      behaviour: { status: 'completed', machine: true },
      requested: (fake, callId) => fake.calls.get(callId)!.body.machine_detection,
      requestedAs: 'true',
      // Plivo's verdict is only `Machine: true`: a machine as Twilio words its earliest verdict.
      recorded: { provider_status: 'completed/NORMAL_CLEARING', answered_by: 'machine_start' },
    },
    duplicate: { to: '+15005555040', behaviour: { status: 'busy', duplicateHangup: true } },
    lookup: {
      to: '+15005555031',
      behaviour: { status: 'busy', dropHangup: true },
      status: endedUnobserved,
      unknown: {
        providerCallId: 'unknown-request-uuid',
        status: {
          ...endedUnobserved,
          providerCallId: 'unknown-request-uuid',
          cause: null,
          durationSeconds: null,
        },
      },
    },
    hangup: {
      to: '+15005555060',
      behaviour: { status: 'completed', holdOpen: true },
      recorded: { outcome: 'completed' },
    },
    callbacks: {
      to: '+15005555050',
      behaviour: { status: 'completed', holdOpen: true },
      forgeries: (fake, placed) => [
        postCallback(
          placed.callbackUrl,
          fake.signed(placed.callbackUrl, hangupForm(placed), 'wrong-token'),
          placed,
        ),
      ],
      signed: (fake, placed) =>
        postCallback(placed.callbackUrl, fake.signed(placed.callbackUrl, hangupForm(placed)), placed),
      outcome: 'busy',
    },
    numberSync: {
      address: OWN_NUMBER,
      bindOn: 'create',
      async bound({ fake }) {
        const accepted = await fake.callInbound(OWN_NUMBER, '+14155550130');
        expect(accepted.text).toMatch(streamXml());
      },
      refusal: {
        arrange: (fake) => fake.failNumberUpdates('Number not eligible for an application'),
        restore: (fake) => fake.failNumberUpdates(null),
        message: 'plivo answered 400',
      },
      async unbound({ fake }) {
        const refused = await fake.callInbound(OWN_NUMBER, '+14155550131');
        expect(refused.text).toMatch(/<Speak>Sorry.*<\/Speak><Hangup\/>/);
        expect(fake.applications.size).toBe(1);
      },
    },
    inbound: {
      numbers: INBOUND,
      call: ({ fake }, to, from) => instructionsOf(fake.callInbound(to, from)),
      // Accepted: a bidirectional stream to the media process, the run's token in the path, its id in extraHeaders.
      got: { accepted: expect.stringMatching(streamXml()), refused: spokenXml('Speak', REFUSAL) },
    },
  },
  (context) => {
    it('asks Plivo about a call in progress: live until it is hung up', async () => {
      const { world, fake, provider } = context;
      fake.behave('+15005555030', { status: 'completed', holdOpen: true });
      const live = await context.place('+15005555030');
      await fake.settled();
      expect(
        await provider.getCallStatus({
          attemptId: String(live.attemptId),
          providerCallId: live.providerCallId,
        }),
      ).toMatchObject({
        state: 'in_progress',
        rawStatus: 'live',
      });
      await provider.hangup({ attemptId: String(live.attemptId), providerCallId: live.providerCallId });
      expect(await finishedAttempt(world, live.attemptId)).toMatchObject({ outcome: 'completed' });
    });

    it('asks Plivo for an answer URL and an asynchronous AMD URL; the answer streams the call to its run', async () => {
      const { world, fake } = context;
      fake.behave('+15005555070', { status: 'completed', holdOpen: true });
      const placed = await context.place('+15005555070', { amdEnabled: true });
      const body = fake.calls.get(placed.providerCallId)!.body;
      const answerUrl = body.answer_url!;
      expect(answerUrl).toContain(`/api/v1/telephony/answer/plivo/${placed.attemptId}?token=`);
      expect(body.machine_detection_url).toBe(
        placed.callbackUrl.replace('/telephony/status/', '/telephony/amd/'),
      );
      expect(body.machine_detection_method).toBe('POST');

      const answered = new URLSearchParams({
        RequestUUID: placed.providerCallId,
        CallUUID: 'c0ffee00-0000-4000-8000-000000000001',
        CallStatus: 'in-progress',
      });
      const post = (headers: Record<string, string>) =>
        fetch(answerUrl, { method: 'POST', body: answered.toString(), headers });
      const xml = await post(fake.signed(answerUrl, answered));
      expect(xml.status).toBe(200);
      const answer = await xml.text();
      expect(answer).toMatch(streamXml());
      const { streamUrl, extraHeaders } = streamOf(answer);
      expect(streamUrl.startsWith(`${world.t.ctx.config.media.publicUrl}/media/plivo/${placed.runId}.`)).toBe(
        true,
      );
      expect(extraHeaders).toEqual({ run_id: String(placed.runId), attempt_id: String(placed.attemptId) });
      expect((await post(fake.signed(answerUrl, answered, 'another-auth-token'))).status).toBe(403);
      await context.provider.hangup({
        attemptId: String(placed.attemptId),
        providerCallId: placed.providerCallId,
      });
      await finishedAttempt(world, placed.attemptId);
    });
  },
);

/**
 * Plivo XML that streams the call both ways as μ-law at 8 kHz: `extraHeaders` of hexadecimal `name=value` pairs
 * (Plivo allows only letters and digits there), then `wss?://host/media/plivo/{run}.{expiry}.{mac}` as the text.
 */
function streamXml(): RegExp {
  return new RegExp(
    '^<\\?xml version="1.0" encoding="UTF-8"\\?><Response>' +
      '<Stream bidirectional="true" keepCallAlive="true" contentType="audio/x-mulaw;rate=8000" ' +
      'extraHeaders="[0-9a-f]+=[0-9a-f]+(,[0-9a-f]+=[0-9a-f]+)*">' +
      'wss?://[^<?]+/media/plivo/\\d+\\.\\d+\\.[0-9a-f]{8}\\.[A-Za-z0-9_-]{43}</Stream></Response>$',
  );
}

/** The stream URL and the decoded extra headers of a `<Stream>` answer (read with regular expressions, not our code). */
function streamOf(xml: string): { streamUrl: string; extraHeaders: Record<string, string> } {
  const [, headers, streamUrl] = /extraHeaders="([^"]*)">([^<]+)<\/Stream>/.exec(xml)!;
  const hex = (text: string) => Buffer.from(text, 'hex').toString('utf8');
  const extraHeaders = Object.fromEntries(
    headers!.split(',').map((pair) => pair.split('=').map(hex) as [string, string]),
  );
  return { streamUrl: streamUrl!, extraHeaders };
}

function row(outcome: string, providerStatus: string) {
  return { outcome, provider_status: providerStatus };
}

/** The hangup callback of a call as Plivo posts it. */
function hangupForm(placed: { providerCallId: string }): URLSearchParams {
  return new URLSearchParams({
    RequestUUID: placed.providerCallId,
    CallStatus: 'busy',
    HangupCause: 'USER_BUSY',
  });
}

function postCallback(url: string, headers: Record<string, string>, placed: { providerCallId: string }) {
  return fetch(url, { method: 'POST', body: hangupForm(placed).toString(), headers });
}
