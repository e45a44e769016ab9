import type { AgentDefinition } from '../../../agents/definition';
import { contextCompactionOf, withConfigurationDefaults } from '../../../agents/settings';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../../config';
import { createCredentialsCipher } from '../../../config/credentials-cipher';
import type { Logger } from '../../../config/logger';
import type { ConversationState } from '../../../conversation/conversation-state';
import {
  endConversation,
  startConversation,
  userSays,
  type ConversationSetup,
} from '../../../conversation/engine';
import { NO_LLM, scriptedOnly } from '../../../conversation/scripted-node';
import { finaliseConversationRun } from '../../../conversation/run-finalisation';
import { preCallContext, preCallDataDeps } from '../../../conversation/pre-call-data';
import { callVariables } from '../../../conversation/template-variables';
import type { Db } from '../../../db/client';
import type { Run } from '../../../db/database';
import { findAgent } from '../../../db/repositories/agents';
import { getDefinitionForCall } from '../../../db/repositories/agent-definitions';
import { createRun, getRun, saveRunProgress } from '../../../db/repositories/runs';
import { readVoiceSettings } from '../../../agents/voice-settings';
import { destinationPolicy } from '../../../net/outbound-destinations';
import { agentToolRunner } from '../../../tools/agent-toolbox';
import { agentLanguageModel } from '../../../voice/agent-llm';
import type { ObjectStorage } from '../../../storage/object-storage';
import { conflict, notFound, serviceUnavailable } from '../../errors';

/** Text-mode runs: a conversation with an agent over HTTP, stored on the run between turns. */

export interface TextchatDeps {
  db: Db;
  storage: ObjectStorage;
  config: Readonly<Config>;
  logger: Logger;
}

export interface TextchatOutcome {
  run: Run;
  state: ConversationState;
  definition: AgentDefinition;
}

/**
 * The conversation's setup with the agent's LLM, as its calls have it (voice/agent-llm.ts): its voice configuration's
 * model and fallbacks, else the operator's.
 */
async function setupFor(
  deps: TextchatDeps,
  organizationId: number,
  workflowConfigurations: unknown,
  definition: AgentDefinition,
): Promise<ConversationSetup> {
  const settings = readVoiceSettings(workflowConfigurations as Record<string, unknown> | null);
  const destinations = destinationPolicy(deps.config.security.allowedPrivateDestinations);
  // A scripted-only agent talks without one (conversation/scripted-node.ts); its conversation never asks it.
  const llm =
    (await agentLanguageModel(deps, organizationId, settings, destinations)) ??
    (scriptedOnly(definition) ? NO_LLM : null);
  if (!llm)
    throw serviceUnavailable(
      'llm_not_configured',
      'Text chats need an LLM (set LLM_BASE_URL or LLM_API_KEY, or an llm in the agent’s voice configuration).',
    );
  const tools = await agentToolRunner(
    {
      db: deps.db,
      cipher: createCredentialsCipher(deps.config),
      destinations,
      logger: deps.logger,
      queryEmbeddingTimeoutMs: deps.config.knowledgeBase?.queryEmbeddingTimeoutMs,
    },
    organizationId,
    definition,
    `textchat:${randomUUID()}`,
  );
  return {
    definition,
    llm,
    maxTurns: deps.config.conversation.maxTurns,
    ...(tools && { tools }),
    maxToolCallsPerTurn: settings.maxToolCallsPerTurn,
  };
}

/** Creates a textchat run and lets the agent greet; an LLM failure already ends it (disposition llm_error). */
export async function startTextchat(
  deps: TextchatDeps,
  organizationId: number,
  agentId: number,
  input: { name?: string; initial_context?: Record<string, unknown> },
): Promise<TextchatOutcome> {
  const agent = await findAgent(deps.db, organizationId, agentId);
  if (!agent || !agent.workflow_definition || !agent.current_definition_id) throw notFound('agent');
  if (agent.status === 'archived')
    throw conflict('agent_archived', 'This agent is archived; restore it to talk to it.');
  const definition = agent.workflow_definition as AgentDefinition;
  const setup = await setupFor(deps, organizationId, agent.workflow_configurations, definition);
  const runId = await createRun(deps.db, {
    organization_id: organizationId,
    workflow_id: agent.id,
    definition_id: agent.current_definition_id,
    name: input.name?.trim() || `textchat-${new Date().toISOString()}`,
    mode: 'textchat',
    call_type: agent.call_type,
    initial_context: input.initial_context ?? {},
  });
  // Before the greeting, which may use what it brings; a text chat has no direction, so only `always` applies.
  const initialContext = await preCallContext(preCallDataDeps(deps.config, deps.db, deps.logger), {
    id: runId,
    call_type: null,
    initial_context: input.initial_context ?? {},
  });
  const codes = (agent.call_disposition_codes as { disposition_codes?: unknown[] }).disposition_codes ?? [];
  const state = await startConversation(setup, {
    variables: callVariables(agent.template_context_variables, initialContext),
    dispositionCodes: codes.filter((c): c is string => typeof c === 'string'),
    maxDurationSeconds: withConfigurationDefaults(agent.workflow_configurations).max_call_duration_seconds,
    contextCompaction: contextCompactionOf(agent.workflow_configurations),
  });
  return persist(deps, organizationId, agentId, runId, 0, state, definition);
}

