/**
 * What a call says outside the agent's graph, and how a failure maps to the reason a call ends with. The words
 * are fixed here (one place) so the docs and tests can name them.
 */
import type { AgentDefinition } from '../agents/definition';
import { LlmUnavailableError } from '../llm';
import { errorMessage } from './playback';
import { SpeechVendorError } from './speech';

/** The prompt after `idleTimeoutSeconds` of silence; a second silence as long ends the call. */
export const STILL_THERE = 'Are you still there?';

/** Spoken when the caller pressed the agent's opt-out key; then the call ends (their number is already listed). */
export const OPT_OUT_CONFIRMATION = 'You will not be called again. Goodbye.';

/** Spoken with the local voice when a vendor fails mid-call. */
export const APOLOGY = 'Sorry, we are having technical trouble. Goodbye.';

/**
 * DTMF as the caller's words: the digits pressed in a row (until `endOfTurnSeconds` passes without another), e.g.
 * `[pressed 1]`, `[pressed 42#]`.
 */
export const pressedDigits = (digits: string): string => `[pressed ${digits}]`;

/**
 * The greeting of an agent with no LLM configured: the start node's static `greeting` text (Dograh's key) when it
 * has one, otherwise an introduction with the call's `agent_name` that says the agent cannot talk now.
 */
export function greetingWithoutLlm(definition: AgentDefinition, variables: Record<string, unknown>): string {
  const start = definition.nodes.find((node) => node.type === 'startCall');
  const greeting = (start?.data as Record<string, unknown> | undefined)?.greeting;
  if (typeof greeting === 'string' && greeting.trim()) return greeting.trim();
  const name = typeof variables.agent_name === 'string' && variables.agent_name.trim();
  return (
    `Hello, this is ${name || 'an automated assistant'}. ` +
    'I cannot hold a conversation right now. Thank you for your time, goodbye.'
  );
}

export type FailureReason = 'stt_error' | 'tts_error' | 'llm_error';

/** The reason a failure ends the call with: the vendor that failed; anything unexpected counts as the LLM's turn. */
export function failureReason(error: unknown): { reason: FailureReason; message: string } {
  const message = errorMessage(error);
  if (error instanceof SpeechVendorError)
    return { reason: error.kind === 'stt' ? 'stt_error' : 'tts_error', message };
  if (error instanceof LlmUnavailableError) return { reason: 'llm_error', message };
  return { reason: 'llm_error', message: `unexpected: ${message}` };
}
