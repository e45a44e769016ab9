/**
 * A call as the voice pipeline takes it (voice/live-call.ts LiveCall), loaded when its stream opens: the run the
 * stream's token names, its agent as the run recorded it, the agent's voice settings, and the conversation saved so
 * far (a reconnecting stream continues it).
 */
import { readVoiceSettings } from '../agents/voice-settings';
import { loadCallAgent } from '../conversation/call-agent';
import type { ConversationState } from '../conversation/conversation-state';
import type { Executor } from '../db/client';
import { personNumberOf } from '../domain/opt-out';
import type { RunOfStream } from '../db/repositories/live-calls';
import type { LiveCall } from '../voice/live-call';

/** Null when the run's agent has nothing to talk with (gone, or a graph without a start node). */
export async function loadLiveCall(
  db: Executor,
  run: RunOfStream,
  saved: ConversationState | null,
): Promise<LiveCall | null> {
  const agent = await loadCallAgent(db, run);
  if (!agent) return null;
  return {
    runId: run.id,
    organizationId: run.organization_id,
    agentId: run.workflow_id,
    mode: run.mode,
    callType: run.call_type,
    attemptId: run.attempt_id,
    definition: agent.definition,
    variables: agent.variables,
    dispositionCodes: agent.dispositionCodes,
    settings: readVoiceSettings(agent.workflowConfigurations),
    saved,
    optOut: agent.optOut,
    personNumber: personNumberOf({
      call_type: run.call_type,
      called_number: textOf(run.initial_context.called_number),
      caller_number: textOf(run.initial_context.caller_number),
    }),
  };
}

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);
