import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor, Trx } from '../client';
import type { Database } from '../database';
import { insertPublishedDefinition, json, publishIfChanged, type JsonObject } from './agent-definitions';

/** Agents and their versioned definitions; every function is scoped to one organization. */

export type AgentStatus = 'active' | 'archived';

export interface NewAgent {
  name: string;
  callType: 'inbound' | 'outbound';
  definition: JsonObject;
  templateContextVariables: JsonObject;
  configurations: JsonObject;
  callDispositionCodes: { disposition_codes: unknown[] };
}

/** The fields a PUT may change; undefined means "not sent, keep". */
export type AgentChanges = Partial<Omit<NewAgent, 'callType'>>;

async function inTransaction<T>(db: Executor, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Trx) : db.transaction().execute(work);
}

/** Counts the agent's runs inside the same query, so lists need no query per agent. */
const totalRuns = (eb: ExpressionBuilder<Database, 'agents'>) =>
  eb
    .selectFrom('runs')
    .select((sub) => sub.fn.countAll<number>().as('count'))
    .whereRef('runs.organization_id', '=', 'agents.organization_id')
    .whereRef('runs.workflow_id', '=', 'agents.id')
    .as('total_runs');

/** Creates an agent with its first definition (version 1, published); returns the agent id. */
export async function createAgent(db: Executor, organizationId: number, agent: NewAgent): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('agents')
      .values({
        organization_id: organizationId,
        name: agent.name,
        call_type: agent.callType,
        template_context_variables: json(agent.templateContextVariables),
        workflow_configurations: json(agent.configurations),
        call_disposition_codes: json(agent.callDispositionCodes),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertPublishedDefinition(trx, id, 1, agent.definition);
    return id;
  });
}

/** The agent with its current definition and run count, or undefined (absent or another organization's). */
export async function findAgent(db: Executor, organizationId: number, agentId: number) {
  return db
    .selectFrom('agents')
    .leftJoin('agent_definitions as current', 'current.id', 'agents.current_definition_id')
    .selectAll('agents')
    .select([
      'current.version_number',
      'current.status as version_status',
      'current.workflow_definition',
      totalRuns,
    ])
    .where('agents.organization_id', '=', organizationId)
    .where('agents.id', '=', agentId)
    .executeTakeFirst();
}
export type AgentRecord = NonNullable<Awaited<ReturnType<typeof findAgent>>>;

/** The organization's agents in the given statuses, newest first, with run counts (one query). */
export async function listAgents(db: Executor, organizationId: number, statuses: readonly AgentStatus[]) {
  return db
    .selectFrom('agents')
    .select(['id', 'name', 'status', 'created_at', 'workflow_uuid', totalRuns])
    .where('organization_id', '=', organizationId)
    .where('status', 'in', statuses)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Applies the sent fields. An agent definition that differs from the current one becomes version n+1
 * (published) and the previous one is archived; the agent row is locked so concurrent updates queue up and
 * never reuse a version number. Returns false when the agent is not the organization's.
 */
export async function updateAgent(
  db: Executor,
  organizationId: number,
  agentId: number,
  changes: AgentChanges,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const agent = await trx
      .selectFrom('agents')
      .select(['id', 'current_definition_id'])
      .where('organization_id', '=', organizationId)
      .where('id', '=', agentId)
      .forUpdate()
      .executeTakeFirst();
    if (!agent) return false;
    if (changes.definition !== undefined)
      await publishIfChanged(trx, agent.id, agent.current_definition_id, changes.definition);

    const fields = {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.templateContextVariables !== undefined && {
        template_context_variables: json(changes.templateContextVariables),
      }),
      ...(changes.configurations !== undefined && {
        workflow_configurations: json(changes.configurations),
      }),
      ...(changes.callDispositionCodes !== undefined && {
        call_disposition_codes: json(changes.callDispositionCodes),
      }),
    };
    await trx
      .updateTable('agents')
      .set({ ...fields, updated_at: sql`now()` })
      .where('id', '=', agent.id)
      .execute();
    return true;
  });
}

/** Archives or restores an agent; its definitions and runs stay. Returns false when not the organization's. */
export async function setAgentStatus(
  db: Executor,
  organizationId: number,
  agentId: number,
  status: AgentStatus,
): Promise<boolean> {
  const result = await db
    .updateTable('agents')
    .set({ status, updated_at: sql`now()` })
    .where('organization_id', '=', organizationId)
    .where('id', '=', agentId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * What the engine needs to place a call with an agent, or null when it is not the organization's. The stored
 * `workflow_configurations` is read through `withConfigurationDefaults` (agents/settings.ts) by the caller.
 */
export async function getAgentForCall(db: Executor, organizationId: number, agentId: number) {
  const agent = await db
    .selectFrom('agents')
    .select(['id', 'status', 'current_definition_id', 'workflow_configurations', 'call_disposition_codes'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', agentId)
    .executeTakeFirst();
  return agent ?? null;
}
