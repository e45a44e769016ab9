/**
 * A chain of models behind one LanguageModel (llm/model-chain.ts): the first-token deadline and the failover to the
 * next model, against two local OpenAI fakes (two endpoints). Deadlines run on a manual clock the test moves, so no
 * assertion depends on how fast the machine is.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError } from '../../llm/abort';
import { LlmUnavailableError, type ChatRequest, type DeadlineClock } from '../../llm/language-model';
import { DEFAULT_FIRST_TOKEN_TIMEOUT_MS, openAiChain, type ModelChain } from '../../llm/model-chain';
import { startOpenAiFake, type OpenAiFake } from '../runtime/fakes/openai-fake';

/** A clock that moves only when the test says so. */
class ManualClock implements DeadlineClock {
  ms = 0;
  private timers = new Set<{ at: number; fire: () => void }>();
  after(delayMs: number, fire: () => void): () => void {
    const timer = { at: this.ms + delayMs, fire };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }
  advance(ms: number): void {
    this.ms += ms;
    for (const timer of [...this.timers].filter((t) => t.at <= this.ms)) {
      this.timers.delete(timer);
      timer.fire();
    }
  }
  get pending(): number {
    return this.timers.size;
  }
}

let primary: OpenAiFake;
let fallback: OpenAiFake;
let clock: ManualClock;

beforeAll(async () => {
  [primary, fallback] = await Promise.all([startOpenAiFake(), startOpenAiFake()]);
});
afterAll(() => Promise.all([primary.close(), fallback.close()]));
beforeEach(() => {
  primary.reset();
  fallback.reset();
  fallback.handle(() => ({ content: 'Fallback here.' }));
  clock = new ManualClock();
});

const chainOf = (firstTokenTimeoutMs?: number, onFailover?: ModelChain['onFailover']) =>
  openAiChain(
    [
      { model: 'gpt-primary', baseUrl: primary.baseUrl, apiKey: 'sk-one' },
      { model: 'gpt-fallback', baseUrl: fallback.baseUrl, apiKey: 'sk-two' },
    ],
    { timeoutMs: 10_000, firstTokenTimeoutMs, onFailover },
  );

const ask = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [{ role: 'user', content: 'Hello?' }],
  deadlineClock: clock,
  ...extra,
});

describe('a model that stalls before its first token', () => {
  it('is abandoned at the deadline and the next model answers, each asked once', async () => {
    primary.handle(() => ({ content: 'Too late.', stallBeforeFirstDelta: true }));
    const failovers: string[] = [];
    const deltas: string[] = [];
    const reply = chainOf(1500, (model) => failovers.push(model)).chat(
      ask({ onText: (delta) => deltas.push(delta) }),
    );
    await vi.waitFor(() => expect(primary.streams[0]?.eventsSent).toBe(1));

    clock.advance(1499);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fallback.requests).toHaveLength(0);
    clock.advance(1);

    const result = await reply;
    expect(result).toMatchObject({ content: 'Fallback here.', model: 'gpt-fallback' });
    expect(deltas.join('')).toBe('Fallback here.');
    expect(failovers).toEqual(['gpt-primary']);
    await expect(primary.streams[0]!.ended).resolves.toBe('closed');
    expect(primary.requests).toHaveLength(1);
    expect(fallback.requests).toHaveLength(1);
    expect(fallback.requests[0]).toMatchObject({ model: 'gpt-fallback', stream: true });
  });

  it('with no deadline configured is abandoned after the default 1.5 s', async () => {
    primary.handle(() => ({ content: 'Too late.', stallBeforeFirstDelta: true }));
    const chain = chainOf();
    expect(chain.firstTokenTimeoutMs).toBe(DEFAULT_FIRST_TOKEN_TIMEOUT_MS);
    expect(DEFAULT_FIRST_TOKEN_TIMEOUT_MS).toBe(1500);
    const reply = chain.chat(ask());
    await vi.waitFor(() => expect(primary.streams[0]?.eventsSent).toBe(1));

    clock.advance(1499);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fallback.requests).toHaveLength(0);
    clock.advance(1);

    await expect(reply).resolves.toMatchObject({ content: 'Fallback here.', model: 'gpt-fallback' });
  });

  it('a text-chat request (no onText) is streamed too, so the deadline holds for it', async () => {
    primary.handle(() => ({ content: 'Too late.', stallBeforeFirstDelta: true }));
    const reply = chainOf(800).chat(ask());
    await vi.waitFor(() => expect(primary.streams).toHaveLength(1));
    clock.advance(800);
    await expect(reply).resolves.toMatchObject({ content: 'Fallback here.' });
    expect(primary.requests[0]).toMatchObject({ stream: true });
  });
});

