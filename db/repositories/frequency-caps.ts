import { sql } from 'kysely';
import type { Trx } from '../client';
import type { FrequencyCaps } from '../../domain/calling-rules';

/**
 * Frequency caps at the claim: at most `per_24h` attempts to one number per rolling 24 hours and `per_7d` per rolling
 * 7 days, across every campaign and one-off call of the organization, and never two calls to one number at once.
 * Runs inside the claim's transaction under a transaction-scoped advisory lock per (organization, number): two claims
 * of one number (any campaigns, any workers) take turns, and the second sees the first's claim once it commits.
 * An attempt counts from its claim (`placing_at`), whatever its outcome. Called only when a cap is set, so an
 * organization without caps pays nothing.
 */

const DAY_MS = 24 * 3600 * 1000;
/** A number already in a call is tried again this much later (calls last minutes; the claim re-checks). */
export const NUMBER_BUSY_RETRY_MS = 30_000;

export type CapVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'frequency_cap_exceeded' | 'number_in_call'; nextAllowedMs: number };

export async function checkFrequencyCaps(
  trx: Trx,
  input: {
    organizationId: number;
    phoneNumber: string;
    attemptId: number;
    caps: FrequencyCaps;
    nowMs: number;
  },
): Promise<CapVerdict> {
  const { organizationId, phoneNumber, attemptId, caps, nowMs } = input;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`frequency-cap:${organizationId}:${phoneNumber}`}, 0))`.execute(
    trx,
  );
  const longest = caps.per_7d !== null ? 7 * DAY_MS : DAY_MS;
  const since = new Date(nowMs - longest);
  const rows = await trx
    .selectFrom('attempts')
    .select(['placing_at', 'state'])
    .where('organization_id', '=', organizationId)
    .where('phone_number', '=', phoneNumber)
    .where('placing_at', '>', since)
    .where('id', '<>', attemptId)
    .orderBy('placing_at', 'desc')
    .execute();
  if (rows.some((row) => row.state === 'placing' || row.state === 'placed'))
    return { allowed: false, reason: 'number_in_call', nextAllowedMs: nowMs + NUMBER_BUSY_RETRY_MS };
  const claims = rows.map((row) => row.placing_at!.getTime());
  let nextAllowedMs = nowMs;
  for (const [cap, windowMs] of [
    [caps.per_24h, DAY_MS],
    [caps.per_7d, 7 * DAY_MS],
  ] as const) {
    if (cap === null) continue;
    const inWindow = claims.filter((at) => at > nowMs - windowMs);
    // Newest first: once the cap-th newest claim leaves the window, one fewer than the cap remain.
    if (inWindow.length >= cap) nextAllowedMs = Math.max(nextAllowedMs, inWindow[cap - 1]! + windowMs);
  }
  return nextAllowedMs > nowMs
    ? { allowed: false, reason: 'frequency_cap_exceeded', nextAllowedMs }
    : { allowed: true };
}
