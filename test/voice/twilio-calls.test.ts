import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWav } from '../../voice/audio/wav';
import { startTwilioFake, type TwilioFake } from '../providers/fakes/twilio-fake';
import { openTwilioStream, type TwilioMediaFake } from '../providers/fakes/twilio-media-fake';
import { placeAttempt, adapterOf } from '../providers/provider-world';
import {
  expectVoicemailLeft,
  hearsDtmfThenEndsSilentCall,
  talksAndYieldsToBargeIn,
  withForgedToken,
} from './live-call-scenarios';
import { startLiveCallWorld, type LiveCallWorld } from './live-call-world';

/**
 * Live Twilio calls end to end, offline: the API answers Twilio's webhooks with `<Connect><Stream>`, the media
 * process (media/server.ts) takes the stream the Twilio media fake opens, and the agent talks: flite speech as the
 * caller, Deepgram's fake hearing it, the OpenAI fake as the LLM, the local synthesiser as the agent's voice
 * (test/voice/live-call-world.ts).
 */
const BOUND = '+15005554001';

describe('a Twilio call talks with its agent over a bidirectional media stream', () => {
  let live: LiveCallWorld;
  let twilio: TwilioFake;

  beforeAll(async () => {
    twilio = await startTwilioFake({ numbers: [BOUND] });
    live = await startLiveCallWorld({
      provider: 'twilio',
      clear: { account_sid: twilio.accountSid, api_base_url: twilio.url },
      secrets: { auth_token: twilio.authToken },
      bound: BOUND,
    });
  });
  afterAll(async () => {
    await live?.close();
    await twilio?.close();
  });

  /** An inbound call to the bound number: Twilio asks for TwiML, then opens the stream it names. */
  async function inboundCall(): Promise<{ line: TwilioMediaFake; runId: number }> {
    const answer = await twilio.callInbound(BOUND, '+14155550100');
    expect(answer.status).toBe(200);
    const opening = await openTwilioStream({
      twiml: answer.text,
      authToken: twilio.authToken,
      accountSid: twilio.accountSid,
      // Four times real time: fast, and slow enough that a loaded machine's pipeline keeps up with the far end's
      // playback (a pipeline lagging seconds of media behind would hear a barge-in after the story ended).
      speed: 4,
    });
    if (!opening.opened) throw new Error(`stream refused with ${opening.status}`);
    const runId = Number(/name="run_id" value="(\d+)"/.exec(answer.text)![1]);
    return { line: opening.fake, runId };
  }

  async function readBytes(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await live.world.t.ctx.storage.getObjectStream(key))
      chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  it('answers an inbound call with the stream, greets in audio, takes turns, yields to barge-in and hangs up at the end node', async () => {
    const run = await talksAndYieldsToBargeIn(live, await inboundCall(), 'media');
    expect(run.recording_key).toBeTruthy();
    const recording = parseWav(await readBytes(run.recording_key!));
    expect(recording.samples.length).toBeGreaterThan(0);
  });

  it('hears DTMF, and ends a silent call after asking once whether the caller is still there', async () => {
    await hearsDtmfThenEndsSilentCall(live, await inboundCall());
  });

  it('leaves the voicemail message on a machine (asynchronous AMD) and hangs up; the outcome is voicemail', async () => {
    const to = '+15005554100';
    twilio.behave(to, { final: 'completed', answeredBy: 'machine_end_beep', holdOpen: true });
    const { world, configurationId } = live;
    const provider = adapterOf(
      world,
      configurationId,
      'twilio',
      { account_sid: twilio.accountSid, api_base_url: twilio.url },
      { auth_token: twilio.authToken },
    );
    const placed = await placeAttempt(world, {
      adapter: provider,
      configurationId,
      phoneNumber: to,
      amdEnabled: true,
    });
    await twilio.settled();
    const answerUrl = twilio.calls.get(placed.providerCallId)!.form.get('Url')!;
    const answered = new URLSearchParams({ CallSid: placed.providerCallId, CallStatus: 'in-progress' });
    const twiml = await fetch(answerUrl, {
      method: 'POST',
      body: answered.toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.sign(answerUrl, answered),
      },
    });
    const opening = await openTwilioStream({
      twiml: await twiml.text(),
      authToken: twilio.authToken,
      accountSid: twilio.accountSid,
      callSid: placed.providerCallId,
    });
    if (!opening.opened) throw new Error(`stream refused with ${opening.status}`);
    const { fake } = opening;
    await fake.far.run(() => false, 30_000).catch(() => undefined);
    expect((await fake.closed).byService).toBe(true);
    await twilio.twimlEnded(placed.providerCallId, Math.ceil(fake.far.mediaMs / 1000));
    await expectVoicemailLeft(live, placed, 'machine_end_beep');
  });

  it('refuses a stream with a forged token or a forged handshake signature', async () => {
    const answer = await twilio.callInbound(BOUND, '+14155550101');
    const forgedToken = withForgedToken(answer.text, 'twilio');
    expect(
      await openTwilioStream({
        twiml: forgedToken,
        authToken: twilio.authToken,
        accountSid: twilio.accountSid,
      }),
    ).toMatchObject({ opened: false });
    expect(
      await openTwilioStream({
        twiml: answer.text,
        authToken: twilio.authToken,
        signWith: 'another-auth-token',
        accountSid: twilio.accountSid,
      }),
    ).toEqual({ opened: false, status: 403 });
  });
});
