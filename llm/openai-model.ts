import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { Config } from '../config';
import {
  LlmUnavailableError,
  type ChatRequest,
  type ChatResult,
  type LanguageModel,
  type ToolCall,
} from './language-model';

type LlmConfig = NonNullable<Config['llm']>;

/**
 * The LanguageModel over the official `openai` client, for OpenAI and any compatible server (base URL).
 * Timeouts and retries are the client's: connection errors, 408, 409, 429 and 5xx are retried
 * `maxRetries` times with exponential backoff and jitter (honouring Retry-After).
 */
export class OpenAiLanguageModel implements LanguageModel {
  private readonly client: OpenAI;
  readonly model: string;

  constructor(config: LlmConfig) {
    this.model = config.model;
    this.client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseUrl ?? undefined,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    });
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    const params: ChatCompletionCreateParamsNonStreaming = {
      model: this.model,
      messages: request.messages,
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

    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(params);
    } catch (error) {
      throw toUnavailable(error);
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
}

function toUnavailable(error: unknown): LlmUnavailableError {
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

/** Tool arguments are JSON text; a model that sends broken JSON still made the call, with no arguments. */
function parseArguments(raw: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw || '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
