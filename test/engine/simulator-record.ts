import type { Db } from '../../db/client';

/**
 * The simulator's own record of the calls it was asked to place (the truth of what was dialed), each joined to the
 * attempt it was placed for: the start of a query that a test narrows and selects from.
 */
export const simulatorCallsOfAttempts = (db: Db) =>
  db
    .selectFrom('simulator_calls')
    .innerJoin('attempts', (join) =>
      join.on((eb) => eb('simulator_calls.attempt_ref', '=', eb.cast<string>('attempts.id', 'text'))),
    );

/** The numbers the simulator was asked to call for the campaign, sorted, one entry per call. */
export async function dialedNumbers(db: Db, campaignId: number): Promise<string[]> {
  const calls = await simulatorCallsOfAttempts(db)
    .select('simulator_calls.to_number')
    .where('attempts.campaign_id', '=', campaignId)
    .execute();
  return calls.map((call) => call.to_number).sort();
}
