/**
 * Calls through the voice pipeline speaking with ElevenLabs and Cartesia (their loopback fakes, 16 kHz PCM as the
 * harness's transport runs): the greeting goes out sentence by sentence in order with every sample; a caller talking
 * over a sentence the vendor is still sending stops it (ElevenLabs: the socket closed; Cartesia: its context
 * cancelled); a vendor failure ends the call with `tts_error` after the apology in the local voice.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { destinationPolicy } from '../../net/outbound-destinations';
import { APOLOGY } from '../../voice/call-lines';
import { createCartesiaSynthesizer } from '../../voice/tts/cartesia-synthesizer';
import { createElevenLabsSynthesizer } from '../../voice/tts/elevenlabs-synthesizer';
import { startOpenAiFake } from '../runtime/fakes/openai-fake';
import { GREETING, answerAsAgent, startCall } from './call-harness';
import { startCartesiaFake } from './fakes/cartesia-fake';
import { startElevenLabsFake } from './fakes/elevenlabs-fake';

const fake = await startOpenAiFake();
answerAsAgent(fake);
const eleven = await startElevenLabsFake();
const cartesia = await startCartesiaFake();
const loopback = destinationPolicy(['127.0.0.1/32']);
afterEach(() => {
  eleven.behave('speak');
  cartesia.behave('speak');
});
afterAll(async () => {
  await eleven.close();
  await cartesia.close();
});

const vendors = [
  {
    name: 'ElevenLabs',
    fake: eleven,
    synthesizer: () =>
      createElevenLabsSynthesizer({ apiKey: eleven.apiKey, baseUrl: eleven.baseUrl, destinations: loopback }),
    /** What the vendor got after the sentence once the caller talked over it: the socket closed. */
    stopped: (messages: Array<Record<string, unknown>>) =>
      expect(messages.slice(3)).toEqual([{ close_socket: true }]),
    failure: /ElevenLabs error: quota_exceeded/,
    /** One socket per turn, a context per sentence. */
    greetingSockets: 1,
  },
  {
    name: 'Cartesia',
    fake: cartesia,
    synthesizer: () =>
      createCartesiaSynthesizer({
        apiKey: cartesia.apiKey,
        baseUrl: cartesia.baseUrl,
        destinations: loopback,
      }),
    stopped: (messages: Array<Record<string, unknown>>) =>
      expect(messages.slice(1)).toEqual([{ context_id: messages[0]!.context_id, cancel: true }]),
    failure: /Cartesia error: 500: Generation failed/,
    /** One socket per turn, a context per sentence. */
    greetingSockets: 1,
  },
];

describe.each(vendors)('a call speaking with $name', (vendor) => {
  it('plays the greeting sentence by sentence, in order, with every sample the vendor sent', async () => {
    const before = vendor.fake.connections.length;
    const call = startCall({ fake, synthesizer: vendor.synthesizer() });
    await call.runUntil(call.played(GREETING[1]!));
    expect(call.playedMarks()).toEqual(GREETING);
    const samples = call.transport.received.reduce((sum, audio) => sum + audio.samples, 0);
    expect(samples).toBe(GREETING.join('').length * vendor.fake.samplesPerCharacter);
    expect(vendor.fake.connections.length).toBe(before + vendor.greetingSockets);
    call.pipeline.shutdown();
    await call.pipeline.done;
  });

  it('stops the sentence the vendor is still sending when the caller talks over it', async () => {
    vendor.fake.behave('hold');
    const call = startCall({ fake, synthesizer: vendor.synthesizer() });
    await call.runUntil(() => vendor.fake.connections.length > 0 && call.transport.received.length > 0);
    const connection = vendor.fake.connections.at(-1)!;
    await call.say('Sorry, who is this?');
    await call.runUntil(() => call.transport.clears.length > 0);
    await expect(connection.closed).resolves.toEqual({ code: 1000 });
    vendor.stopped(connection.messages);
    expect(call.playedMarks()).toEqual([]);
    call.pipeline.shutdown();
    await call.pipeline.done;
  });

  it('ends with tts_error after the apology in the local voice when the vendor fails', async () => {
    vendor.fake.behave('error');
    const call = startCall({ fake, synthesizer: vendor.synthesizer() });
    await call.runUntil();
    expect(call.playedMarks()).toEqual([APOLOGY]);
    expect(call.transport.closedWith).toBe('tts_error');
    const finished = call.finished()!;
    expect(finished.endReason).toBe('tts_error');
    expect(finished.error).toMatch(vendor.failure);
  });
});
