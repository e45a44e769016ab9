import type { AgentDefinition } from '../agents/definition';
import { transcriptKey } from '../artifacts/artifact-keys';
import { computeRunCost } from '../billing/run-cost';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { completeRun, type RunCompletion } from '../db/repositories/runs';
import type { ObjectStorage } from '../storage/object-storage';
import { optOutOfConversation } from '../domain/opt-out';
import type { ConversationState } from './conversation-state';

/**
 * The one place a finished conversation becomes a finished run, for text chats and simulated calls alike: the
 * transcript stored under the organization's prefix, gathered_context (with mapped_call_disposition), usage_info,
 * cost_info and the run completed.
 */

export interface FinaliseDeps {
  db: Db;
  storage: ObjectStorage;
  config: Readonly<Config>;
}

export interface FinishedConversation {
  organizationId: number;
  agentId: number;
  runId: number;
  /** The run's mode: `textchat` or the provider's name. */
  mode: string;
  state: ConversationState;
  definition: AgentDefinition;
  /** The call's length; text chats use the conversation's own wall-clock length. */
  callDurationSeconds?: number;
  /** Facts about the call kept beside the conversation's values (e.g. the call outcome). */
  callContext?: Record<string, unknown>;
  /** Why a live call ended (voice/live-call.ts CallEndReason), where it says more than the state's end reason. */
  endReason?: string;
  /** A live call's measured latencies per agent turn (index into state.turns), kept in the transcript. */
  latencies?: Record<number, object>;
  /** Speech services a live call used (billed). */
  speech?: { sttSeconds: number; ttsCharacters: number };
  /** A live call's stored recordings. */
  recordingKeys?: Pick<RunCompletion, 'recording_key' | 'user_recording_key' | 'bot_recording_key'>;
  /** Why a live call's recording could not be stored (the call went on): kept in the run's logs as `recording`. */
  recordingError?: string;
}

/** The conversation's wall-clock length in seconds (millisecond precision). */
export const conversationSeconds = (state: ConversationState): number =>
  Math.max(
    0,
    Math.round(Date.parse(state.ended_at ?? state.started_at) - Date.parse(state.started_at)) / 1000,
  );

/**
 * Stores the transcript and completes the run. Returns false when the run had already completed (nothing billed
 * twice); the transcript object is then rewritten with the same content at most.
 */
export async function finaliseConversationRun(
  deps: FinaliseDeps,
  finished: FinishedConversation,
): Promise<boolean> {
  return completeRun(deps.db, finished.runId, await conversationCompletion(deps, finished));
}

/**
 * Stores the transcript and returns what the run completes with: gathered_context (with mapped_call_disposition),
 * usage_info, cost_info, logs and the artifacts' keys. A live call's run completes with it once its outcome is in too
 * (db/repositories/call-conversations.ts).
 */
export async function conversationCompletion(
  deps: Pick<FinaliseDeps, 'storage' | 'config'>,
  finished: FinishedConversation,
): Promise<RunCompletion> {
  const { state, organizationId, runId } = finished;
  const key = transcriptKey(organizationId, runId);
  await deps.storage.putObject({
    key,
    body: JSON.stringify(transcriptDocument(finished), null, 2),
    contentType: 'application/json',
  });
  const cost = computeRunCost(
    {
      mode: finished.mode,
      promptTokens: state.usage.prompt_tokens,
      completionTokens: state.usage.completion_tokens,
      callDurationSeconds: finished.callDurationSeconds ?? conversationSeconds(state),
      sttSeconds: finished.speech?.sttSeconds,
      ttsCharacters: finished.speech?.ttsCharacters,
    },
    deps.config.pricing,
  );
  const { turns, variables, ...summary } = state;
  // Recorded for completeRun, which lists the number in the run's final write (db/repositories/run-opt-outs.ts).
  const optOut = optOutOfConversation({
    keyPressed: Boolean(state.opted_out_at),
    disposition: state.gathered.mapped_call_disposition,
    optOutDisposition: state.opt_out_disposition,
  });
  return {
    gathered_context: { ...finished.callContext, ...state.gathered, ...(optOut ? { opt_out: optOut } : {}) },
    call_duration_seconds: cost.usage_info.call_duration_seconds,
    usage_info: cost.usage_info,
    cost_info: cost.cost_info,
    charge_usd: cost.charge_usd,
    service_token_usage: cost.service_token_usage,
    logs: {
      conversation: {
        ...summary,
        ...(finished.endReason ? { end_reason: finished.endReason } : {}),
        turn_count: turns.length,
        variable_names: Object.keys(variables),
      },
      ...(finished.recordingError ? { recording: { status: 'failed', error: finished.recordingError } } : {}),
    },
    transcript_key: key,
    ...finished.recordingKeys,
  };
}

/** The stored transcript: ordered turns with timestamps, node names and per-turn usage. */
export function transcriptDocument(finished: FinishedConversation) {
  const { state, definition } = finished;
  const nodeName = (id: string) => definition.nodes.find((n) => n.id === id)?.data.name ?? id;
  return {
    run_id: finished.runId,
    workflow_id: finished.agentId,
    mode: finished.mode,
    started_at: state.started_at,
    ended_at: state.ended_at,
    end_reason: finished.endReason ?? state.end_reason,
    disposition: state.disposition,
    ...(state.error ? { error: state.error } : {}),
    turns: state.turns.map((turn, index) => ({
      index,
      ...turn,
      node_name: nodeName(turn.node_id),
      ...(finished.latencies?.[index] ? { latency: finished.latencies[index] } : {}),
    })),
    transitions: state.transitions,
    gathered_context: state.gathered,
    usage: state.usage,
    ...(finished.speech
      ? { stt_seconds: finished.speech.sttSeconds, tts_characters: finished.speech.ttsCharacters }
      : {}),
  };
}
