import { sql } from 'kysely';
import { waitFor, type EngineHarness } from './engine-harness';

/** How long a wait for work in flight holds out for an attempt caught mid-dial (`placing`) before calls on the line do. */
const PREFER_PLACING_MS = 3000;

/** What the engine was doing for the campaign at a moment, counting only work of the worker started at `since`. */
export interface WorkInFlight {
  state: string;
  executed: number;
  /** Attempts this worker claimed and is dialing (the provider's answer not stored yet). */
  placing: number;
  /** Simulator calls this worker placed that are still up. */
  callsUp: number;
  /** Simulator calls this worker placed. */
  callsPlaced: number;
}

/** The database's clock: `since` for `workOf`, comparable with the rows' timestamps. */
export async function databaseNow(h: EngineHarness): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(h.ctx.db);
  return rows[0]!.now;
}

/** The campaign's state and the work of the worker started at `since` (its dials and its calls still up). */
export async function workOf(
  h: EngineHarness,
  campaignId: number,
  configurationId: number,
  since: Date,
): Promise<WorkInFlight> {
  const row = await h.ctx.db
    .selectFrom('campaigns as c')
    .select((eb) => [
      'c.state',
      'c.executed_count',
      eb
        .selectFrom('attempts')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('attempts.campaign_id', '=', 'c.id')
        .where('attempts.state', '=', 'placing')
        .where('attempts.placing_at', '>=', since)
        .as('placing'),
      eb
        .selectFrom('simulator_calls')
        .select(eb.fn.countAll<string>().as('n'))
        .where('telephony_configuration_id', '=', configurationId)
        .where('status', '<>', 'rejected')
        .where('requested_at', '>=', since)
        .where('ended_at', 'is', null)
        .as('calls_up'),
      eb
        .selectFrom('simulator_calls')
        .select(eb.fn.countAll<string>().as('n'))
        .where('telephony_configuration_id', '=', configurationId)
        .where('status', '<>', 'rejected')
        .where('requested_at', '>=', since)
        .as('calls_placed'),
    ])
    .where('c.id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return {
    state: row.state,
    executed: row.executed_count,
    placing: Number(row.placing),
    callsUp: Number(row.calls_up),
    callsPlaced: Number(row.calls_placed),
  };
}

/**
 * Waits until the worker started at `since` has placed `minPlaced` calls and has work in flight: an attempt being
 * dialed (preferred, for up to PREFER_PLACING_MS once the rest holds) or a call it placed still up.
 */
export async function waitForWorkInFlight(
  h: EngineHarness,
  campaignId: number,
  configurationId: number,
  since: Date,
  minPlaced: number,
): Promise<WorkInFlight> {
  let readySince: number | null = null;
  return waitFor(
    async () => {
      const work = await workOf(h, campaignId, configurationId, since);
      if (work.state !== 'running' || work.callsPlaced < minPlaced) return null;
      readySince ??= Date.now();
      if (work.placing > 0) return work;
      return Date.now() - readySince > PREFER_PLACING_MS && work.callsUp > 0 ? work : null;
    },
    { timeoutMs: 120_000, intervalMs: 5, what: `the worker placing calls of campaign ${campaignId}` },
  );
}
