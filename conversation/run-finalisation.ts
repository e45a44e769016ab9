import type { AgentDefinition } from '../agents/definition';
import { transcriptKey } from '../artifacts/artifact-keys';
import { computeRunCost } from '../billing/run-cost';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { completeRun } from '../db/repositories/runs';
import type { ObjectStorage } from '../storage/object-storage';
import type { ConversationState, TurnUsage } from './conversation-state';

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
  /** Tokens spent outside the agent (the simulator's scripted callee): reported, not billed to the run. */
  calleeUsage?: TurnUsage;
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
    },
    deps.config.pricing,
  );
  const { turns, variables, ...summary } = state;
  return completeRun(deps.db, runId, {
    gathered_context: { ...finished.callContext, ...state.gathered },
    call_duration_seconds: cost.usage_info.call_duration_seconds,
    usage_info: cost.usage_info,
    cost_info: cost.cost_info,
    charge_usd: cost.charge_usd,
    service_token_usage: cost.service_token_usage,
    logs: {
      conversation: {
        ...summary,
        turn_count: turns.length,
        variable_names: Object.keys(variables),
        ...(finished.calleeUsage ? { callee_usage: finished.calleeUsage } : {}),
      },
    },
    transcript_key: key,
  });
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
    end_reason: state.end_reason,
    disposition: state.disposition,
    ...(state.error ? { error: state.error } : {}),
    turns: state.turns.map((turn, index) => ({ index, ...turn, node_name: nodeName(turn.node_id) })),
    transitions: state.transitions,
    gathered_context: state.gathered,
    usage: state.usage,
    ...(finished.calleeUsage ? { callee_usage: finished.calleeUsage } : {}),
  };
}
