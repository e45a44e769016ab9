/**
 * OpenAI Realtime transcription against a local server that speaks OpenAI's documented transcription-session
 * protocol (test/voice/fakes/openai-realtime-fake.ts): the handshake and the session update, each turn's audio
 * committed and its transcript returned, the audio formats at 8 and 16 kHz, quiet turns sent nowhere, vendor
 * failures as SpeechVendorError (the call's `stt_error`), bad messages logged and skipped, and the base URL held to
 * the destination policy.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { destinationPolicy, type DestinationPolicy } from '../../net/outbound-destinations';
import type { SampleRate } from '../../voice/media-transport';
import { SpeechVendorError, type RecognitionSession } from '../../voice/speech';
import { createOpenAiRealtimeRecognizer } from '../../voice/stt/openai-realtime-recognizer';
import type { RealtimeTimings } from '../../voice/stt/openai-realtime-session';
import { fliteSpeech, say } from './fakes/flite-caller';
import { startOpenAiRealtimeFake, type OpenAiRealtimeFake } from './fakes/openai-realtime-fake';

let fake: OpenAiRealtimeFake;
const loopback = destinationPolicy(['127.0.0.1/32']);
const sessions: RecognitionSession[] = [];
const logged: Array<{ level: number; msg: string }> = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(line: Buffer, _, done) {
      logged.push(JSON.parse(line.toString()) as { level: number; msg: string });
      done();
    },
  }),
);

beforeAll(async () => {
  fake = await startOpenAiRealtimeFake();
});
afterEach(async () => {
  logged.length = 0;
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});
afterAll(() => fake.close());

async function open(
  options: {
    apiKey?: string;
    baseUrl?: string;
    model?: string;
    destinations?: DestinationPolicy;
    sampleRate?: SampleRate;
    timings?: Partial<RealtimeTimings>;
  } = {},
) {
  const recognizer = createOpenAiRealtimeRecognizer({
    apiKey: options.apiKey ?? fake.apiKey,
    baseUrl: options.baseUrl ?? fake.baseUrl,
    model: options.model,
    destinations: options.destinations ?? loopback,
    logger,
    // A commit is answered at once; a turn that waited this long would mean the transcript was missed.
    timings: { completionTimeoutMs: 30_000, ...options.timings },
  });
  const session = await recognizer.open({
    sampleRate: options.sampleRate ?? 16000,
    language: 'en-US',
    signal: new AbortController().signal,
  });
  sessions.push(session);
  return { session, connection: fake.connections.at(-1)! };
}

/** A 1 kHz tone at half scale, `seconds` long. */
const tone = (rate: number, seconds: number) =>
  Int16Array.from({ length: rate * seconds }, (_, i) =>
    Math.round(16000 * Math.sin((2 * Math.PI * 1000 * i) / rate)),
  );

/** The tone's frequency, counted from rising zero crossings (independent of any resampler). */
function frequency(samples: Int16Array, rate: number): number {
  let rising = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1]! < 0 && samples[i]! >= 0) rising++;
  return (rising * rate) / samples.length;
}

