import type { Config } from '../config';

/**
 * What happens when a person answers a simulated call: the simulator hands the call to a handler (the callee's side
 * of the line, voice-calls.ts), which talks until the conversation ends. Without a handler, or when it declines a
 * call, the call just lasts its planned talk_seconds.
 */

export interface AnsweredCall {
  callSid: string;
  attemptRef: string;
  /** Where the call reports; its answer URL is derived from it (`answerUrlOf`). */
  statusCallbackUrl: string | null;
  answeredAt: Date;
  /** The call is cut here at the latest (answer time plus the placement's max call duration). */
  hangUpBy: Date;
}

export interface ConversationResult {
  /** Seconds of media from the answer to the hang-up: the call's talk time and reported duration. */
  talkSeconds: number;
}

/**
 * Plays the conversation of an answered call; null when the call has nothing to talk to (no run, no agent graph).
 * It must not throw for a failed conversation: whatever happens, the call is hung up after it returns.
 */
export type AnsweredCallHandler = (
  call: AnsweredCall,
  signal: AbortSignal,
) => Promise<ConversationResult | null>;

/** Whether calls a person answers talk with the agent in this deployment: when an LLM is configured. */
export const simulatedCallsTalk = (config: Pick<Config, 'llm'>): boolean => config.llm !== null;
