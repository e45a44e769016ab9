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

/** The agent's settings that go with its published version (archived versions did not keep theirs). */
export type CurrentSettings = Pick<AgentRecord, 'workflow_configurations' | 'template_context_variables'>;

/** One stored definition of an agent, with Dograh's names beside ours; `current` are the agent's settings. */
export function presentVersion(version: VersionRecord, current: CurrentSettings): Static<typeof VersionBody> {
  const published = version.status === 'published';
  const definition = version.workflow_definition as Static<typeof VersionBody>['workflow_definition'];
  return {
    id: version.id,
    version_number: version.version_number,
    status: version.status,
    created_at: version.created_at.toISOString(),
    published_at: version.created_at.toISOString(),
    workflow_definition: definition,
    workflow_json: definition,
    workflow_configurations: published ? current.workflow_configurations : null,
    template_context_variables: published ? current.template_context_variables : null,
  };
}
