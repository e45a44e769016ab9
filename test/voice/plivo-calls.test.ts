import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlivoFake, type PlivoFake } from '../providers/fakes/plivo-fake';
import { openPlivoStream, type PlivoMediaFake } from '../providers/fakes/plivo-media-fake';
import { adapterOf, placeAttempt } from '../providers/provider-world';
import {
  expectVoicemailLeft,
  hearsDtmfThenEndsSilentCall,
  talksAndYieldsToBargeIn,
  withForgedToken,
} from './live-call-scenarios';
import { startLiveCallWorld, type LiveCallWorld } from './live-call-world';

/**
 * Live Plivo calls end to end, offline: the API answers Plivo's answer URLs with a bidirectional `<Stream>`, the
 * media process takes the stream the Plivo media fake opens (Plivo's wire: `start` relaying the XML's
 * `extraHeaders`, `media`, `dtmf`, `playedStream` only for played checkpoints, `clearedAudio`), and the agent talks
 * (test/voice/live-call-world.ts).
 */
const BOUND = '+15005556001';
const RUN_ID_HEADER = Buffer.from('run_id').toString('hex');

describe('a Plivo call talks with its agent over a bidirectional audio stream', () => {
  let live: LiveCallWorld;
  let plivo: PlivoFake;

  beforeAll(async () => {
    plivo = await startPlivoFake({ numbers: [BOUND] });
    live = await startLiveCallWorld({
      provider: 'plivo',
      clear: { auth_id: plivo.authId, api_base_url: plivo.url },
      secrets: { auth_token: plivo.authToken },
      bound: BOUND,
    });
  });
  afterAll(async () => {
    await live?.close();
    await plivo?.close();
  });

  /** An inbound call to the bound number: Plivo asks its application's answer URL for XML, then opens the stream. */
  async function inboundCall(): Promise<{ line: PlivoMediaFake; runId: number }> {
    const answer = await plivo.callInbound(BOUND, '+14155550100');
    expect(answer.status).toBe(200);
    // Four times real time, as the Twilio call tests run: a loaded machine's pipeline keeps up with the far end.
    const opening = await openPlivoStream({ xml: answer.text, speed: 4 });
    if (!opening.opened) throw new Error(`stream refused with ${opening.status}`);
    const runHex = new RegExp(`extraHeaders="(?:[^"]*,)?${RUN_ID_HEADER}=([0-9a-f]+)`).exec(answer.text)![1]!;
    return { line: opening.fake, runId: Number(Buffer.from(runHex, 'hex').toString('utf8')) };
  }

  it('answers an inbound call with the stream, greets in audio, takes turns, yields to barge-in and hangs up at the end node', async () => {
    await talksAndYieldsToBargeIn(live, await inboundCall(), 'playAudio');
  });

  it('hears DTMF, and ends a silent call after asking once whether the caller is still there', async () => {
    await hearsDtmfThenEndsSilentCall(live, await inboundCall());
  });

  it('leaves the voicemail message on a machine (asynchronous AMD) and hangs up; the outcome is voicemail', async () => {
    const { world, configurationId } = live;
    const to = '+15005556100';
    plivo.behave(to, { status: 'completed', machine: true, holdOpen: true });
    const clear = { auth_id: plivo.authId, api_base_url: plivo.url };
    const provider = adapterOf(world, configurationId, 'plivo', clear, { auth_token: plivo.authToken });
    const placed = await placeAttempt(world, {
      adapter: provider,
      configurationId,
      phoneNumber: to,
      amdEnabled: true,
    });
    await plivo.settled();
    const call = plivo.calls.get(placed.providerCallId)!;
    const answered = new URLSearchParams({
      RequestUUID: call.requestUuid,
      CallUUID: call.callUuid,
      CallStatus: 'in-progress',
      Direction: 'outbound',
    });
    const answerUrl = call.body.answer_url!;
    const xml = await fetch(answerUrl, {
      method: 'POST',
      body: answered.toString(),
      headers: plivo.signed(answerUrl, answered),
    });
    const opening = await openPlivoStream({ xml: await xml.text(), callId: call.callUuid });
    if (!opening.opened) throw new Error(`stream refused with ${opening.status}`);
    const { fake } = opening;
    await fake.far.run(() => false, 30_000).catch(() => undefined);
    expect((await fake.closed).byService).toBe(true);
    // The stream was the XML's last element: Plivo ends the call and posts its hangup callback.
    const hangup = new URLSearchParams({
      RequestUUID: call.requestUuid,
      CallUUID: call.callUuid,
      CallStatus: 'completed',
      Event: 'Hangup',
      HangupCause: 'NORMAL_CLEARING',
      HangupCauseCode: '4000',
      Duration: String(Math.ceil(fake.far.mediaMs / 1000)),
    });
    const hangupUrl = call.body.hangup_url!;
    await fetch(hangupUrl, {
      method: 'POST',
      body: hangup.toString(),
      headers: plivo.signed(hangupUrl, hangup),
    });
    await expectVoicemailLeft(live, placed, 'machine_start');
  });

  it('refuses a stream with a forged token', async () => {
    const answer = await plivo.callInbound(BOUND, '+14155550101');
    const forged = withForgedToken(answer.text, 'plivo');
    expect(await openPlivoStream({ xml: forged })).toEqual({ opened: false, status: 401 });
  });
});
