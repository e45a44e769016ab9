import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelnyxFake, type TelnyxFake } from '../providers/fakes/telnyx-fake';
import { openTelnyxStream } from '../providers/fakes/telnyx-media-fake';
import { adapterOf, finishedAttempt, placeAttempt } from '../providers/provider-world';
import { hearsDtmfThenEndsSilentCall, talksAndYieldsToBargeIn } from './live-call-scenarios';
import { startLiveCallWorld, VOICEMAIL, type LiveCallWorld } from './live-call-world';

/**
 * Live Telnyx calls end to end, offline: Call Control answers an inbound call with its run's media stream (or dials
 * with it), the Telnyx fake opens that stream at answer as Telnyx does, speaking Telnyx's wire with every pair of
 * caller frames swapped (Telnyx warns its messages may arrive out of order), the media process takes it and the agent
 * talks (test/voice/live-call-world.ts). When the agent is done it closes the stream, and the call is hung up on
 * `streaming.stopped`, since closing a Telnyx stream does not end the call.
 */
const BOUND = '+15005557001';

describe('a Telnyx call talks with its agent over a bidirectional media stream', () => {
  let live: LiveCallWorld;
  let telnyx: TelnyxFake;
  let clear: Record<string, unknown>;

  beforeAll(async () => {
    telnyx = await startTelnyxFake({ numbers: [BOUND] });
    // Four times real time, as the other vendors' call tests run, with caller frames swapped in pairs.
    telnyx.streamWith({ speed: 4, reorder: true });
    clear = { connection_id: 'app-talk', public_key: telnyx.publicKey, api_base_url: telnyx.url };
    live = await startLiveCallWorld({
      provider: 'telnyx',
      clear,
      secrets: { api_key: telnyx.apiKey },
      bound: BOUND,
    });
  });
  afterAll(async () => {
    await live?.close();
    await telnyx?.close();
  });

  /** An inbound call to the bound number: answered with the stream, which Telnyx opens once the call is up. */
  async function inboundCall() {
    const { callControlId, statuses } = await telnyx.callInbound(BOUND, '+14155550100');
    expect(statuses).toEqual([200]);
    const line = await telnyx.streamOf(callControlId);
    const state = Buffer.from(telnyx.calls.get(callControlId)!.clientState!, 'base64').toString();
    const runId = Number(/^vac-inbound:accept:(\d+)$/.exec(state)![1]);
    return { line, runId, call: telnyx.calls.get(callControlId)! };
  }

  /** The call was hung up by command once its stream was over, and nothing but the answer came before. */
  async function hungUpAfterStream(call: { alive: boolean; commands: Array<{ action: string }> }) {
    await expect.poll(() => call.alive).toBe(false);
    await telnyx.settled();
    expect(call.commands.map((c) => c.action)).toEqual(['answer', 'hangup']);
  }

  it('answers an inbound call with the stream, greets in audio, takes turns, yields to barge-in and hangs up at the end node', async () => {
    const { line, runId, call } = await inboundCall();
    const run = await talksAndYieldsToBargeIn(live, { line, runId }, 'media');
    expect(run.recording_key).toBeTruthy();
    await hungUpAfterStream(call);
  });

  it('hears DTMF, and ends a silent call after asking once whether the caller is still there', async () => {
    const { line, runId, call } = await inboundCall();
    await hearsDtmfThenEndsSilentCall(live, { line, runId });
    await hungUpAfterStream(call);
  });

  it('dials with the stream, leaves the voicemail message after the greeting of a machine, and hangs up; the outcome is voicemail', async () => {
    const { world, configurationId } = live;
    const to = '+15005557100';
    telnyx.behave(to, { hangupCause: 'normal_clearing', answer: true, amdResult: 'machine', holdOpen: true });
    const provider = adapterOf(world, configurationId, 'telnyx', clear, { api_key: telnyx.apiKey });
    const placed = await placeAttempt(world, {
      adapter: provider,
      configurationId,
      phoneNumber: to,
      amdEnabled: true,
      leavesVoicemail: true,
      streamMedia: true,
    });
    const line = await telnyx.streamOf(placed.providerCallId);
    await line.far.run(() => false, 30_000).catch(() => undefined);
    expect((await line.closed).byService).toBe(true);
    expect(line.violations).toEqual([]);
    // The stream stopped at the attempt's status URL: the call is hung up, and its completed end is a voicemail.
    expect(await finishedAttempt(world, placed.attemptId, 10_000)).toMatchObject({
      outcome: 'voicemail',
      answered_by: 'machine_end_beep',
      provider_status: 'hangup/normal_clearing',
    });
    expect(telnyx.calls.get(placed.providerCallId)!.commands.map((c) => c.action)).toEqual(['hangup']);
    const { transcript } = await live.transcriptOf(placed.runId);
    expect(transcript.turns.map((t) => t.content).join(' ')).toContain(VOICEMAIL);
    expect(transcript.end_reason).toBe('voicemail');
  });

  it('refuses a stream with a forged token', async () => {
    const { callControlId } = await telnyx.callInbound(BOUND, '+14155550101');
    const answer = telnyx.calls.get(callControlId)!.commands.find((c) => c.action === 'answer')!;
    const url = String(answer.body.stream_url);
    const forged = url.replace(/\.[A-Za-z0-9_-]{43}$/, `.${'A'.repeat(43)}`);
    expect(forged).not.toBe(url);
    expect(await openTelnyxStream({ url: forged, callControlId, clientState: null })).toEqual({
      opened: false,
      status: 401,
    });
    (await telnyx.streamOf(callControlId)).hangUp();
  });
});
