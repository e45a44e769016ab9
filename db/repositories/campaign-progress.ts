import { sql } from 'kysely';
import { NOT_FAILED_FINAL_OUTCOMES } from '../../domain/outcomes';
import type { Executor } from '../client';

/** The counts behind `GET /campaign/{id}/progress`: one grouped query over contacts, one over attempts. */

export interface ContactProgress {
  total: number;
  processed: number;
  failed: number;
  /** Contacts waiting for a retry: an attempt ended without a final outcome, the next one not yet dialed. */
  retriesPending: number;
  /** Contacts that ended `do_not_call` (their number on the organization's do-not-call list). */
  doNotCall: number;
  /** Contacts held for legal calling hours (`contacts.held_until`, still their next attempt time, ahead). */
  waitingForLegalHours: number;
  /** Contacts without a final outcome, by attempts already made (the ETA's remaining work). */
  remainingByAttemptsMade: Map<number, number>;
}

export async function contactProgress(db: Executor, campaignId: number): Promise<ContactProgress> {
  const notFailed = sql.join(NOT_FAILED_FINAL_OUTCOMES.map((outcome) => sql.lit(outcome)));
  const rows = await sql<{
    attempts_made: number;
    total: number;
    processed: number;
    failed: number;
    retries_pending: number;
    do_not_call: number;
    waiting_for_legal_hours: number;
  }>`
    select attempts_made,
           count(*)::int as total,
           count(final_outcome)::int as processed,
           count(*) filter (where final_outcome not in (${notFailed}))::int as failed,
           count(*) filter (where final_outcome = 'do_not_call')::int as do_not_call,
           count(*) filter (where final_outcome is null and attempts_made > 0
             and not exists (select 1 from attempts a where a.contact_id = contacts.id and a.state <> 'finished'))::int
             as retries_pending,
           count(*) filter (where final_outcome is null and held_for = 'legal_hours'
             and next_attempt_at = held_until and next_attempt_at > now())::int as waiting_for_legal_hours
    from contacts where campaign_id = ${campaignId}
    group by attempts_made`.execute(db);
  const progress: ContactProgress = {
    total: 0,
    processed: 0,
    failed: 0,
    retriesPending: 0,
    doNotCall: 0,
    waitingForLegalHours: 0,
    remainingByAttemptsMade: new Map(),
  };
  for (const row of rows.rows) {
    progress.total += row.total;
    progress.processed += row.processed;
    progress.failed += row.failed;
    progress.retriesPending += row.retries_pending;
    progress.doNotCall += row.do_not_call;
    progress.waitingForLegalHours += row.waiting_for_legal_hours;
    if (row.total > row.processed)
      progress.remainingByAttemptsMade.set(row.attempts_made, row.total - row.processed);
  }
  return progress;
}

export interface AttemptProgress {
  inFlight: number;
  /** Finished attempts by outcome. */
  outcomes: Map<string, number>;
  /** Mean seconds from dialing to the end over finished attempts that were dialed; null before the first. */
  meanAttemptSeconds: number | null;
}

export async function attemptProgress(db: Executor, campaignId: number): Promise<AttemptProgress> {
  const rows = await sql<{
    outcome: string | null;
    in_flight: number;
    finished: number;
    timed: number;
    seconds: number | null;
  }>`
    select outcome,
           count(*) filter (where state in ('placing', 'placed'))::int as in_flight,
           count(*) filter (where state = 'finished')::int as finished,
           count(*) filter (where state = 'finished' and placing_at is not null and finished_at is not null)::int as timed,
           sum(extract(epoch from finished_at - placing_at))
             filter (where state = 'finished' and placing_at is not null and finished_at is not null)::float8 as seconds
    from attempts where campaign_id = ${campaignId}
    group by outcome`.execute(db);
  const outcomes = new Map<string, number>();
  let inFlight = 0;
  let dialed = 0;
  let seconds = 0;
  for (const row of rows.rows) {
    inFlight += row.in_flight;
    if (row.outcome !== null && row.finished > 0) outcomes.set(row.outcome, row.finished);
    if (row.seconds !== null) {
      seconds += row.seconds;
      dialed += row.timed;
    }
  }
  return { inFlight, outcomes, meanAttemptSeconds: dialed > 0 ? seconds / dialed : null };
}
