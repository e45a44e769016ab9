import type { AgentDefinition } from '../../../agents/definition';
import { scriptedOnly } from '../../../conversation/scripted-node';
import { MEDIA_LOST_DISPOSITION } from '../../../db/repositories/call-conversations';
import type { Run } from '../../../db/database';
import { isAttemptOutcome, type AttemptOutcome } from '../../../domain/outcomes';

/**
 * What a run's page says about it beside its facts (docs/api.md, "Runs"): its status, read from the call's outcome so
 * that it agrees with the disposition (a failed call is `failed`, not "completed"), and why a finished run has no
 * conversation (no LLM for an agent with LLM steps, not answered, a machine, the media lost…).
 */

export const RUN_STATUSES = [
  'in_progress',
  'answered',
  'transferred',
  'voicemail',
  'not_answered',
  'failed',
  'not_dialed',
  'ended',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const NO_CONVERSATION_REASONS = [
  'no_llm',
  'not_answered',
  'voicemail',
  'call_failed',
  'not_dialed',
  'media_lost',
  'no_media_stream',
] as const;
export type NoConversationReason = (typeof NO_CONVERSATION_REASONS)[number];

export interface RunExplanation {
  status: RunStatus;
  no_conversation: { reason: NoConversationReason; message: string } | null;
}

const STATUS_OF: Record<AttemptOutcome, RunStatus> = {
  completed: 'answered',
  transferred: 'transferred',
  voicemail: 'voicemail',
  busy: 'not_answered',
  no_answer: 'not_answered',
  canceled: 'not_answered',
  failed: 'failed',
  error: 'failed',
  invalid_number: 'failed',
  no_callable_window: 'not_dialed',
  do_not_call: 'not_dialed',
};

export function explainRun(input: {
  run: Pick<Run, 'mode' | 'is_completed' | 'disposition' | 'gathered_context' | 'transcript_key'>;
  workflowDefinition: unknown;
  llmConfigured: boolean;
}): RunExplanation {
  const { run } = input;
  const context = (run.gathered_context ?? {}) as Record<string, unknown>;
  // The call's outcome (record-outcome.ts stores it), else a disposition that is one (runs stored without it).
  const outcome = isAttemptOutcome(context.outcome)
    ? context.outcome
    : isAttemptOutcome(run.disposition)
      ? run.disposition
      : null;
  const mediaLost = run.disposition === MEDIA_LOST_DISPOSITION;
  const status: RunStatus = !run.is_completed
    ? 'in_progress'
    : mediaLost
      ? 'failed'
      : outcome
        ? STATUS_OF[outcome]
        : run.transcript_key && run.mode !== 'textchat'
          ? 'answered'
          : 'ended';
  if (!run.is_completed || run.transcript_key) return { status, no_conversation: null };
  return { status, no_conversation: whyNoConversation(outcome, context, mediaLost, input) };
}

function whyNoConversation(
  outcome: AttemptOutcome | null,
  context: Record<string, unknown>,
  mediaLost: boolean,
  input: { workflowDefinition: unknown; llmConfigured: boolean },
): RunExplanation['no_conversation'] {
  const cause = typeof context.provider_cause === 'string' ? `, ${context.provider_cause}` : '';
  if (mediaLost)
    return {
      reason: 'media_lost',
      message:
        'The call was answered, but its audio stream was lost (the media process stopped or never took it), so no conversation was stored.',
    };
  switch (outcome === null ? null : STATUS_OF[outcome]) {
    case 'voicemail':
      return {
        reason: 'voicemail',
        message: 'An answering machine picked up; the agent does not talk to machines.',
      };
    case 'not_answered':
      return { reason: 'not_answered', message: `Nobody answered the call (${outcome}${cause}).` };
    case 'failed':
      return { reason: 'call_failed', message: `The call could not be connected (${outcome}${cause}).` };
    case 'not_dialed':
      return {
        reason: 'not_dialed',
        message:
          outcome === 'do_not_call'
            ? "The number is on the organization's do-not-call list; it was not dialed."
            : 'The contact has no calling window in which it could be dialed; it was not dialed.',
      };
  }
  const definition = input.workflowDefinition as AgentDefinition | null;
  const scripted = Boolean(definition && Array.isArray(definition.nodes) && scriptedOnly(definition));
  if (!input.llmConfigured && !scripted)
    return {
      reason: 'no_llm',
      message:
        'No LLM is configured (LLM_BASE_URL or LLM_API_KEY) and this agent has LLM steps, so the call ended without ' +
        'a conversation. Configure an LLM, or make every step scripted: scripted agents talk without one.',
    };
  return {
    reason: 'no_media_stream',
    message: 'The call was answered, but no media stream was opened for it, so no conversation was stored.',
  };
}
