import { expect, it } from 'vitest';
import { startTwilioFake, type TwilioBehaviour, type TwilioFake } from './fakes/twilio-fake';
import { finishedAttempt } from './provider-world';
import { REFUSAL, describeVendorContract, instructionsOf, spokenXml } from './contract';

const OWN_NUMBER = '+15005550100';
const INBOUND = { active: '+15005550101', archived: '+15005550102' };

describeVendorContract<TwilioBehaviour, TwilioFake>(
  {
    provider: 'twilio',
    title: 'Twilio calls report their outcomes through the signed status webhook',
    async start() {
      const fake = await startTwilioFake({ numbers: [OWN_NUMBER, INBOUND.active, INBOUND.archived] });
      return {
        fake,
        clear: { account_sid: fake.accountSid, api_base_url: fake.url },
        secrets: { auth_token: fake.authToken },
      };
    },
    endings: [
      ['+15005551001', { final: 'completed' }, row('completed', 'completed', 'sip:200')],
      ['+15005551002', { final: 'busy' }, row('busy', 'busy', 'sip:486')],
      ['+15005551003', { final: 'no-answer' }, row('no_answer', 'no-answer', 'sip:487')],
      ['+15005551004', { final: 'failed' }, row('failed', 'failed', 'sip:500')],
      ['+15005551005', { final: 'failed', sipResponseCode: 404 }, row('invalid_number', 'failed', 'sip:404')],
      ['+15005551006', { final: 'canceled' }, row('canceled', 'canceled', 'sip:487')],
    ],
    voicemail: {
      to: '+15005551020',
      behaviour: { final: 'completed', answeredBy: 'machine_end_beep' },
      requested: (fake, callId) => fake.calls.get(callId)!.form.get('MachineDetection'),
      requestedAs: 'Enable',
      // Asynchronous AMD: the verdict arrives on its own callback and is stored on the attempt; the status says completed.
      recorded: { provider_status: 'completed', answered_by: 'machine_end_beep' },
    },
    duplicate: { to: '+15005551040', behaviour: { final: 'busy', duplicateFinal: true } },
    lookup: {
      to: '+15005551030',
      behaviour: { final: 'busy', dropFinal: true },
      status: { state: 'ended', outcome: 'busy', rawStatus: 'busy' },
      unknown: { providerCallId: 'CAunknown', status: { state: 'not_found' } },
      async more({ provider }) {
        await expect(provider.getCallStatus({ attemptId: 'x', providerCallId: null })).rejects.toMatchObject({
          mayHaveReachedProvider: true,
        });
      },
    },
    hangup: {
      to: '+15005551050',
      behaviour: { final: 'completed', holdOpen: true },
      recorded: { outcome: 'completed' },
    },
    callbacks: {
      to: '+15005551060',
      behaviour: { final: 'completed', holdOpen: true },
      forgeries: (fake, placed) => [
        postCallback(placed.callbackUrl, callbackForm(fake, placed.providerCallId), (form) =>
          fake.sign(placed.callbackUrl, form, 'another-token'),
        ),
        postCallback(placed.callbackUrl, callbackForm(fake, placed.providerCallId), () => ''),
      ],
      signed: (fake, placed) =>
        postCallback(placed.callbackUrl, callbackForm(fake, placed.providerCallId), (form) =>
          fake.sign(placed.callbackUrl, form),
        ),
      outcome: 'busy',
    },
    numberSync: {
      address: OWN_NUMBER,
      bindOn: 'update',
      bound({ fake, world, configurationId }) {
        expect(fake.numbers.get(OWN_NUMBER)!.voice_url).toBe(
          `${world.baseUrl}/api/v1/telephony/inbound/twilio/${configurationId}`,
        );
      },
      refusal: {
        arrange: (fake) =>
          fake.failNumberUpdates({ status: 400, code: 21402, message: 'VoiceUrl is not a valid URL' }),
        restore: (fake) => fake.failNumberUpdates(null),
        message: 'twilio answered 400',
      },
    },
    inbound: {
      numbers: INBOUND,
      call: ({ fake }, to, from) => instructionsOf(fake.callInbound(to, from)),
      // Accepted: a bidirectional stream to the media process, the run's token in the path, its id as a parameter.
      got: { accepted: expect.stringMatching(streamTwiml(['run_id'])), refused: spokenXml('Say', REFUSAL) },
    },
  },
  (context) => {
    it('asks Twilio for status callbacks, a ring timeout and a time limit when placing', async () => {
      const { world, fake } = context;
      const placed = await context.place('+15005551010');
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
      const answer = await twiml.text();
      expect(answer).toMatch(streamTwiml(['run_id', 'attempt_id']));
      const { streamUrl, parameters } = streamOf(answer);
      expect(
        streamUrl.startsWith(`${world.t.ctx.config.media.publicUrl}/media/twilio/${placed.runId}.`),
      ).toBe(true);
      expect(parameters).toEqual({ run_id: String(placed.runId), attempt_id: String(placed.attemptId) });
      expect((await post('forged')).status).toBe(403);
    });
  },
);

/**
 * TwiML that connects the call to a bidirectional Media Stream: `wss?://host/media/twilio/{run}.{expiry}.{mac}`, no
 * query string, then one `<Parameter>` per name, the first being the run of the token.
 */
function streamTwiml(names: string[]): RegExp {
  const rest = names
    .slice(1)
    .map((name) => `<Parameter name="${name}" value="\\d+"/>`)
    .join('');
  return new RegExp(
    '^<\\?xml version="1.0" encoding="UTF-8"\\?><Response><Connect>' +
      '<Stream url="wss?://[^"?]+/media/twilio/(\\d+)\\.\\d+\\.[0-9a-f]{8}\\.[A-Za-z0-9_-]{43}">' +
      `<Parameter name="${names[0]}" value="\\1"/>${rest}</Stream></Connect></Response>$`,
  );
}

/** The stream URL and parameters of `<Connect><Stream>` TwiML (read with a regular expression, not our code). */
function streamOf(twiml: string): { streamUrl: string; parameters: Record<string, string> } {
  const streamUrl = /<Stream url="([^"]+)">/.exec(twiml)![1]!;
  const parameters = Object.fromEntries(
    [...twiml.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, m[2]!]),
  );
  return { streamUrl, parameters };
}

function row(outcome: string, providerStatus: string, cause: string) {
  return { outcome, provider_status: providerStatus, provider_cause: cause };
}

/** A final status callback of the call as Twilio posts it. */
function callbackForm(fake: TwilioFake, callSid: string): URLSearchParams {
  return new URLSearchParams({ CallSid: callSid, CallStatus: 'busy', AccountSid: fake.accountSid });
}

function postCallback(url: string, form: URLSearchParams, signatureOf: (form: URLSearchParams) => string) {
  return fetch(url, {
    method: 'POST',
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signatureOf(form) },
  });
}
