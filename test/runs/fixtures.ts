import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { completeRun, createRun, type NewRunInput, type RunCompletion } from '../../db/repositories/runs';

/** Agents and campaigns written straight to the database: the runs tests need rows, not those APIs. */
export async function insertAgent(db: Db, organizationId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('agents')
    .values({ organization_id: organizationId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCampaign(db: Db, organizationId: number, agentId: number): Promise<number> {
  const row = await db
    .insertInto('campaigns')
    .values({
      organization_id: organizationId,
      workflow_id: agentId,
      name: 'fixture campaign',
      source_type: 'csv',
      source_id: `campaigns/${organizationId}/fixture.csv`,
      retry_config: '{}',
      max_concurrency: 10,
      schedule_config: '{}',
      circuit_breaker: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A run created and (unless `completion` is null) completed through the engine's functions, at `createdAt`. */
export async function insertRun(
  db: Db,
  input: NewRunInput & { createdAt: string },
  completion: RunCompletion | null,
): Promise<number> {
  const { createdAt, ...run } = input;
  const id = await createRun(db, run);
  if (completion) await completeRun(db, id, completion);
  await sql`update runs set created_at = ${createdAt}::timestamptz where id = ${id}`.execute(db);
  return id;
}

/** A completion with the cost fields derived from tokens and seconds. */
export const finished = (disposition: string, seconds: number, tokens: number): RunCompletion => ({
  gathered_context: { mapped_call_disposition: disposition },
  call_duration_seconds: seconds,
  service_token_usage: tokens,
  charge_usd: Math.round((seconds / 60) * 0.07 * 10000) / 10000,
  usage_info: { call_duration_seconds: seconds },
  cost_info: { service_token_usage: tokens, call_duration_seconds: seconds },
});
