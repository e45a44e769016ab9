/**
 * The LLM seam of the agent runtime: chat completions with tools (transitions) and JSON-schema output
 * (templates, extraction, dispositions). The service talks to any OpenAI-compatible server through it.
 */

/**
 * One message of a request. An assistant message may carry the tool calls it made (its words, if any, spoken
 * alongside them); each call's result follows as a `tool` message naming the call.
 */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** A function the model may call; `parameters` is a JSON schema of its arguments. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  /** Structured output: the reply's content is JSON matching this schema. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  temperature?: number;
  /**
   * Streams the reply: called with each piece of the reply's text as the model produces it (voice calls speak
   * sentence by sentence). The result still carries the whole content.
   */
  onText?: (delta: string) => void;
  /** Aborts the request (barge-in); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Streamed: called once, when the reply's first delta of any kind (text or a tool call) arrives. */
  onFirstDelta?: () => void;
  /**
   * The clock a first-token deadline (model-chain.ts) runs on: a call's media clock for its spoken requests; absent,
   * wall-clock time.
   */
  deadlineClock?: DeadlineClock;
}

/** Runs `fire` once `delayMs` have passed on its clock; the returned function cancels it. */
export interface DeadlineClock {
  after(delayMs: number, fire: () => void): () => void;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export interface ChatResult {
  content: string | null;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  model: string;
}

export interface LanguageModel {
  readonly model: string;
  chat(request: ChatRequest): Promise<ChatResult>;
}

/**
 * The LLM could not be reached or kept failing after the retries (connection, timeout, 5xx, 429, auth), or, in a
 * model chain, no model of the chain answered before its first-token deadline.
 */
export class LlmUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'LlmUnavailableError';
  }
}

export const NO_USAGE: TokenUsage = Object.freeze({ promptTokens: 0, completionTokens: 0 });

/** Sum of token usages. */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
  };
}
