import { sql } from 'kysely';
import type { Executor } from '../client';
import type { Run } from '../database';
import { queryWindow, runConditions, type RunListQuery } from './runs-filters';
import { runTotalsQuery } from './runs-totals';
import { RUN_EVENT_COLUMNS, recordRunCompleted } from './run-events';
import { listRunPersonAsOptedOut } from './run-opt-outs';
import { optOutOfGathered } from '../../domain/opt-out';

/** Runs: one record per call. The engine writes them; the API lists and reads them. */

type Context = Record<string, unknown>;

export interface NewRunInput {
  organization_id: number;
  workflow_id: number;
  definition_id?: number | null;
  campaign_id?: number | null;
  name: string;
  mode: string;
  call_type: 'inbound' | 'outbound';
  initial_context?: Context;
}

export interface RunCompletion {
  gathered_context: Context;
  call_duration_seconds: number | null;
  usage_info?: Context;
  cost_info?: Context;
  charge_usd?: number;
  service_token_usage?: number;
  logs?: Context;
  annotations?: Context;
  transcript_key?: string | null;
  recording_key?: string | null;
  user_recording_key?: string | null;
  bot_recording_key?: string | null;
}

export type { RunFilter, RunListQuery } from './runs-filters';
export { escapeLike } from './runs-filters';

const listColumns = [
  'runs.id',
  'runs.workflow_id',
  'runs.name',
  'runs.mode',
  'runs.call_type',
  'runs.created_at',
  'runs.caller_number',
  'runs.called_number',
  'runs.disposition',
  'runs.call_duration_seconds',
  'runs.service_token_usage',
  'runs.charge_usd',
  'runs.initial_context',
  'runs.gathered_context',
  'runs.transcript_key',
  'runs.recording_key',
  'runs.user_recording_key',
  'runs.bot_recording_key',
  // Dograh's agent and campaign runs lists (its WorkflowRunResponseSchema) require these three.
  'runs.is_completed',
  'runs.definition_id',
  'runs.cost_info',
] as const;

type ColumnName<T> = T extends `runs.${infer C}` ? C : never;

export type RunListItem = Pick<Run, ColumnName<(typeof listColumns)[number]>> & {
  workflow_name: string;
};

