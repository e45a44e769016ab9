/**
 * What Telnyx calls need to talk, against the Telnyx fake: a dial asks for the run's media stream (and AMD in the
 * mode the agent needs), the AMD events map onto Twilio's words, an outbound call is hung up once its stream is over
 * (closing a Call Control stream does not end the call), and a call is transferred with `actions/transfer`.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { freePort } from '../../devstack/processes';
import { telnyxMachineVerdict } from '../../providers/telnyx/telnyx-machine';
import { telnyxCallStatus } from '../../providers/telnyx/telnyx-status';
import { ProviderRequestError } from '../../providers/provider-errors';
import type { TelephonyProvider } from '../../providers/provider';
import { startTelnyxFake, type TelnyxFake } from './fakes/telnyx-fake';
import {
  adapterOf,
  finishedAttempt,
  insertConfiguration,
  placeAttempt,
  startProviderWorld,
  type ProviderWorld,
} from './provider-world';

const event = (eventType: string, payload: Record<string, unknown>) => ({
  data: { event_type: eventType, payload: { call_control_id: 'v3:call', ...payload } },
});
const stateOf = (text: string) => Buffer.from(text).toString('base64');

describe("Telnyx's answering-machine events in Twilio's words", () => {
  it.each([
    ['call.machine.detection.ended', 'human', 'human'],
    ['call.machine.detection.ended', 'machine', 'machine_start'],
    ['call.machine.detection.ended', 'not_sure', 'unknown'],
    ['call.machine.greeting.ended', 'beep_detected', 'machine_end_beep'],
    ['call.machine.greeting.ended', 'ended', 'machine_end_other'],
    ['call.machine.greeting.ended', 'not_sure', 'machine_end_other'],
    ['call.machine.premium.detection.ended', 'human_residence', 'human'],
    ['call.machine.premium.detection.ended', 'human_business', 'human'],
    ['call.machine.premium.detection.ended', 'machine', 'machine_start'],
    ['call.machine.premium.detection.ended', 'fax_detected', 'fax'],
    ['call.machine.premium.detection.ended', 'silence', 'unknown'],
    ['call.machine.premium.greeting.ended', 'beep_detected', 'machine_end_beep'],
    ['call.machine.premium.greeting.ended', 'no_beep_detected', 'machine_end_other'],
  ])('%s with result %s is %s, and no status', (eventType, result, answeredBy) => {
    const body = event(eventType, { result, client_state: stateOf('attempt:7') });
    expect(telnyxMachineVerdict(body)).toEqual({ providerCallId: 'v3:call', answeredBy });
    expect(telnyxCallStatus(body)).toBeNull();
  });

  it('waits for the end of the greeting when the agent leaves a message, and reads no verdict elsewhere', () => {
    const waiting = stateOf('attempt:7:after-greeting');
    const detected = event('call.machine.detection.ended', { result: 'machine', client_state: waiting });
    expect(telnyxMachineVerdict(detected)).toBeNull();
    expect(telnyxCallStatus(detected)).toMatchObject({ state: 'in_progress' });
    const human = event('call.machine.detection.ended', { result: 'human', client_state: waiting });
    expect(telnyxMachineVerdict(human)).toEqual({ providerCallId: 'v3:call', answeredBy: 'human' });
    for (const other of [
      event('call.machine.detection.ended', { result: 'maybe' }),
      event('call.answered', { result: 'machine' }),
      event('streaming.stopped', {}),
      { data: { event_type: 'call.machine.greeting.ended', payload: { result: 'beep_detected' } } },
    ])
      expect(telnyxMachineVerdict(other)).toBeNull();
  });
});

describe('Telnyx calls placed with their media stream', () => {
  let world: ProviderWorld;
  let fake: TelnyxFake;
  let provider: TelephonyProvider;
  let configurationId: number;
  /** A stand-in media process: takes each stream and closes it once Telnyx's start came, as a finished agent does. */
  let media: WebSocketServer;

  beforeAll(async () => {
    media = new WebSocketServer({ port: await freePort(), host: '127.0.0.1' });
    await once(media, 'listening');
    media.on('connection', (socket) =>
      socket.on('message', (data: Buffer) => {
        if ((JSON.parse(data.toString()) as { event: string }).event === 'start') socket.close(1000);
      }),
    );
    world = await startProviderWorld({
      MEDIA_PUBLIC_URL: `ws://127.0.0.1:${(media.address() as AddressInfo).port}`,
    });
    fake = await startTelnyxFake();
    const clear = { connection_id: 'app-voice', public_key: fake.publicKey, api_base_url: fake.url };
    const secrets = { api_key: fake.apiKey };
    configurationId = await insertConfiguration(world, 'telnyx', clear, secrets);
    provider = adapterOf(world, configurationId, 'telnyx', clear, secrets);
  });
  afterAll(async () => {
    await fake?.close();
    await world?.close();
    await new Promise((resolve) => media?.close(resolve));
  });

  const place = (
    to: string,
    extra: Parameters<typeof placeAttempt>[1] extends infer I ? Partial<I> : never,
  ) => placeAttempt(world, { adapter: provider, configurationId, phoneNumber: to, ...extra });

  it('asks for the stream in bidirectional RTP mode and for AMD, waiting for the greeting when a message is left', async () => {
    fake.behave('+15005554301', { hangupCause: 'user_busy' });
    fake.behave('+15005554302', { hangupCause: 'user_busy' });
    const streamed = await place('+15005554301', { streamMedia: true, amdEnabled: true });
    const leaving = await place('+15005554302', { amdEnabled: true, leavesVoicemail: true });
    const body = fake.calls.get(streamed.providerCallId)!.body;
    expect(body).toMatchObject({
      stream_track: 'inbound_track',
      stream_codec: 'PCMU',
      stream_bidirectional_mode: 'rtp',
      stream_bidirectional_codec: 'PCMU',
      answering_machine_detection: 'detect',
    });
    expect(String(body.stream_url)).toMatch(
      new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/media/telnyx/${streamed.runId}\\.\\d+\\.[0-9a-f]{8}\\.[A-Za-z0-9_-]{43}$`),
    );
    const other = fake.calls.get(leaving.providerCallId)!.body;
    expect(other.answering_machine_detection).toBe('greeting_end');
    expect(other.stream_url).toBeUndefined();
    expect(Buffer.from(String(other.client_state), 'base64').toString()).toBe(
      `attempt:${leaving.attemptId}:after-greeting`,
    );
    await Promise.all([streamed, leaving].map((placed) => finishedAttempt(world, placed.attemptId)));
  });

  it('hangs an answered call up once its stream is over; the call ends completed', async () => {
    fake.behave('+15005554303', { hangupCause: 'normal_clearing', answer: true, holdOpen: true });
    const placed = await place('+15005554303', { streamMedia: true });
    const attempt = await finishedAttempt(world, placed.attemptId);
    expect(attempt).toMatchObject({ outcome: 'completed', provider_status: 'hangup/normal_clearing' });
    const call = fake.calls.get(placed.providerCallId)!;
    expect(call.commands.map((c) => c.action)).toEqual(['hangup']);
    await fake.settled();
  });

  it('transfers a call to a number or a SIP URI, with the caller id when given, and leaves it up when its stream stops', async () => {
    fake.behave('+15005554304', { hangupCause: 'normal_clearing', answer: true, holdOpen: true });
    const placed = await place('+15005554304', {});
    const call = fake.calls.get(placed.providerCallId)!;
    await expect.poll(() => call.answered).toBe(true);
    await provider.transferCall!({
      providerCallId: placed.providerCallId,
      destination: '+15551234567',
      callerId: '+15005550006',
    });
    await provider.transferCall!({
      providerCallId: placed.providerCallId,
      destination: 'sip:desk@pbx.example.com',
      callerId: null,
    });
    const transfers = call.commands.filter((c) => c.action === 'transfer').map((c) => c.body);
    const transferred = Buffer.from('vac-transferred').toString('base64');
    expect(transfers).toEqual([
      { to: '+15551234567', from: '+15005550006', client_state: transferred },
      { to: 'sip:desk@pbx.example.com', client_state: transferred },
    ]);
    // The agent's stream stops once the call is handed over: the call stays up, with the person.
    expect(await fake.event(placed.providerCallId, 'streaming.stopped')).toBe(200);
    expect(call.commands.some((c) => c.action === 'hangup')).toBe(false);
    await expect(
      provider.transferCall!({ providerCallId: placed.providerCallId, destination: 'desk', callerId: null }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(
      provider.transferCall!({ providerCallId: 'v3:gone', destination: '+15551234567', callerId: null }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
    await provider.hangup({ attemptId: String(placed.attemptId), providerCallId: placed.providerCallId });
    await finishedAttempt(world, placed.attemptId);
  });
});
