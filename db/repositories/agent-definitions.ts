import { sql } from 'kysely';
import type { Executor, Trx } from '../client';

/**
 * An agent's definitions: numbered versions, one published (the agent's current one) and the earlier ones archived.
 * Reads are scoped to one organization through the agent.
 */

export type JsonObject = Record<string, unknown>;

export const json = (value: unknown) => JSON.stringify(value);

export async function insertPublishedDefinition(
  trx: Trx,
  agentId: number,
  versionNumber: number,
  definition: JsonObject,
): Promise<void> {
  const { id } = await trx
    .insertInto('agent_definitions')
    .values({
      agent_id: agentId,
      version_number: versionNumber,
      status: 'published',
      workflow_definition: json(definition),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('agents').set({ current_definition_id: id }).where('id', '=', agentId).execute();
}

export async function publishIfChanged(
  trx: Trx,
  agentId: number,
  currentDefinitionId: number | null,
  definition: JsonObject,
): Promise<void> {
  // jsonb equality ignores key order and whitespace: re-sending the current definition makes no new version.
  const current = currentDefinitionId
    ? await trx
        .selectFrom('agent_definitions')
        .select(sql<boolean>`workflow_definition = ${json(definition)}::jsonb`.as('unchanged'))
        .where('id', '=', currentDefinitionId)
        .executeTakeFirst()
    : undefined;
  if (current?.unchanged) return;
  const { latest } = await trx
    .selectFrom('agent_definitions')
    .select((eb) => eb.fn.max('version_number').as('latest'))
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('agent_definitions')
    .set({ status: 'archived' })
    .where('agent_id', '=', agentId)
    .where('status', '=', 'published')
    .execute();
  await insertPublishedDefinition(trx, agentId, (latest ?? 0) + 1, definition);
}

const versionColumns = ['id', 'version_number', 'status', 'created_at', 'workflow_definition'] as const;

/**
 * The agent's definitions, newest first (all of them, or the page `limit`/`offset` picks); undefined when the agent
 * is not the organization's.
 */
export async function listAgentVersions(
  db: Executor,
  organizationId: number,
  agentId: number,
  page: { limit?: number; offset?: number } = {},
) {
  const agent = await db
    .selectFrom('agents')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', agentId)
    .executeTakeFirst();
  if (!agent) return undefined;
  let query = db
    .selectFrom('agent_definitions')
    .select(versionColumns)
    .where('agent_id', '=', agent.id)
    .orderBy('version_number', 'desc');
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  return query.execute();
}

/** One definition of one of the organization's agents, or undefined. */
export async function findAgentVersion(
  db: Executor,
  organizationId: number,
  agentId: number,
  definitionId: number,
) {
  return db
    .selectFrom('agent_definitions')
    .innerJoin('agents', 'agents.id', 'agent_definitions.agent_id')
    .select(versionColumns.map((column) => `agent_definitions.${column}` as const))
    .where('agents.organization_id', '=', organizationId)
    .where('agents.id', '=', agentId)
    .where('agent_definitions.id', '=', definitionId)
    .executeTakeFirst();
}

/** The graph of one definition of the organization's agent (the one a run recorded), or null. */
export async function getDefinitionForCall(db: Executor, organizationId: number, definitionId: number) {
  const definition = await db
    .selectFrom('agent_definitions')
    .innerJoin('agents', 'agents.id', 'agent_definitions.agent_id')
    .select([
      'agent_definitions.id',
      'agent_definitions.agent_id',
      'agent_definitions.version_number',
      'agent_definitions.workflow_definition',
    ])
    .where('agents.organization_id', '=', organizationId)
    .where('agent_definitions.id', '=', definitionId)
    .executeTakeFirst();
  return definition ?? null;
}
