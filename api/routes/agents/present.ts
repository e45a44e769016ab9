import type { Static } from '@sinclair/typebox';
import type { AgentRecord } from '../../../db/repositories/agents';
import type { listAgentVersions } from '../../../db/repositories/agent-definitions';
import type { AgentBody, VersionBody } from './schemas';

type VersionRecord = NonNullable<Awaited<ReturnType<typeof listAgentVersions>>>[number];

/** The agent as the API shows it (times as ISO strings). */
export function presentAgent(agent: AgentRecord): Static<typeof AgentBody> {
  return {
    id: agent.id,
    name: agent.name,
    status: agent.status,
    call_type: agent.call_type,
    created_at: agent.created_at.toISOString(),
    updated_at: agent.updated_at.toISOString(),
    workflow_definition: agent.workflow_definition as Static<typeof AgentBody>['workflow_definition'],
    current_definition_id: agent.current_definition_id ?? 0,
    version_number: agent.version_number ?? 0,
    version_status: agent.version_status ?? 'published',
    template_context_variables: agent.template_context_variables,
    call_disposition_codes: agent.call_disposition_codes as Static<
      typeof AgentBody
    >['call_disposition_codes'],
    workflow_configurations: agent.workflow_configurations,
    total_runs: agent.total_runs ?? 0,
    workflow_uuid: agent.workflow_uuid,
  };
}

/** One stored definition of an agent. */
export function presentVersion(version: VersionRecord): Static<typeof VersionBody> {
  return {
    id: version.id,
    version_number: version.version_number,
    status: version.status,
    created_at: version.created_at.toISOString(),
    workflow_definition: version.workflow_definition as Static<typeof VersionBody>['workflow_definition'],
  };
}
