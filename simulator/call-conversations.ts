import type { AgentDefinition } from '../agents/definition';
import { withConfigurationDefaults } from '../agents/settings';
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import type { ConversationState, TurnUsage } from '../conversation/conversation-state';
import {
  endConversation,
  endWithLlmError,
  startConversation,
  userSays,
  type ConversationSetup,
} from '../conversation/engine';
import { loadCallAgent } from '../conversation/call-agent';
import { conversationSeconds, finaliseConversationRun } from '../conversation/run-finalisation';
import { calleeReply, personaFrom, type CalleePersona } from '../conversation/scripted-callee';
import type { Db } from '../db/client';
import { LlmUnavailableError, type LanguageModel } from '../llm';
import type { ObjectStorage } from '../storage/object-storage';
import type { AnsweredCall, AnsweredCallHandler, ConversationResult } from './answered-calls';
import { callStatusOf, finalStatusOf } from './outcome';

/**
 * The agent on the line of an answered simulated call: the attempt's run is found, the agent (the run's definition)
 * talks with a scripted callee whose persona comes from the run's initial_context, and the finished conversation is
 * finalised into the run (transcript, gathered_context, disposition, usage, cost) before the call is hung up, so the
 * status callback that follows finds the run complete and only records the attempt's outcome.
 */

export interface CallConversationDeps {
  db: Db;
  storage: ObjectStorage;
  config: Readonly<Config>;
  logger: Logger;
  llm: LanguageModel;
}

/** Time kept at the end of the call limit for the closing extraction and disposition. */
const closingReserveSeconds = (limitSeconds: number) => Math.min(15, limitSeconds * 0.2);

interface CallToTalk {
  runId: number;
  organizationId: number;
  agentId: number;
  mode: string;
  definition: AgentDefinition;
  variables: Record<string, unknown>;
  dispositionCodes: string[];
  maxDurationSeconds: number;
  persona: CalleePersona;
}

export function createCallConversationHandler(deps: CallConversationDeps): AnsweredCallHandler {
  const log = deps.logger.child({ component: 'simulator-conversation' });
  return async (call, signal) => {
    const found = await callToTalk(deps, call);
    if (!found) return null;
    const ids = { run_id: found.runId, attempt_id: call.attemptRef, call_sid: call.callSid };
    const setup: ConversationSetup = {
      definition: found.definition,
      llm: deps.llm,
      maxTurns: deps.config.conversation.maxTurns,
    };
    const deadline = call.hangUpBy.getTime() - closingReserveSeconds(found.maxDurationSeconds) * 1000;
    const talked = await talk(setup, found, deadline, signal);
    if (!talked) {
      log.info(ids, 'simulated conversation abandoned (shutting down); the call ends as planned');
      return null;
    }
    const { state, calleeUsage } = talked;
    const talkSeconds = conversationSeconds(state);
    const finalised = await finaliseConversationRun(deps, {
      organizationId: found.organizationId,
      agentId: found.agentId,
      runId: found.runId,
      mode: found.mode,
      state,
      definition: found.definition,
      callDurationSeconds: talkSeconds,
      callContext: answeredCallContext(call, talkSeconds),
      calleeUsage,
    });
    log.info(
      {
        ...ids,
        end_reason: state.end_reason,
        disposition: state.disposition,
        talk_seconds: talkSeconds,
        finalised,
      },
      'simulated conversation finished',
    );
    return { talkSeconds } satisfies ConversationResult;
  };
}

/** The attempt's run and agent, or null when there is nothing to talk to (no run, finished run, no graph). */
async function callToTalk(deps: CallConversationDeps, call: AnsweredCall): Promise<CallToTalk | null> {
  const attemptId = Number(call.attemptRef);
  if (!Number.isSafeInteger(attemptId) || attemptId <= 0) return null;
  const run = await deps.db
    .selectFrom('attempts')
    .innerJoin('runs', 'runs.id', 'attempts.run_id')
    .select([
      'runs.id',
      'runs.organization_id',
      'runs.workflow_id',
      'runs.definition_id',
      'runs.mode',
      'runs.initial_context',
      'runs.is_completed',
    ])
    .where('attempts.id', '=', attemptId)
    .executeTakeFirst();
  if (!run || run.is_completed) return null;
  const agent = await loadCallAgent(deps.db, run);
  if (!agent) return null;
  return {
    runId: run.id,
    organizationId: run.organization_id,
    agentId: run.workflow_id,
    mode: run.mode,
    definition: agent.definition,
    variables: agent.variables,
    dispositionCodes: agent.dispositionCodes,
    maxDurationSeconds: withConfigurationDefaults(agent.workflowConfigurations).max_call_duration_seconds,
    persona: personaFrom((run.initial_context ?? {}) as Record<string, unknown>),
  };
}

/**
 * Agent and callee take turns until the agent reaches an endCall, the callee hangs up, the turn limit or the call's
 * time is up, or an LLM fails (end reason and disposition `llm_error`). Null when shut down mid-conversation.
 */
async function talk(
  setup: ConversationSetup,
  call: CallToTalk,
  deadline: number,
  signal: AbortSignal,
): Promise<{ state: ConversationState; calleeUsage: TurnUsage } | null> {
  const calleeUsage: TurnUsage = { prompt_tokens: 0, completion_tokens: 0 };
  const secondsLeft = Math.max(0, (deadline - Date.now()) / 1000);
  let state = await startConversation(setup, {
    variables: call.variables,
    dispositionCodes: call.dispositionCodes,
    maxDurationSeconds: Math.min(call.maxDurationSeconds, secondsLeft),
  });
  while (!state.end_reason) {
    if (signal.aborted) return null;
    if (Date.now() >= deadline) {
      state = await endConversation(setup, state, 'max_duration');
      break;
    }
    let reply;
    try {
      reply = await calleeReply(setup.llm, call.persona, state);
    } catch (error) {
      if (!(error instanceof LlmUnavailableError)) throw error;
      state = endWithLlmError(setup, state, `The simulated callee's LLM failed: ${error.message}`);
      break;
    }
    calleeUsage.prompt_tokens += reply.usage.promptTokens;
    calleeUsage.completion_tokens += reply.usage.completionTokens;
    state = reply.hangUp
      ? await endConversation(setup, state, 'user_ended', reply.content ?? undefined)
      : await userSays(setup, state, reply.content ?? '…');
  }
  return { state, calleeUsage };
}

/** The call facts a run of an answered call carries, as the status callback will report them. */
function answeredCallContext(call: AnsweredCall, talkSeconds: number): Record<string, unknown> {
  const status = callStatusOf({
    CallSid: call.callSid,
    AttemptRef: call.attemptRef,
    ...finalStatusOf('completed'),
    CallDuration: Math.round(talkSeconds),
  });
  if (status.state !== 'ended') return {};
  return { outcome: status.outcome, provider_status: status.rawStatus, provider_cause: status.cause };
}