async function loadConversation(deps: TextchatDeps, organizationId: number, agentId: number, runId: number) {
  const run = await getRun(deps.db, organizationId, agentId, runId);
  if (!run) throw notFound('run');
  if (run.mode !== 'textchat') throw conflict('not_a_textchat_run', 'This run is a call, not a text chat.');
  if (run.is_completed) throw conflict('run_ended', 'This conversation has ended.');
  const state = (run.logs as { conversation?: ConversationState }).conversation;
  const definition = run.definition_id
    ? await getDefinitionForCall(deps.db, organizationId, run.definition_id)
    : null;
  if (!state || !definition) throw conflict('run_ended', 'This conversation has no state to continue from.');
  const agent = await findAgent(deps.db, organizationId, agentId);
  const workflowDefinition = definition.workflow_definition as AgentDefinition;
  const setup = await setupFor(
    deps,
    organizationId,
    agent?.workflow_configurations ?? null,
    workflowDefinition,
  );
  return { state, definition: workflowDefinition, setup };
}

/** The user's message and the agent's answer. */
export async function sendTextchatMessage(
  deps: TextchatDeps,
  organizationId: number,
  agentId: number,
  runId: number,
  content: string,
): Promise<TextchatOutcome> {
  const { state, definition, setup } = await loadConversation(deps, organizationId, agentId, runId);
  const next = await userSays(setup, state, content);
  return persist(deps, organizationId, agentId, runId, state.revision, next, definition);
}

/** Ends the chat before the agent reached an endCall: extraction, disposition, transcript and cost. */
export async function endTextchat(
  deps: TextchatDeps,
  organizationId: number,
  agentId: number,
  runId: number,
): Promise<TextchatOutcome> {
  const { state, definition, setup } = await loadConversation(deps, organizationId, agentId, runId);
  const next = await endConversation(setup, state, 'user_ended');
  return persist(deps, organizationId, agentId, runId, state.revision, next, definition);
}

/** Stores the new state (or finalises the run when the conversation ended); a concurrent turn is a 409. */
async function persist(
  deps: TextchatDeps,
  organizationId: number,
  agentId: number,
  runId: number,
  expectedRevision: number,
  state: ConversationState,
  definition: AgentDefinition,
): Promise<TextchatOutcome> {
  const saved = { ...state, revision: expectedRevision + 1 };
  if (!saved.end_reason) {
    const stored = await saveRunProgress(deps.db, runId, expectedRevision, {
      logs: { conversation: saved },
      gathered_context: saved.gathered,
    });
    if (!stored)
      throw conflict('run_busy', 'Another message of this conversation was answered first; retry.');
  } else {
    await finalise(deps, organizationId, agentId, runId, expectedRevision, saved, definition);
  }
  const run = await getRun(deps.db, organizationId, agentId, runId);
  return { run: run!, state: saved, definition };
}

async function finalise(
  deps: TextchatDeps,
  organizationId: number,
  agentId: number,
  runId: number,
  expectedRevision: number,
  state: ConversationState,
  definition: AgentDefinition,
): Promise<void> {
  // Claim the run first, so two concurrent final turns cannot both write a transcript and bill.
  const claimed = await saveRunProgress(deps.db, runId, expectedRevision, {
    logs: { conversation: state },
    gathered_context: state.gathered,
  });
  if (!claimed) throw conflict('run_busy', 'Another message of this conversation was answered first; retry.');
  await finaliseConversationRun(deps, {
    organizationId,
    agentId,
    runId,
    mode: 'textchat',
    state,
    definition,
  });
}
