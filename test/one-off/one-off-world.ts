import type { Db } from '../../db/client';
import { waitFor, type EngineHarness } from '../engine/engine-harness';
import { insertSimulatorConfiguration } from '../helpers/fixtures';

/** Fixtures and probes of the one-off call tests (`POST /telephony/initiate-call`). */

/** A simulator configuration of the organization with one active number, optionally its default caller. */
export async function simulatorWithNumber(
  db: Db,
  organizationId: number,
  options: { address: string; defaultOutbound?: boolean; defaultCaller?: boolean; simulator?: object },
) {
  const configurationId = await insertSimulatorConfiguration(db, organizationId, {
    ring_seconds: 0.1,
    talk_seconds: 0.2,
    ...options.simulator,
  });
  if (options.defaultOutbound) {
    await db
      .updateTable('telephony_configurations')
      .set({ is_default_outbound: true })
      .where('id', '=', configurationId)
      .execute();
  }
  const number = await db
    .insertInto('phone_numbers')
    .values({
      organization_id: organizationId,
      telephony_configuration_id: configurationId,
      address: options.address,
      address_normalized: options.address,
      address_type: 'pstn',
      country_code: 'US',
      is_default_caller_id: options.defaultCaller ?? false,
      extra_metadata: {},
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { configurationId, phoneNumberId: number.id };
}

export function initiateCall(
  h: EngineHarness,
  payload: Record<string, unknown>,
  headers: Record<string, string> = h.org.headers,
) {
  return h.app.inject({ method: 'POST', url: '/api/v1/telephony/initiate-call', headers, payload });
}

/** The attempt behind a one-off call's run. */
export async function attemptOfRun(h: EngineHarness, runId: number) {
  return h.ctx.db.selectFrom('attempts').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
}

/** The run, once its outcome is stored. */
export async function completedRun(h: EngineHarness, runId: number, timeoutMs = 60_000) {
  return waitFor(
    async () => {
      const run = await h.ctx.db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirst();
      return run?.is_completed ? run : null;
    },
    { timeoutMs, intervalMs: 100, what: `run ${runId} completed` },
  );
}

/** Every call the simulator was asked to place for the attempt (the truth for "never dialed twice"). */
export async function simulatorCallsOf(h: EngineHarness, attemptId: number) {
  return h.ctx.db
    .selectFrom('simulator_calls')
    .selectAll()
    .where('attempt_ref', '=', String(attemptId))
    .execute();
}
