/**
 * What an inbound call to one of our numbers needs to be decided: the number within the configuration the vendor
 * signed for, the agent bound to it, and the run a first delivery of the same call created.
 */
import type { Executor } from '../client';

export interface InboundNumber {
  id: number;
  is_active: boolean;
  inbound_workflow_id: number | null;
  agent_name: string | null;
  agent_status: string | null;
  current_definition_id: number | null;
}

/** The configuration's number called (by its normalized or stored address), with the agent bound to it. */
export async function findInboundNumber(
  db: Executor,
  input: { organizationId: number; configurationId: number; to: string },
): Promise<InboundNumber | undefined> {
  return db
    .selectFrom('phone_numbers as p')
    .leftJoin('agents as a', (join) =>
      join.onRef('a.id', '=', 'p.inbound_workflow_id').onRef('a.organization_id', '=', 'p.organization_id'),
    )
    .select([
      'p.id',
      'p.is_active',
      'p.inbound_workflow_id',
      'a.name as agent_name',
      'a.status as agent_status',
      'a.current_definition_id',
    ])
    .where('p.organization_id', '=', input.organizationId)
    .where('p.telephony_configuration_id', '=', input.configurationId)
    .where((eb) => eb.or([eb('p.address_normalized', '=', input.to), eb('p.address', '=', input.to)]))
    .executeTakeFirst();
}

/** The id of the organization's run of this name (an inbound call's run is named after its provider call). */
export async function findRunIdByName(
  db: Executor,
  organizationId: number,
  name: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('runs')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.id;
}

/** The agent name of one of the organization's runs; undefined for another organization's run. */
export async function findAgentNameOfOrganizationRun(
  db: Executor,
  organizationId: number,
  runId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('runs as r')
    .innerJoin('agents as a', (join) =>
      join.onRef('a.id', '=', 'r.workflow_id').onRef('a.organization_id', '=', 'r.organization_id'),
    )
    .select('a.name')
    .where('r.id', '=', runId)
    .where('r.organization_id', '=', organizationId)
    .executeTakeFirst();
  return row?.name;
}
