/**
 * Folds the chunks of a streamed chat completion (`chat.completion.chunk`, OpenAI's documented stream) into the
 * same ChatResult a non-streamed request returns: content deltas joined, tool calls assembled by their index (id,
 * type and name from the first chunk that carries them, arguments concatenated, as the vendor's own SDK does),
 * usage from the final usage chunk (`stream_options.include_usage`).
 */
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { LlmUnavailableError, type ChatResult, type ToolCall } from './language-model';

interface PartialToolCall {
  id: string;
  name: string;
  arguments: string;
}

export class StreamAssembly {
  private content = '';
  private sawContent = false;
  private readonly toolCalls = new Map<number, PartialToolCall>();
  private usage = { promptTokens: 0, completionTokens: 0 };
  private finished = false;
  private model: string;

  constructor(requestedModel: string) {
    this.model = requestedModel;
  }

  /** True once a chunk carried content or a tool call (retrying after that would repeat what was heard). */
  get started(): boolean {
    return this.sawContent || this.toolCalls.size > 0;
  }

  /** Takes one chunk; returns its content delta ('' when it carries none). */
  add(chunk: ChatCompletionChunk): string {
    if (chunk.model) this.model = chunk.model;
    if (chunk.usage)
      this.usage = {
        promptTokens: chunk.usage.prompt_tokens ?? 0,
        completionTokens: chunk.usage.completion_tokens ?? 0,
      };
    const choice = chunk.choices[0];
    if (!choice) return '';
    if (choice.finish_reason) this.finished = true;
    for (const delta of choice.delta?.tool_calls ?? []) {
      const call = this.toolCalls.get(delta.index) ?? { id: '', name: '', arguments: '' };
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.name = delta.function.name;
      if (delta.function?.arguments) call.arguments += delta.function.arguments;
      this.toolCalls.set(delta.index, call);
    }
    const text = choice.delta?.content ?? '';
    if (text !== '') {
      this.sawContent = true;
      this.content += text;
    }
    return text;
  }

  /** The whole reply; a stream that ended without a finish reason was cut off (LlmUnavailableError). */
  result(): ChatResult {
    if (!this.finished) throw new LlmUnavailableError('The LLM stream ended before the reply finished.');
    const toolCalls: ToolCall[] = [...this.toolCalls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({ id: call.id, name: call.name, arguments: parseArguments(call.arguments) }));
    return {
      content: this.sawContent ? this.content : null,
      toolCalls,
      usage: this.usage,
      model: this.model,
    };
  }
}

/** Tool arguments are JSON text; a model that sends broken JSON still made the call, with no arguments. */
export function parseArguments(raw: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw || '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
