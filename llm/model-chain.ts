/**
 * A voice configuration's LLM with its fallbacks, behind one LanguageModel. A request goes to the first model; when
 * no delta of its reply (text or a tool call) arrives within the first-token deadline, or the model fails before one
 * arrived (429, 5xx, a connection that breaks, any error), that request is abandoned at once and the same request goes
 * to the next model: a failed model is never asked again first, so with every model down the request fails after at
 * most one deadline per model. Once a delta arrived the request is that model's (the caller may already be hearing
 * it): a later failure is the request's, as before. Every request is streamed (one without `onText` too), so the
 * deadline holds for text chats, extraction and dispositions alike. The chained models must not retry themselves
 * (maxRetries 0): the chain is the retry.
 */
import { abortReason } from './abort';
import {
  LlmUnavailableError,
  type ChatRequest,
  type ChatResult,
  type DeadlineClock,
  type LanguageModel,
} from './language-model';
import { OpenAiLanguageModel } from './openai-model';

/** The first-token deadline when a configuration sets none. */
export const DEFAULT_FIRST_TOKEN_TIMEOUT_MS = 1500;

const wallClock: DeadlineClock = {
  after(delayMs, fire) {
    const timer = setTimeout(fire, delayMs);
    return () => clearTimeout(timer);
  },
};

/** The reason a request that saw no delta in time is aborted with. */
class FirstTokenStall extends Error {
  constructor(timeoutMs: number) {
    super(`no first token within ${timeoutMs} ms`);
    this.name = 'FirstTokenStall';
  }
}

type Attempt = { ok: true; result: ChatResult } | { ok: false; error: LlmUnavailableError };

export class ModelChain implements LanguageModel {
  constructor(
    /** The primary model, then its fallbacks in order. */
    readonly models: readonly LanguageModel[],
    readonly firstTokenTimeoutMs: number = DEFAULT_FIRST_TOKEN_TIMEOUT_MS,
    /** Told of each model that was abandoned for the next (for the log). */
    readonly onFailover?: (model: string, error: LlmUnavailableError) => void,
  ) {
    if (models.length === 0) throw new Error('A model chain needs at least one model.');
  }

  get model(): string {
    return this.models[0]!.model;
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    const failures: LlmUnavailableError[] = [];
    for (const [index, model] of this.models.entries()) {
      if (request.signal?.aborted) throw abortReason(request.signal);
      const attempt = await this.attempt(model, request);
      if (attempt.ok) return attempt.result;
      failures.push(attempt.error);
      if (index < this.models.length - 1) this.onFailover?.(model.model, attempt.error);
    }
    const named = failures.map((failure, index) => `${this.models[index]!.model}: ${failure.message}`);
    throw new LlmUnavailableError(
      `No model answered (${named.join('; ')}).`,
      failures.at(-1)?.status ?? null,
    );
  }

  /** One model's try: its result, or its failure before the first delta (the next model is asked). */
  private async attempt(model: LanguageModel, request: ChatRequest): Promise<Attempt> {
    const { signal } = request;
    const controller = new AbortController();
    const forward = () => controller.abort(signal!.reason);
    signal?.addEventListener('abort', forward, { once: true });
    const stall = new FirstTokenStall(this.firstTokenTimeoutMs);
    let started = false;
    const cancel = (request.deadlineClock ?? wallClock).after(this.firstTokenTimeoutMs, () => {
      if (!started) controller.abort(stall);
    });
    try {
      const result = await model.chat({
        ...request,
        onText: request.onText ?? (() => {}),
        onFirstDelta: () => {
          started = true;
          cancel();
          request.onFirstDelta?.();
        },
        signal: controller.signal,
      });
      return { ok: true, result };
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      if (error === stall) return { ok: false, error: new LlmUnavailableError(stall.message) };
      if (started || !(error instanceof LlmUnavailableError)) throw error;
      return { ok: false, error };
    } finally {
      cancel();
      signal?.removeEventListener('abort', forward);
    }
  }
}

/** One model of a chain: an OpenAI-compatible endpoint (no base URL: OpenAI's) and its key. */
export interface ChainedEndpoint {
  model: string;
  baseUrl: string | null;
  apiKey: string;
}

/** One model of a chain on an OpenAI-compatible endpoint: it never retries a request (the next model is asked). */
export function chainedOpenAiModel(endpoint: ChainedEndpoint, timeoutMs: number): LanguageModel {
  return new OpenAiLanguageModel({ ...endpoint, timeoutMs, maxRetries: 0, templateAttempts: 1 });
}

/** A chain of OpenAI-compatible endpoints. */
export function openAiChain(
  endpoints: readonly ChainedEndpoint[],
  options: { timeoutMs: number; firstTokenTimeoutMs?: number; onFailover?: ModelChain['onFailover'] },
): ModelChain {
  const models = endpoints.map((endpoint) => chainedOpenAiModel(endpoint, options.timeoutMs));
  return new ModelChain(models, options.firstTokenTimeoutMs, options.onFailover);
}
