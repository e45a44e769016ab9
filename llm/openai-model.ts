import OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { Config } from '../config';
import { abortReason } from './abort';
import {
  LlmUnavailableError,
  type ChatMessage,
  type ChatRequest,
  type ChatResult,
  type LanguageModel,
  type ToolCall,
} from './language-model';
import { StreamAssembly, parseArguments } from './stream-assembly';

type LlmConfig = NonNullable<Config['llm']>;

/**
 * The LanguageModel over the official `openai` client, for OpenAI and any compatible server (base URL).
 * Timeouts and retries are the client's: connection errors, 408, 409, 429 and 5xx are retried
 * `maxRetries` times with exponential backoff and jitter (honouring Retry-After).
 *
 * With `onText` the reply is streamed (`stream: true`, usage in the last chunk): each content delta goes to
 * `onText` as it arrives. A stream that breaks before its first delta is asked again (up to `maxRetries` times);
 * once a delta arrived the caller may already have spoken it, so a break then is an LlmUnavailableError.
 * An aborted `signal` rejects with the signal's reason (an AbortError), never LlmUnavailableError.
 */
export class OpenAiLanguageModel implements LanguageModel {
  private readonly client: OpenAI;
  private readonly maxRetries: number;
  readonly model: string;

  constructor(config: LlmConfig) {
    this.model = config.model;
    this.maxRetries = config.maxRetries;
    this.client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseUrl ?? undefined,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    });
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    if (request.signal?.aborted) throw abortReason(request.signal);
    return request.onText ? this.streamed(request, request.onText) : this.whole(request);
  }

  private async whole(request: ChatRequest): Promise<ChatResult> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(this.params(request), {
        signal: request.signal,
      });
    } catch (error) {
      throw failure(error, request.signal);
    }
    const message = completion.choices[0]?.message;
    if (!message) throw new LlmUnavailableError('The LLM answered without a choice.');
    const toolCalls: ToolCall[] = (message.tool_calls ?? []).flatMap((call) =>
      call.type === 'function'
        ? [{ id: call.id, name: call.function.name, arguments: parseArguments(call.function.arguments) }]
        : [],
    );
    return {
      content: message.content ?? null,
      toolCalls,
      usage: {
        promptTokens: completion.usage?.prompt_tokens ?? 0,
        completionTokens: completion.usage?.completion_tokens ?? 0,
      },
      model: completion.model ?? this.model,
    };
  }

  private async streamed(request: ChatRequest, onText: (delta: string) => void): Promise<ChatResult> {
    const params: ChatCompletionCreateParamsStreaming = {
      ...this.params(request),
      stream: true,
      stream_options: { include_usage: true },
    };
    const { signal } = request;
    for (let attempt = 0; ; attempt++) {
      // The client retries the request itself until the answer's headers arrive; a failure there is final.
      let stream: AsyncIterable<ChatCompletionChunk>;
      try {
        stream = await this.client.chat.completions.create(params, { signal });
      } catch (error) {
        throw failure(error, signal);
      }
      const assembly = new StreamAssembly(this.model);
      try {
        await consume(stream, assembly, { onText, onFirstDelta: request.onFirstDelta }, signal);
        // The client ends an aborted stream quietly; the caller must still hear that it was aborted.
        if (signal?.aborted) throw abortReason(signal);
        return assembly.result();
      } catch (error) {
        if (error instanceof ListenerFailure) throw error.cause;
        const retry = !signal?.aborted && !assembly.started && attempt < this.maxRetries;
        if (!retry) throw failure(error, signal);
      }
    }
  }

  private params(request: ChatRequest): ChatCompletionCreateParamsNonStreaming {
    const params: ChatCompletionCreateParamsNonStreaming = {
      model: this.model,
      messages: request.messages.map(wireMessage),
      temperature: request.temperature ?? 0.3,
    };
    if (request.tools && request.tools.length > 0) {
      params.tools = request.tools.map((tool) => ({
        type: 'function' as const,
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      }));
      params.tool_choice = 'auto';
    }
    if (request.jsonSchema)
      params.response_format = {
        type: 'json_schema',
        json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true },
      };
    return params;
  }
}

/** An error thrown by the caller's `onText` or `onFirstDelta`: it reaches the caller as it is, never retried. */
class ListenerFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('onText failed');
  }
}

/**
 * Feeds the stream's chunks to the assembly, their text to `onText` and the first delta's arrival to `onFirstDelta`;
 * leaving early closes the request.
 */
async function consume(
  stream: AsyncIterable<ChatCompletionChunk>,
  assembly: StreamAssembly,
  listeners: Pick<ChatRequest, 'onText' | 'onFirstDelta'>,
  signal: AbortSignal | undefined,
): Promise<void> {
  for await (const chunk of stream) {
    // Nothing reaches the caller after its abort, even a chunk that was already read.
    if (signal?.aborted) break;
    const wasStarted = assembly.started;
    const text = assembly.add(chunk);
    try {
      if (!wasStarted && assembly.started) listeners.onFirstDelta?.();
      if (text !== '') listeners.onText?.(text);
    } catch (error) {
      throw new ListenerFailure(error);
    }
  }
}

/** An aborted request fails with its signal's reason; anything else is the LLM being unavailable. */
function failure(error: unknown, signal: AbortSignal | undefined): Error {
  if (signal?.aborted) return abortReason(signal);
  if (error instanceof LlmUnavailableError) return error;
  if (error instanceof OpenAI.APIError) {
    const status = typeof error.status === 'number' ? error.status : null;
    return new LlmUnavailableError(
      `LLM request failed${status ? ` (HTTP ${status})` : ''}: ${error.message}`,
      status,
    );
  }
  return new LlmUnavailableError(
    `LLM request failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/** A message as OpenAI's API takes it: tool calls with their arguments as JSON, results by call id. */
function wireMessage(message: ChatMessage): ChatCompletionMessageParam {
  if (message.role === 'tool')
    return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0)
    return {
      role: 'assistant',
      content: message.content || null,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    };
  return { role: message.role, content: message.content };
}
