/**
 * The OpenAI-compatible model streams replies (`onText`) and honours its abort signal, against a local fake that
 * answers `stream: true` with server-sent events as OpenAI documents them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError } from '../../llm/abort';
import { LlmUnavailableError, type ChatRequest } from '../../llm/language-model';
import { OpenAiLanguageModel } from '../../llm/openai-model';
import { startOpenAiFake, type OpenAiFake } from '../runtime/fakes/openai-fake';

let fake: OpenAiFake;

const modelOf = (maxRetries = 2) =>
  new OpenAiLanguageModel({
    baseUrl: fake.baseUrl,
    apiKey: 'sk-test',
    model: 'gpt-test',
    timeoutMs: 10_000,
    maxRetries,
    templateAttempts: 1,
  });

const ask = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [{ role: 'user', content: 'Hi, who is this?' }],
  ...extra,
});

beforeAll(async () => {
  fake = await startOpenAiFake();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('a streamed reply', () => {
  it('hands each content delta to onText in order and returns the whole reply with its usage', async () => {
    const chunks = ['Hel', 'lo, this is ', 'Ava from', ' the clinic.'];
    fake.handle(() => ({ content: chunks.join(''), chunks }));
    fake.fixUsage({ prompt_tokens: 31, completion_tokens: 9 });
    const deltas: string[] = [];

    const result = await modelOf().chat(ask({ onText: (delta) => deltas.push(delta) }));

    expect(deltas).toEqual(chunks);
    expect(result).toEqual({
      content: 'Hello, this is Ava from the clinic.',
      toolCalls: [],
      usage: { promptTokens: 31, completionTokens: 9 },
      model: 'gpt-test',
    });
    expect(fake.requests[0]).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    await expect(fake.streams[0]!.ended).resolves.toBe('completed');
  });

  it('assembles tool calls sent in pieces into the same result as the reply not streamed', async () => {
    const toolCalls = [
      {
        name: 'book_slot',
        arguments: { day: 'Tuesday', time: '10:30', note: 'first visit, bring the forms' },
      },
      { name: 'end_call', arguments: { reason: 'booked' } },
    ];
    fake.handle(() => ({ content: 'Booking that now.', toolCalls }));
    fake.fixUsage({ prompt_tokens: 50, completion_tokens: 20 });
    const deltas: string[] = [];

    const streamed = await modelOf().chat(ask({ onText: (delta) => deltas.push(delta) }));
    const whole = await modelOf().chat(ask());

    // The arguments came in 8-character pieces: many more deltas than the words and the two calls.
    expect(fake.streams[0]!.chunksSent).toBeGreaterThan(3 + 2 + 4);
    expect(deltas.join('')).toBe('Booking that now.');
    const withoutIds = (calls: typeof streamed.toolCalls) =>
      calls.map(({ name, arguments: a }) => ({ name, a }));
    expect(withoutIds(streamed.toolCalls)).toEqual(toolCalls.map(({ name, arguments: a }) => ({ name, a })));
    expect(streamed.toolCalls.every((call) => /^call_/.test(call.id))).toBe(true);
    expect({ ...streamed, toolCalls: withoutIds(streamed.toolCalls) }).toEqual({
      ...whole,
      toolCalls: withoutIds(whole.toolCalls),
    });
  });
});

describe('aborting', () => {
  it('mid-stream rejects with an abort error, not LlmUnavailableError, and closes the connection', async () => {
    fake.handle(() => ({ content: 'one two three four five six seven eight nine ten' }));
    fake.streamDelay(15);
    const controller = new AbortController();
    const deltas: string[] = [];

    const reply = modelOf().chat(
      ask({
        signal: controller.signal,
        onText: (delta) => {
          deltas.push(delta);
          if (deltas.length === 2) controller.abort();
        },
      }),
    );

    const error: unknown = await reply.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(LlmUnavailableError);
    expect(deltas).toEqual(['one ', 'two ']);
    await expect(fake.streams[0]!.ended).resolves.toBe('closed');
    expect(fake.streams[0]!.chunksSent).toBeLessThan(10);
    expect(fake.requests).toHaveLength(1);
  });

  it('while waiting for the answer closes the request before anything arrives', async () => {
    fake.streamDelay(2000);
    const controller = new AbortController();
    const deltas: string[] = [];
    const reply = modelOf().chat(ask({ signal: controller.signal, onText: (delta) => deltas.push(delta) }));
    await vi.waitFor(() => expect(fake.streams).toHaveLength(1));

    controller.abort();

    expect(isAbortError(await reply.catch((e: unknown) => e))).toBe(true);
    await expect(fake.streams[0]!.ended).resolves.toBe('closed');
    expect(fake.streams[0]!.eventsSent).toBe(0);
    expect(deltas).toEqual([]);
  });

  it('before the request sends nothing', async () => {
    const error: unknown = await modelOf()
      .chat(ask({ signal: AbortSignal.abort(), onText: () => undefined }))
      .catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(fake.requests).toHaveLength(0);
  });

  it('rejects with the reason the caller gave', async () => {
    const controller = new AbortController();
    const bargeIn = new Error('barge-in');
    fake.streamDelay(15);
    const reply = modelOf().chat(ask({ signal: controller.signal, onText: () => controller.abort(bargeIn) }));
    await expect(reply).rejects.toBe(bargeIn);
  });
});

describe('a stream that breaks', () => {
  it('before its first delta is asked again', async () => {
    let calls = 0;
    fake.handle(() =>
      ++calls === 1 ? { content: 'Hello there.', cutAfterChunks: 0 } : { content: 'Hello there.' },
    );
    const deltas: string[] = [];

    const result = await modelOf().chat(ask({ onText: (delta) => deltas.push(delta) }));

    expect(fake.requests).toHaveLength(2);
    expect(deltas).toEqual(['Hello ', 'there.']);
    expect(result.content).toBe('Hello there.');
  });

  it('after a delta fails with LlmUnavailableError and is not asked again', async () => {
    fake.handle(() => ({ content: 'Hello there, how are you today?', cutAfterChunks: 2 }));
    const deltas: string[] = [];

    const error: unknown = await modelOf()
      .chat(ask({ onText: (delta) => deltas.push(delta) }))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect(fake.requests).toHaveLength(1);
    expect(deltas).toEqual(['Hello ', 'there, ']);
  });

  it('answered with an HTTP error fails with LlmUnavailableError carrying the status', async () => {
    fake.handle(() => ({ status: 400, message: 'bad model' }));
    const error: unknown = await modelOf()
      .chat(ask({ onText: () => undefined }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect((error as LlmUnavailableError).status).toBe(400);
  });
});
