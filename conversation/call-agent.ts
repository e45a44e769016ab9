/**
 * The agent on a call, as the run recorded it: the definition version the run names (else the agent's current one),
 * the call's variables (the agent's defaults overridden by the run's initial_context), its disposition codes and
 * its stored settings. One reader for every place a call talks: the simulator's text conversations and the media
 * process's live calls.
 */
import type { AgentDefinition } from '../agents/definition';
import type { Executor } from '../db/client';
import { getDefinitionForCall } from '../db/repositories/agent-definitions';
import { findAgent } from '../db/repositories/agents';
import { optOutSettingsOf, type OptOutSettings } from '../domain/opt-out';
import { callVariables } from './template-variables';

export interface CallAgent {
  definition: AgentDefinition;
  variables: Record<string, unknown>;
  dispositionCodes: string[];
  /** The agent's stored `workflow_configurations`, read through agents/settings.ts or agents/voice-settings.ts. */
  workflowConfigurations: Record<string, unknown>;
  /** Its opt-out disposition (always offered to the disposition classifier) and key. */
  optOut: OptOutSettings;
}

/** The run's agent, or null when there is nothing to talk with (agent gone, no graph with a start node). */
export async function loadCallAgent(
  db: Executor,
  run: {
    organization_id: number;
    workflow_id: number;
    definition_id: number | null;
    initial_context: unknown;
  },
): Promise<CallAgent | null> {
  const agent = await findAgent(db, run.organization_id, run.workflow_id);
  if (!agent) return null;
  const version = run.definition_id
    ? await getDefinitionForCall(db, run.organization_id, run.definition_id)
    : null;
  const definition = (version?.workflow_definition ?? agent.workflow_definition) as AgentDefinition | null;
  if (!definition?.nodes?.some((node) => node.type === 'startCall')) return null;
  const codes = (agent.call_disposition_codes as { disposition_codes?: unknown[] }).disposition_codes ?? [];
  return {
    definition,
    variables: callVariables(
      agent.template_context_variables,
      (run.initial_context ?? {}) as Record<string, unknown>,
    ),
    dispositionCodes: codes.filter((code): code is string => typeof code === 'string'),
    workflowConfigurations: (agent.workflow_configurations ?? {}) as Record<string, unknown>,
    optOut: optOutSettingsOf(agent.workflow_configurations as Record<string, unknown> | null),
  };
}
