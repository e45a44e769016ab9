/**
 * Speech-to-text through an OpenAI-compatible transcription endpoint, against a local server that checks the
 * multipart body as OpenAI documents it: one WAV per turn with the caller's speech (quiet ends trimmed), its
 * model and language; vendor failures as SpeechVendorError; the base URL held to the destination policy.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { destinationPolicy, type DestinationPolicy } from '../../net/outbound-destinations';
import { silenceFrame } from '../../voice/audio/frames';
import { SpeechVendorError, type RecognitionSession } from '../../voice/speech';
import { createOpenAiTranscriber } from '../../voice/stt/openai-transcriber';
import { fliteSpeech, say } from './fakes/flite-caller';
import { startTranscriptionFake, type TranscriptionFake } from './fakes/openai-transcription-fake';

let fake: TranscriptionFake;
const loopback = destinationPolicy(['127.0.0.1/32']);

beforeAll(async () => {
  fake = await startTranscriptionFake();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.handle(() => ({ text: '' }));
});
afterAll(() => fake.close());

function open(
  options: { apiKey?: string; baseUrl?: string; model?: string; destinations?: DestinationPolicy } = {},
): Promise<RecognitionSession> {
  return createOpenAiTranscriber({
    apiKey: options.apiKey ?? fake.apiKey,
    baseUrl: options.baseUrl ?? fake.baseUrl,
    model: options.model,
    destinations: options.destinations ?? loopback,
  }).open({ sampleRate: 16000, language: 'en-US', signal: new AbortController().signal });
}

/** The agent talking (the caller silent), then the caller's speech and the silence that ends the turn. */
async function callerTurn(session: RecognitionSession, text: string): Promise<Int16Array> {
  for (let i = 0; i < 100; i++) session.write(silenceFrame(16000));
  const speech = await fliteSpeech(text);
  say(session, speech, 16000, 1);
  return speech;
}

function containsSequence(haystack: Int16Array, needle: Int16Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

describe('an OpenAI-compatible transcription', () => {
  it("sends each turn's speech as one WAV with the documented fields and returns its text", async () => {
    fake.handle((request) => ({ text: request.wav.samples.length > 0 ? ' Hello world. ' : '' }));
    const session = await open();

    const speech = await callerTurn(session, 'hello world');
    expect(await session.endOfTurn()).toBe('Hello world.');

    const [request] = fake.requests;
    expect(request).toMatchObject({
      authorization: `Bearer ${fake.apiKey}`,
      fields: { model: 'whisper-1', language: 'en', response_format: 'json' },
      fileName: 'utterance.wav',
      fileType: 'audio/wav',
    });
    const { samples, sampleRate } = request!.wav;
    expect(sampleRate).toBe(16000);
    // Every loud sample of the speech, in order; the 2 s before and 1 s after trimmed to their padding.
    expect(containsSequence(samples, speech.subarray(4800, speech.length - 4800))).toBe(true);
    expect(samples.length).toBeLessThan(speech.length + 21 * 320);
    expect(session.billedSeconds).toBe(samples.length / 16000);
  });

  it('keeps the turns apart and names the configured model', async () => {
    const texts = ['Yes, this is Sam.', 'Tuesday works.'];
    fake.handle(() => ({ text: texts[fake.requests.length - 1]! }));
    const session = await open({ model: 'gpt-4o-mini-transcribe' });

    await callerTurn(session, 'yes this is sam');
    expect(await session.endOfTurn()).toBe('Yes, this is Sam.');
    const second = await callerTurn(session, 'tuesday works');
    expect(await session.endOfTurn()).toBe('Tuesday works.');

    expect(fake.requests.map((request) => request.fields.model)).toEqual([
      'gpt-4o-mini-transcribe',
      'gpt-4o-mini-transcribe',
    ]);
    expect(fake.requests[1]!.wav.samples.length).toBeLessThan(second.length + 21 * 320);
  });

  it('sends nothing and bills nothing for a turn without speech', async () => {
    const session = await open();
    for (let i = 0; i < 150; i++) session.write(silenceFrame(16000));
    expect(await session.endOfTurn()).toBe('');
    expect(fake.requests).toHaveLength(0);
    expect(session.billedSeconds).toBe(0);
  });
});

describe('transcription failures', () => {
  it.each([
    ['a refused key', { apiKey: 'wrong' }, /HTTP 401/],
    ['a server error', {}, /HTTP 500/],
  ])('%s fails the turn with SpeechVendorError', async (_, options, message) => {
    fake.handle(() => ({ status: 500, message: 'The server had an error' }));
    const session = await open(options);
    await callerTurn(session, 'hello');
    const error: unknown = await session.endOfTurn().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as SpeechVendorError).kind).toBe('stt');
    expect((error as Error).message).toMatch(message);
  });

  it('an endpoint that cannot be reached fails the turn with SpeechVendorError', async () => {
    const session = await open({ baseUrl: 'http://127.0.0.1:9/v1' });
    await callerTurn(session, 'hello');
    await expect(session.endOfTurn()).rejects.toThrow(SpeechVendorError);
  });

  it('a private base URL is refused before anything is sent unless the operator allowed it', async () => {
    fake.handle(() => ({ text: 'Hello.' }));
    const refused = await open({ destinations: destinationPolicy([]) });
    await callerTurn(refused, 'hello');
    await expect(refused.endOfTurn()).rejects.toThrow(/private address/);
    expect(fake.requests).toHaveLength(0);

    const allowed = await open({ destinations: destinationPolicy(['127.0.0.1']) });
    await callerTurn(allowed, 'hello');
    expect(await allowed.endOfTurn()).toBe('Hello.');
  });

  it('a base URL that is not an HTTP URL is refused at open', async () => {
    await expect(open({ baseUrl: '' })).rejects.toThrow(SpeechVendorError);
    await expect(open({ baseUrl: 'ftp://example.com/v1' })).rejects.toThrow(SpeechVendorError);
  });
});
