/**
 * Deepgram streaming speech-to-text against a local server that speaks Deepgram's documented live protocol
 * (test/voice/fakes/deepgram-fake.ts): the handshake, the audio, KeepAlive, Finalize and CloseStream, vendor
 * failures as SpeechVendorError, and the base URL held to the destination policy.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { destinationPolicy, type DestinationPolicy } from '../../net/outbound-destinations';
import { SpeechVendorError, type RecognitionSession } from '../../voice/speech';
import { createDeepgramRecognizer, type DeepgramTimings } from '../../voice/stt/deepgram-recognizer';
import { startDeepgramFake, type DeepgramFake } from './fakes/deepgram-fake';
import { fliteSpeech, say } from './fakes/flite-caller';

let fake: DeepgramFake;
const loopback = destinationPolicy(['127.0.0.1/32']);
const sessions: RecognitionSession[] = [];

beforeAll(async () => {
  fake = await startDeepgramFake();
});
afterEach(async () => {
  fake.ignoreFinalize(false);
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});
afterAll(() => fake.close());

async function open(
  options: {
    apiKey?: string;
    baseUrl?: string;
    destinations?: DestinationPolicy;
    timings?: Partial<DeepgramTimings>;
  } = {},
) {
  const recognizer = createDeepgramRecognizer({
    apiKey: options.apiKey ?? fake.apiKey,
    baseUrl: options.baseUrl ?? fake.baseUrl,
    destinations: options.destinations ?? loopback,
    // A Finalize is answered at once; a turn that waited this long would mean from_finalize was missed.
    timings: { finalizeTimeoutMs: 30_000, ...options.timings },
  });
  const session = await recognizer.open({
    sampleRate: 16000,
    language: 'en-US',
    signal: new AbortController().signal,
  });
  sessions.push(session);
  return { session, connection: fake.connections.at(-1)! };
}

describe('a Deepgram stream', () => {
  it('opens with the token and the documented query, streams the audio and finalises each turn', async () => {
    const { session, connection } = await open();
    expect(connection.authorization).toBe(`Token ${fake.apiKey}`);
    expect(Object.fromEntries(connection.query)).toMatchObject({
      encoding: 'linear16',
      sample_rate: '16000',
      channels: '1',
      interim_results: 'true',
      language: 'en-US',
      model: 'nova-3',
    });

    fake.hear({ interim: ['Hello', 'Hello, this'], finals: ['Hello,', 'this is Sam.'] });
    const frames = say(session, await fliteSpeech('hello, this is sam'), 16000);
    expect(await session.endOfTurn()).toBe('Hello, this is Sam.');

    expect(connection.audioBytes).toBe(frames * 640);
    expect(session.billedSeconds).toBeCloseTo(frames * 0.02, 6);
    expect(connection.controls).toEqual(['Finalize']);
  });

  it('keeps finals that came before the Finalize in their turn, and the turns apart', async () => {
    const { session, connection } = await open();
    say(session, await fliteSpeech('I would like to book'), 16000);
    connection.sendResult('I would like', { isFinal: true });
    connection.sendResult('to bo', { isFinal: false });
    fake.hear({ finals: ['to book.'] });
    expect(await session.endOfTurn()).toBe('I would like to book.');

    fake.hear({ finals: ['Tuesday works.'] });
    say(session, await fliteSpeech('tuesday works'), 16000);
    expect(await session.endOfTurn()).toBe('Tuesday works.');
  });

  it('tells what it has heard of the turn as results stream: finals, then the latest interim one', async () => {
    const { session, connection } = await open();
    const heard = () => session.heard!();
    const arrived = async (text: string) => vi.waitUntil(() => heard().text === text, { timeout: 5000 });
    expect(heard()).toEqual({ text: '', settled: true });
    connection.sendResult('my number', { isFinal: false });
    await arrived('my number');
    expect(heard()).toEqual({ text: 'my number', settled: false });
    connection.sendResult('My number is 555.', { isFinal: true });
    await arrived('My number is 555.');
    expect(heard()).toEqual({ text: 'My number is 555.', settled: true });
    connection.sendResult('one two', { isFinal: false });
    await arrived('My number is 555. one two');
    expect(heard().settled).toBe(false);
    // An empty final settles the interim without adding words.
    connection.sendResult('', { isFinal: true });
    await vi.waitUntil(() => heard().settled, { timeout: 5000 });
    expect(heard()).toEqual({ text: 'My number is 555.', settled: true });
    fake.hear({ finals: ['one two three four.'] });
    expect(await session.endOfTurn()).toBe('My number is 555. one two three four.');
    // The next turn starts from nothing.
    expect(heard()).toEqual({ text: '', settled: true });
  });

  it('sends KeepAlive while no audio goes out', async () => {
    const { connection } = await open({ timings: { keepAliveMs: 50 } });
    await vi.waitFor(() => expect(connection.controls).toContain('KeepAlive'));
    expect(connection.audioBytes).toBe(0);
  });

  it('ends a turn with the finals so far when the Finalize goes unanswered', async () => {
    const { session, connection } = await open({ timings: { finalizeTimeoutMs: 1500 } });
    fake.ignoreFinalize(true);
    say(session, await fliteSpeech('yes'), 16000);
    const turn = session.endOfTurn();
    await vi.waitFor(() => expect(connection.controls).toContain('Finalize'));
    connection.sendResult('Yes.', { isFinal: true });
    expect(await turn).toBe('Yes.');
  });

  it('closes with CloseStream, which Deepgram answers with a normal close', async () => {
    const { session, connection } = await open();
    say(session, new Int16Array(3200), 16000, 0);
    await session.close();
    expect(connection.controls).toEqual(['CloseStream']);
    await expect(connection.closed).resolves.toEqual({ code: 1000 });
  });
});

describe('Deepgram failures', () => {
  it('a refused key fails the open with SpeechVendorError', async () => {
    const error: unknown = await open({ apiKey: 'wrong' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as SpeechVendorError).kind).toBe('stt');
    expect((error as Error).message).toMatch(/401/);
  });

  it('a dropped socket fails the turn in progress and the turns after it', async () => {
    const { session, connection } = await open();
    fake.ignoreFinalize(true);
    say(session, await fliteSpeech('hello'), 16000);
    const turn = session.endOfTurn();
    await vi.waitFor(() => expect(connection.controls).toContain('Finalize'));
    connection.drop();
    await expect(turn).rejects.toThrow(SpeechVendorError);
    await expect(session.endOfTurn()).rejects.toThrow(SpeechVendorError);
  });

  it.each([
    ['an address', () => fake.baseUrl],
    ['a name', () => fake.baseUrl.replace('127.0.0.1', 'localhost')],
  ])(
    'a private base URL given as %s is refused before connecting unless the operator allowed it',
    async (_, url) => {
      const before = { connections: fake.connections.length, refused: fake.refusedHandshakes };
      const error: unknown = await open({ baseUrl: url(), destinations: destinationPolicy([]) }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SpeechVendorError);
      expect((error as Error).message).toMatch(/private address/);
      expect({ connections: fake.connections.length, refused: fake.refusedHandshakes }).toEqual(before);

      await open({ baseUrl: url(), destinations: destinationPolicy(['127.0.0.1', 'localhost']) });
      expect(fake.connections.length).toBe(before.connections + 1);
    },
  );

  it('a base URL that is not a WebSocket URL is refused', async () => {
    await expect(open({ baseUrl: 'https://api.deepgram.com' })).rejects.toThrow(SpeechVendorError);
  });
});
