import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVonageFake, type VonageFake } from '../providers/fakes/vonage-fake';
import {
  openVonageStream,
  websocketOfNcco,
  type VonageMediaFake,
} from '../providers/fakes/vonage-media-fake';
import { adapterOf, finishedAttempt, placeAttempt } from '../providers/provider-world';
import { hearsDtmfThenEndsSilentCall, talksAndYieldsToBargeIn } from './live-call-scenarios';
import { startLiveCallWorld, VOICEMAIL, type LiveCallWorld } from './live-call-world';

/**
 * Live Vonage calls end to end, offline: the API answers Vonage's answer webhooks with an NCCO connecting the call to
 * a WebSocket, the media process takes the stream the Vonage media fake opens (Vonage's wire: the handshake signed
 * with the signed-webhook JWT, `websocket:connected` with the NCCO's headers, 640-byte frames of 16 kHz PCM both ways,
 * `websocket:dtmf`, `notify` echoed once played, `clear` answered with `websocket:cleared`), and the agent talks
 * (test/voice/live-call-world.ts).
 */
const BOUND = '+15005557001';

describe('a Vonage call talks with its agent over its WebSocket', () => {
  let live: LiveCallWorld;
  let vonage: VonageFake;
  const clear = () => ({
    application_id: vonage.applicationId,
    api_key: vonage.apiKey,
    api_base_url: vonage.url,
    numbers_api_base_url: vonage.url,
  });
  const secrets = () => ({
    private_key: vonage.privateKey,
    api_secret: vonage.apiSecret,
    signature_secret: vonage.signatureSecret,
  });

  beforeAll(async () => {
    vonage = await startVonageFake({ numbers: [{ msisdn: BOUND.slice(1), country: 'US' }] });
    live = await startLiveCallWorld({ provider: 'vonage', clear: clear(), secrets: secrets(), bound: BOUND });
  });
  afterAll(async () => {
    await live?.close();
    await vonage?.close();
  });

  /** Opens the WebSocket an NCCO names, as Vonage does; `signatureSecret` signs its handshake. */
  const openStream = (ncco: string, options: { signatureSecret?: string; speed?: number } = {}) =>
    openVonageStream({
      ncco,
      signatureSecret: options.signatureSecret ?? vonage.signatureSecret,
      apiKey: vonage.apiKey,
      speed: options.speed,
    });

  /** An inbound call to the bound number: Vonage asks the answer URL for an NCCO, then opens the WebSocket. */
  async function inboundCall(): Promise<{ line: VonageMediaFake; runId: number }> {
    const answer = await vonage.callInbound(BOUND, '+14155550100');
    expect(answer.status).toBe(200);
    // Four times real time, as the other vendors' call tests run: a loaded machine's pipeline keeps up.
    const opening = await openStream(answer.text, { speed: 4 });
    if (!opening.opened) throw new Error(`stream refused with ${opening.status}`);
    expect(opening.fake.uuid).toMatch(/^[0-9a-f-]{36}$/);
    return { line: opening.fake, runId: Number(websocketOfNcco(answer.text).headers!.run_id) };
  }

  it('answers an inbound call with the WebSocket, greets in audio, takes turns, yields to barge-in and hangs up at the end node', async () => {
    const call = await inboundCall();
    await talksAndYieldsToBargeIn(live, call, 'audio');
    // The clear was Vonage's `{action: 'clear'}`, and every mark a `notify`.
    const actions = new Set(call.line.sent.map((s) => s.message.action ?? s.message.event));
    expect([...actions].sort()).toEqual(['audio', 'clear', 'notify']);
  });

  it('hears DTMF, and ends a silent call after asking once whether the caller is still there', async () => {
    await hearsDtmfThenEndsSilentCall(live, await inboundCall());
  });

  it('leaves the voicemail message on a machine (advanced AMD among the events) and hangs up; the outcome is voicemail', async () => {
    const { world, configurationId } = live;
    const to = '+15005557100';
    vonage.behave(to, { final: 'completed', machine: true, holdOpen: true });
    const provider = adapterOf(world, configurationId, 'vonage', clear(), secrets());
    const placed = await placeAttempt(world, {
      adapter: provider,
      configurationId,
      phoneNumber: to,
      amdEnabled: true,
    });
    // The machine was reported and stored before the NCCO was asked for: the media process reads it at the start.
    await vonage.settled();
    const answer = await vonage.answer(placed.providerCallId);
    expect(answer.status).toBe(200);
    expect(websocketOfNcco(answer.text).headers).toEqual({
      run_id: String(placed.runId),
      attempt_id: String(placed.attemptId),
      call_uuid: placed.providerCallId,
    });
    const opening = await openStream(answer.text);
    if (!opening.opened) throw new Error(`stream refused with ${opening.status}`);
    const { fake } = opening;
    await fake.far.run(() => false, 30_000).catch(() => undefined);
    expect((await fake.closed).byService).toBe(true);
    // The WebSocket was the NCCO's last action: Vonage ends the call and posts its final event.
    await vonage.ended(placed.providerCallId, Math.ceil(fake.far.mediaMs / 1000));
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      outcome: 'voicemail',
      answered_by: 'machine_start',
    });
    const { transcript } = await live.transcriptOf(placed.runId);
    expect(transcript.turns.map((t) => t.content).join(' ')).toContain(VOICEMAIL);
    expect(transcript.end_reason).toBe('voicemail');
  });

  it('refuses a stream with a forged token, or a handshake signed with another secret', async () => {
    const answer = await vonage.callInbound(BOUND, '+14155550101');
    const forged = answer.text.replace(
      /(\/media\/vonage\/\d+\.\d+\.[0-9a-f]{8}\.)[A-Za-z0-9_-]{43}/,
      '$1' + 'A'.repeat(43),
    );
    expect(forged).not.toBe(answer.text);
    expect(await openStream(forged)).toEqual({ opened: false, status: 401 });
    expect(await openStream(answer.text, { signatureSecret: 'another-signature-secret' })).toEqual({
      opened: false,
      status: 403,
    });
  });
});