describe('an OpenAI realtime transcription session', () => {
  it('opens with the key and the beta header, sets up the session and returns the words of a turn', async () => {
    const { session, connection } = await open();
    expect(connection.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(connection.beta).toBe('realtime=v1');
    expect(connection.query.get('intent')).toBe('transcription');
    expect(connection.updates).toEqual([
      {
        input_audio_format: 'pcm16',
        input_audio_transcription: { model: 'gpt-4o-transcribe', language: 'en' },
        turn_detection: null,
      },
    ]);

    fake.hear({ deltas: ['Hello,', ' this is', ' Sam.'], transcript: 'Hello, this is Sam.' });
    const frames = say(session, await fliteSpeech('hello, this is sam'), 16000);
    expect(await session.endOfTurn()).toBe('Hello, this is Sam.');

    expect(connection.events).toEqual([
      'transcription_session.update',
      'input_audio_buffer.append',
      'input_audio_buffer.commit',
    ]);
    // What was billed went out, at 24 kHz: the speech and its trailing second, less flite's quiet lead-in.
    expect(connection.committed[0]!.length).toBe(Math.round(session.billedSeconds * 16000) * 1.5);
    expect(session.billedSeconds).toBeGreaterThan(frames * 0.02 - 0.5);
    expect(session.billedSeconds).toBeLessThanOrEqual(frames * 0.02);
  });

  it('sends 16 kHz audio as 24 kHz pcm16 and 8 kHz audio as μ-law, the sound unchanged', async () => {
    const wide = await open({ sampleRate: 16000 });
    say(wide.session, tone(16000, 1), 16000, 0);
    await wide.session.endOfTurn();
    expect(frequency(wide.connection.committed[0]!, 24000)).toBeCloseTo(1000, -1);

    const narrow = await open({ sampleRate: 8000 });
    expect(narrow.connection.updates[0]!.input_audio_format).toBe('g711_ulaw');
    const sent = tone(8000, 1);
    say(narrow.session, sent, 8000, 0);
    await narrow.session.endOfTurn();
    const heard = narrow.connection.committed[0]!;
    expect(heard.length).toBe(8000);
    // μ-law keeps each sample within its quantisation step (under 3 % of the value at this level).
    for (let i = 0; i < sent.length; i++)
      expect(Math.abs(heard[i]! - sent[i]!)).toBeLessThanOrEqual(Math.max(8, Math.abs(sent[i]!) * 0.035));
  });

  it('keeps turns apart, holds back quiet lead-ins, and sends nothing for a quiet turn', async () => {
    const { session, connection } = await open();
    fake.hear({ transcript: 'I would like to book.' });
    say(session, await fliteSpeech('I would like to book'), 16000);
    expect(await session.endOfTurn()).toBe('I would like to book.');

    say(session, new Int16Array(16000 * 3), 16000, 0);
    expect(await session.endOfTurn()).toBe('');
    // A click (under the API's 100 ms minimum with its padding) is dropped from the buffer, not committed.
    say(session, tone(16000, 0.04), 16000, 0);
    expect(await session.endOfTurn()).toBe('');
    await vi.waitFor(() => expect(connection.events.at(-1)).toBe('input_audio_buffer.clear'));

    const billed = session.billedSeconds;
    fake.hear({ transcript: 'Tuesday works.' });
    say(session, new Int16Array(16000 * 2), 16000, 0);
    say(session, tone(16000, 0.5), 16000, 1);
    expect(await session.endOfTurn()).toBe('Tuesday works.');

    expect(connection.events.filter((type) => type === 'input_audio_buffer.commit')).toHaveLength(2);
    // The third turn: ten quiet frames (0.2 s) of padding and what followed, not the two quiet seconds before.
    expect(session.billedSeconds - billed).toBeCloseTo(0.2 + 0.5 + 1, 6);
    expect(connection.committed[1]!.length).toBe((0.2 + 0.5 + 1) * 24000);
  });

  it('ends a turn with its deltas when the transcript never completes', async () => {
    const { session } = await open({ timings: { completionTimeoutMs: 500 } });
    fake.hear({ transcript: 'Yes please.', deltas: ['Yes', ' please'], complete: false });
    say(session, await fliteSpeech('yes please'), 16000);
    expect(await session.endOfTurn()).toBe('Yes please');
    expect(logged.map((line) => line.msg)).toContainEqual(expect.stringMatching(/did not complete/));
  });

  it('logs and skips malformed and out-of-place messages, and still hears the turn', async () => {
    const { session, connection } = await open();
    connection.sendRaw('not json');
    connection.sendRaw('[1, 2]');
    connection.sendEvent({ type: 'input_audio_buffer.committed' });
    connection.sendEvent({
      type: 'conversation.item.input_audio_transcription.completed',
      item_id: 'item_x',
      transcript: 'stray',
    });
    await vi.waitFor(() => expect(logged).toHaveLength(4));
    fake.hear({ transcript: 'Still here.' });
    say(session, await fliteSpeech('still here'), 16000);
    expect(await session.endOfTurn()).toBe('Still here.');
    expect(logged.every((line) => line.level === 40)).toBe(true);
  });

  it('closes the socket normally', async () => {
    const { session, connection } = await open();
    await session.close();
    await expect(connection.closed).resolves.toEqual({ code: 1000 });
  });
});

describe('OpenAI realtime failures', () => {
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('a refused key fails the open with SpeechVendorError', async () => {
    const error = await failureOf(open({ apiKey: 'sk-wrong' }));
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as SpeechVendorError).kind).toBe('stt');
    expect((error as Error).message).toMatch(/401/);
  });

  it('a model the server refuses fails the open with its error', async () => {
    const error = await failureOf(open({ model: 'gpt-4o-realtime-preview' }));
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as Error).message).toMatch(/Invalid value: 'gpt-4o-realtime-preview'.*\(invalid_value\)/);
    await expect(fake.connections.at(-1)!.closed).resolves.toEqual({ code: 1000 });
  });

  it('a failed transcription fails its turn', async () => {
    const { session } = await open();
    fake.hear({ failure: 'Input transcription failed for item.' });
    say(session, await fliteSpeech('hello'), 16000);
    await expect(session.endOfTurn()).rejects.toThrow(/transcription failed: Input transcription failed/);
  });

  it('an error event fails the turn in progress and the turns after it', async () => {
    const { session, connection } = await open({ timings: { completionTimeoutMs: 60_000 } });
    fake.hear({ transcript: 'never', deltas: [], complete: false });
    say(session, await fliteSpeech('hello'), 16000);
    const turn = session.endOfTurn();
    await vi.waitFor(() => expect(connection.committed).toHaveLength(1));
    connection.sendEvent({
      type: 'error',
      error: { type: 'server_error', code: null, message: 'The server had an error.' },
    });
    await expect(turn).rejects.toThrow(SpeechVendorError);
    await expect(session.endOfTurn()).rejects.toThrow(/The server had an error/);
  });

  it('a dropped socket fails the turn in progress and the turns after it', async () => {
    const { session, connection } = await open({ timings: { completionTimeoutMs: 60_000 } });
    fake.hear({ transcript: 'never', deltas: [], complete: false });
    say(session, await fliteSpeech('hello'), 16000);
    const turn = session.endOfTurn();
    await vi.waitFor(() => expect(connection.committed).toHaveLength(1));
    connection.drop();
    await expect(turn).rejects.toThrow(/closed the stream/);
    await expect(session.endOfTurn()).rejects.toThrow(SpeechVendorError);
  });

  it.each([
    ['an address', () => fake.baseUrl],
    ['a name', () => fake.baseUrl.replace('127.0.0.1', 'localhost')],
  ])('a private base URL given as %s is refused before connecting unless allowed', async (_, url) => {
    const before = { connections: fake.connections.length, refused: fake.refusedHandshakes };
    const error = await failureOf(open({ baseUrl: url(), destinations: destinationPolicy([]) }));
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as Error).message).toMatch(/private address/);
    expect({ connections: fake.connections.length, refused: fake.refusedHandshakes }).toEqual(before);

    await open({ baseUrl: url(), destinations: destinationPolicy(['127.0.0.1', 'localhost']) });
    expect(fake.connections.length).toBe(before.connections + 1);
  });

  it('a base URL that is not a WebSocket URL is refused', async () => {
    await expect(open({ baseUrl: 'https://api.openai.com/v1' })).rejects.toThrow(SpeechVendorError);
  });
});
