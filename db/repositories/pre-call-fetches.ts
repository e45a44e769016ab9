/**
 * Pre-call fetches (migration 2026_12_07_000100): what a run's start node asks for, the one claim that lets a process
 * make the request, and its end, which merges the answer's context into the run's initial_context.
 */
import { sql } from 'kysely';
import type { Executor } from '../client';

/** What the fetch of a run needs: its start node's settings (null when the graph has none) and its numbers. */
export interface PreCallFetchSetup {
  organizationId: number;
  agentId: number;
  callType: 'inbound' | 'outbound';
  initialContext: Record<string, unknown>;
  startNode: Record<string, unknown> | null;
}

/**
 * The run's start node data, read from the definition version the run names, else the agent's current one (as a call
 * reads its agent, conversation/call-agent.ts). Only the start node's data leaves the database.
 */
export async function readPreCallFetchSetup(db: Executor, runId: number): Promise<PreCallFetchSetup | null> {
  const row = await db
    .selectFrom('runs')
    .innerJoin('agents', (join) =>
      join
        .onRef('agents.id', '=', 'runs.workflow_id')
        .onRef('agents.organization_id', '=', 'runs.organization_id'),
    )
    .leftJoin('agent_definitions as version', (join) =>
      join.onRef('version.id', '=', 'runs.definition_id').onRef('version.agent_id', '=', 'agents.id'),
    )
    .leftJoin('agent_definitions as current', 'current.id', 'agents.current_definition_id')
    .select([
      'runs.organization_id',
      'runs.workflow_id',
      'runs.call_type',
      'runs.initial_context',
      sql<Record<string, unknown> | null>`jsonb_path_query_first(
        coalesce(version.workflow_definition, current.workflow_definition),
        '$.nodes[*] ? (@.type == "startCall").data'
      )`.as('start_node'),
    ])
    .where('runs.id', '=', runId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    organizationId: row.organization_id,
    agentId: row.workflow_id,
    callType: row.call_type,
    initialContext: (row.initial_context ?? {}) as Record<string, unknown>,
    startNode: row.start_node,
  };
}

/** True when this process is the one to make the run's fetch (no one claimed it before). */
export async function claimPreCallFetch(db: Executor, runId: number): Promise<boolean> {
  const claimed = await db
    .insertInto('pre_call_fetches')
    .values({ run_id: runId })
    .onConflict((conflict) => conflict.column('run_id').doNothing())
    .returning('run_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Ends the claimed fetch; a non-empty context is merged into the run's initial_context in the same transaction. */
export async function finishPreCallFetch(
  db: Executor,
  runId: number,
  end: { context: Record<string, unknown>; httpStatus: number | null; error: string | null },
): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => finishPreCallFetch(trx, runId, end));
  const keys = Object.keys(end.context);
  if (keys.length > 0)
    await db
      .updateTable('runs')
      .set({ initial_context: sql`initial_context || ${JSON.stringify(end.context)}::jsonb` })
      .where('id', '=', runId)
      .execute();
  await db
    .updateTable('pre_call_fetches')
    .set({
      status: end.error === null ? 'succeeded' : 'failed',
      http_status: end.httpStatus,
      error: end.error,
      merged_keys: JSON.stringify(keys),
      finished_at: new Date(),
    })
    .where('run_id', '=', runId)
    .execute();
}

export interface PreCallFetchState {
  status: 'running' | 'succeeded' | 'failed';
  /** Since its claim, by the database's clock (the one that wrote `started_at`). */
  runningMs: number;
  /** The run's initial_context as it is now (the answer merged once the fetch succeeded). */
  initialContext: Record<string, unknown>;
}

export async function readPreCallFetch(db: Executor, runId: number): Promise<PreCallFetchState | null> {
  const row = await db
    .selectFrom('pre_call_fetches')
    .innerJoin('runs', 'runs.id', 'pre_call_fetches.run_id')
    .select([
      'pre_call_fetches.status',
      'runs.initial_context',
      sql<number>`extract(epoch from now() - pre_call_fetches.started_at) * 1000`.as('running_ms'),
    ])
    .where('pre_call_fetches.run_id', '=', runId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    status: row.status,
    runningMs: Number(row.running_ms),
    initialContext: (row.initial_context ?? {}) as Record<string, unknown>,
  };
}

/** How the run's fetch went, for the run's detail; null when it made none. */
export type PreCallFetchOutcome = NonNullable<Awaited<ReturnType<typeof readPreCallFetchOutcome>>>;

export async function readPreCallFetchOutcome(db: Executor, runId: number) {
  const row = await db
    .selectFrom('pre_call_fetches')
    .select(['status', 'http_status', 'error', 'merged_keys', 'started_at', 'finished_at'])
    .where('run_id', '=', runId)
    .executeTakeFirst();
  return row ?? null;
}