export interface RunListPage {
  runs: RunListItem[];
  totalCount: number;
  totalServiceTokens: number;
  totalDurationSeconds: number;
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

/** Creates a run in progress; the indexed number columns are copied from initial_context. */
export async function createRun(db: Executor, input: NewRunInput): Promise<number> {
  const initialContext = input.initial_context ?? {};
  const row = await db
    .insertInto('runs')
    .values({
      organization_id: input.organization_id,
      workflow_id: input.workflow_id,
      definition_id: input.definition_id ?? null,
      campaign_id: input.campaign_id ?? null,
      name: input.name,
      mode: input.mode,
      call_type: input.call_type,
      initial_context: JSON.stringify(initialContext),
      caller_number: textOrNull(initialContext.caller_number),
      called_number: textOrNull(initialContext.called_number),
      gathered_context: '{}',
      usage_info: '{}',
      cost_info: '{}',
      logs: '{}',
      annotations: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Records the end of a call. Idempotent: only a run not yet completed changes, so a retried activity
 * or a duplicate webhook cannot overwrite the first outcome (or bill twice). Returns whether it changed.
 */
export async function completeRun(db: Executor, runId: number, completion: RunCompletion): Promise<boolean> {
  // The run.completed event is recorded in the completion's transaction (the webhook outbox).
  if (!db.isTransaction) return db.transaction().execute((trx) => completeRun(trx, runId, completion));
  const completed = await db
    .updateTable('runs')
    .set({
      is_completed: true,
      completed_at: sql`now()`,
      updated_at: sql`now()`,
      gathered_context: JSON.stringify(completion.gathered_context),
      disposition: textOrNull(completion.gathered_context.mapped_call_disposition),
      call_duration_seconds: completion.call_duration_seconds,
      usage_info: JSON.stringify(completion.usage_info ?? {}),
      cost_info: JSON.stringify(completion.cost_info ?? {}),
      charge_usd: completion.charge_usd ?? 0,
      service_token_usage: completion.service_token_usage ?? 0,
      ...(completion.logs ? { logs: JSON.stringify(completion.logs) } : {}),
      ...(completion.annotations ? { annotations: JSON.stringify(completion.annotations) } : {}),
      transcript_key: completion.transcript_key ?? null,
      recording_key: completion.recording_key ?? null,
      user_recording_key: completion.user_recording_key ?? null,
      bot_recording_key: completion.bot_recording_key ?? null,
    })
    .where('id', '=', runId)
    .where('is_completed', '=', false)
    .returning(RUN_EVENT_COLUMNS)
    .executeTakeFirst();
  if (!completed) return false;
  await recordRunCompleted(db, completed);
  // A run that opted out lists its number in this same transaction: exactly when the run completes.
  const optOut = optOutOfGathered(completion.gathered_context);
  if (optOut) await listRunPersonAsOptedOut(db, completed, optOut.via);
  return true;
}

/**
 * One completion from a call's two halves (db/repositories/call-conversations.ts): its outcome and its conversation.
 * The conversation's values win where both have one (its disposition, length, usage, artifacts); the outcome's
 * facts (outcome, provider status and cause) stay in gathered_context beside the conversation's values.
 */
export function mergeRunCompletions(outcome: RunCompletion, conversation: RunCompletion): RunCompletion {
  return {
    ...outcome,
    ...conversation,
    gathered_context: { ...outcome.gathered_context, ...conversation.gathered_context },
    call_duration_seconds: conversation.call_duration_seconds ?? outcome.call_duration_seconds,
  };
}

/** A run of the organization's agent, or undefined (another organization's or agent's run included). */
export async function getRun(
  db: Executor,
  organizationId: number,
  agentId: number,
  runId: number,
): Promise<Run | undefined> {
  return db
    .selectFrom('runs')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('workflow_id', '=', agentId)
    .where('id', '=', runId)
    .executeTakeFirst();
}

/** The name of the agent that talks on a run (the answer instructions greet with it), or undefined. */
export async function findAgentNameOfRun(db: Executor, runId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('runs as r')
    .innerJoin('agents as a', 'a.id', 'r.workflow_id')
    .select('a.name')
    .where('r.id', '=', runId)
    .executeTakeFirst();
  return row?.name;
}

/**
 * The two queries behind a runs page: the totals of the filtered set (see runs-totals.ts) and the page itself
 * (agent name joined).
 */
export function runListQueries(db: Executor, organizationId: number, query: RunListQuery) {
  const totals = runTotalsQuery(db, organizationId, query);
  // The page's ids first, from the index alone where it can, so deep pages do not read skipped rows' heap.
  const pageIds = db
    .selectFrom('runs')
    .where((eb) => runConditions(eb, organizationId, query, queryWindow(query)))
    .select('runs.id')
    .orderBy('runs.created_at', 'desc')
    .orderBy('runs.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const page = db
    .selectFrom('runs')
    .innerJoin('agents', 'agents.id', 'runs.workflow_id')
    .where('runs.id', 'in', pageIds)
    .select([...listColumns, 'agents.name as workflow_name'])
    .orderBy('runs.created_at', 'desc')
    .orderBy('runs.id', 'desc');
  return { totals, page };
}

/** One page of runs, newest first, and the totals of the whole filtered set; both queries run side by side. */
export async function listRuns(
  db: Executor,
  organizationId: number,
  query: RunListQuery,
): Promise<RunListPage> {
  const queries = runListQueries(db, organizationId, query);
  const [totals, runs] = await Promise.all([
    queries.totals.executeTakeFirstOrThrow(),
    queries.page.execute(),
  ]);
  return {
    runs,
    totalCount: Number(totals.total_count),
    totalServiceTokens: Number(totals.total_service_tokens),
    totalDurationSeconds: Number(totals.total_duration_seconds),
  };
}

/** A run of the organization by id alone (public download links name no agent), or undefined. */
export async function findOrganizationRun(
  db: Executor,
  organizationId: number,
  runId: number,
): Promise<Run | undefined> {
  return db
    .selectFrom('runs')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', runId)
    .executeTakeFirst();
}

/**
 * Saves the progress of a run still in progress (a conversation between turns) under optimistic concurrency:
 * only when the stored `logs.conversation.revision` is `expectedRevision` (absent counts as 0). Returns
 * whether it was saved; false means another turn saved first or the run has completed.
 */
export async function saveRunProgress(
  db: Executor,
  runId: number,
  expectedRevision: number,
  progress: { logs: Context; gathered_context: Context },
): Promise<boolean> {
  const result = await db
    .updateTable('runs')
    .set({
      logs: JSON.stringify(progress.logs),
      gathered_context: JSON.stringify(progress.gathered_context),
      updated_at: sql`now()`,
    })
    .where('id', '=', runId)
    .where('is_completed', '=', false)
    .where(sql<boolean>`coalesce((logs->'conversation'->>'revision')::int, 0) = ${expectedRevision}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The contact a campaign run called (through its attempt) and the run's agent graph, for the run's explanation. */
export async function findRunContext(
  db: Executor,
  runId: number,
): Promise<{
  contact: { id: number; row_number: number; phone_number: string } | null;
  workflowDefinition: unknown;
}> {
  const [contact, definition] = await Promise.all([
    db
      .selectFrom('attempts as a')
      .innerJoin('contacts as c', 'c.id', 'a.contact_id')
      .select(['c.id', 'c.row_number', 'c.phone_number'])
      .where('a.run_id', '=', runId)
      .orderBy('a.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('runs as r')
      .innerJoin('agent_definitions as d', 'd.id', 'r.definition_id')
      .select('d.workflow_definition')
      .where('r.id', '=', runId)
      .executeTakeFirst(),
  ]);
  return {
    contact: contact
      ? { id: Number(contact.id), row_number: contact.row_number, phone_number: contact.phone_number }
      : null,
    workflowDefinition: definition?.workflow_definition ?? null,
  };
}