describe('a model that fails before its first token', () => {
  it('answering 429 hands the request to the next model at once, without retrying', async () => {
    primary.handle(() => ({ status: 429, message: 'Rate limit reached' }));
    const result = await chainOf().chat(ask({ onText: () => undefined }));
    expect(result).toMatchObject({ content: 'Fallback here.', model: 'gpt-fallback' });
    expect(primary.requests).toHaveLength(1);
    expect(clock.pending).toBe(0);
  });

  it('answering 503 or refusing the connection hands it on too', async () => {
    primary.handle(() => ({ status: 503, message: 'Overloaded' }));
    await expect(chainOf().chat(ask())).resolves.toMatchObject({ model: 'gpt-fallback' });
    expect(primary.requests).toHaveLength(1);

    const closed = await startOpenAiFake();
    const unreachable = closed.baseUrl;
    await closed.close();
    const chain = openAiChain(
      [
        { model: 'gpt-gone', baseUrl: unreachable, apiKey: 'sk-one' },
        { model: 'gpt-fallback', baseUrl: fallback.baseUrl, apiKey: 'sk-two' },
      ],
      { timeoutMs: 10_000 },
    );
    await expect(chain.chat(ask())).resolves.toMatchObject({ model: 'gpt-fallback' });
  });
});

describe('every model down', () => {
  it('stalling: fails with LlmUnavailableError after one deadline per model, nothing retried', async () => {
    primary.handle(() => ({ content: 'Late.', stallBeforeFirstDelta: true }));
    fallback.handle(() => ({ content: 'Late too.', stallBeforeFirstDelta: true }));
    const reply = chainOf(1500).chat(ask({ onText: () => undefined }));
    const failure = reply.catch((error: unknown) => error);
    await vi.waitFor(() => expect(primary.streams).toHaveLength(1));
    clock.advance(1500);
    await vi.waitFor(() => expect(fallback.streams).toHaveLength(1));
    clock.advance(1500);

    const error = await failure;
    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect((error as Error).message).toMatch(/gpt-primary: no first token within 1500 ms/);
    expect((error as Error).message).toMatch(/gpt-fallback: no first token within 1500 ms/);
    expect(clock.ms).toBe(3000);
    expect(primary.requests).toHaveLength(1);
    expect(fallback.requests).toHaveLength(1);
  });

  it('rate-limited: fails at once with the last status, each model asked once', async () => {
    primary.handle(() => ({ status: 429, message: 'Rate limit reached' }));
    fallback.handle(() => ({ status: 429, message: 'Rate limit reached' }));
    const error: unknown = await chainOf()
      .chat(ask())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect((error as LlmUnavailableError).status).toBe(429);
    expect(clock.ms).toBe(0);
    expect(primary.requests).toHaveLength(1);
    expect(fallback.requests).toHaveLength(1);
  });
});

describe('once the first delta arrived', () => {
  it('a tool-call delta counts as the first token: the deadline no longer applies', async () => {
    primary.handle(() => ({
      toolCalls: [{ name: 'finish', arguments: { reason: 'the caller said goodbye' } }],
    }));
    primary.streamDelay(10);
    let firstDeltas = 0;
    const result = await chainOf(1500).chat(
      ask({
        tools: [{ name: 'finish', description: 'End.', parameters: { type: 'object', properties: {} } }],
        // Far past the deadline while the rest of the call streams in.
        onFirstDelta: () => {
          firstDeltas += 1;
          clock.advance(10_000);
        },
      }),
    );
    expect(firstDeltas).toBe(1);
    expect(result.toolCalls).toMatchObject([
      { name: 'finish', arguments: { reason: 'the caller said goodbye' } },
    ]);
    expect(result.model).toBe('gpt-primary');
    expect(fallback.requests).toHaveLength(0);
  });

  it('a stream that breaks is the request failing, not handed to the next model', async () => {
    primary.handle(() => ({ content: 'Hello there, how are you?', cutAfterChunks: 1 }));
    const deltas: string[] = [];
    const error: unknown = await chainOf()
      .chat(ask({ onText: (delta) => deltas.push(delta) }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect(deltas).toEqual(['Hello ']);
    expect(fallback.requests).toHaveLength(0);
  });
});

it("the caller's abort while a model stalls is an abort, and no other model is asked", async () => {
  primary.handle(() => ({ content: 'Late.', stallBeforeFirstDelta: true }));
  const controller = new AbortController();
  const reply = chainOf().chat(ask({ signal: controller.signal, onText: () => undefined }));
  await vi.waitFor(() => expect(primary.streams).toHaveLength(1));
  controller.abort();
  const error: unknown = await reply.catch((e: unknown) => e);
  expect(isAbortError(error)).toBe(true);
  expect(fallback.requests).toHaveLength(0);
  expect(clock.pending).toBe(0);
});
