/** Agents and the versions of their definitions. */
import type { Generated } from 'kysely';
import type { Timestamp, CreatedAt, Json } from './column-types';

export interface AgentsTable {
  id: Generated<number>;
  organization_id: number;
  workflow_uuid: Generated<string>;
  name: string;
  status: Generated<'active' | 'archived'>;
  call_type: Generated<'inbound' | 'outbound'>;
  template_context_variables: Json;
  workflow_configurations: Json;
  call_disposition_codes: Json<{ disposition_codes: unknown[] }>;
  current_definition_id: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AgentDefinitionsTable {
  id: Generated<number>;
  agent_id: number;
  version_number: number;
  status: 'published' | 'archived';
  workflow_definition: Json;
  created_at: CreatedAt;
}
