import { sql } from 'kysely';
import type { Db, Executor, Trx } from '../client';
import type { Attempt } from '../database';
import { releaseCallLease } from './call-leases';
import { addToCampaignCounters } from './campaign-counters';
import { noteDoNotCallSkips } from './do-not-call';

/**
 * Attempts: one row per try of a contact. Every state change is a compare-and-set on `state`, so a retried
 * activity, a late webhook and a reconciler can race without ever dialing an attempt twice.
 *
 * queued → placing (claimed, the dial may be under way) → placed (the provider gave a call id) → finished.
 * A placement the provider refused goes placing → queued; only `recordAttemptOutcome` writes `finished`. The claim
 * (queued → placing, with its call lease) is `claimAttemptWithLease` in `placement-claims.ts`.
 */

export const OPEN_ATTEMPT_STATES = ['queued', 'placing', 'placed'] as const;

// Namespace (first key) of the advisory lock that serialises queueing per campaign (second key).
const QUEUE_LOCK_NAMESPACE = 0x51_55_45; // "QUE"

export interface QueuedAttempts {
  /** Every queued attempt of the campaign: the new ones and any an earlier, lost call of this activity made. */
  attemptIds: number[];
  created: number;
  /** Due contacts that ended `do_not_call` instead of being queued (their number is on the list). */
  doNotCall: number;
}

/**
 * Turns up to `limit` due contacts into queued attempts, never letting the campaign's open attempts exceed
 * `maxOpen`. One transaction: the contact's `next_attempt_at` is cleared as its attempt is created, so a
 * contact is never queued twice, and `total_queued_count` moves with it.
 */
export async function queueDueAttempts(
  db: Db,
  input: { campaignId: number; limit: number; maxOpen: number },
): Promise<QueuedAttempts> {
  return db.transaction().execute(async (trx) => {
    // Queueing is serialised per campaign (a retried activity cannot overlap itself) by an advisory lock rather than
    // the campaign row's, which every outcome of the campaign updates. The next statement's snapshot follows the
    // lock, so it sees what the previous queueing committed.
    const campaign = await sql<{ telephony_configuration_id: number | null }>`
      select pg_advisory_xact_lock(${QUEUE_LOCK_NAMESPACE}::int, (${input.campaignId}::bigint % 2147483648)::int),
             telephony_configuration_id
      from campaigns where id = ${input.campaignId}`.execute(trx);
    const configurationId = campaign.rows[0]?.telephony_configuration_id ?? null;
    if (campaign.rows.length === 0) throw new Error(`campaign ${input.campaignId} does not exist`);
    // One statement: the room left under maxOpen, the due contacts cleared and their attempts created (a contact whose
    // number is on the organization's do-not-call list ends `do_not_call` here, with a finished attempt never dialed;
    // the claim checks the list again for numbers added later), the counters, and every queued attempt.
    const result = await sql<{ queued_ids: number[]; created: number; skipped: number }>`
      with room as (
        select greatest(0, least(${input.limit}::int, ${input.maxOpen}::int - count(*)::int)) as n
        from attempts a where a.campaign_id = ${input.campaignId} and a.state <> 'finished'
      ), due as (
        select c.id,
               exists (select 1 from do_not_call_entries d
                       where d.organization_id = c.organization_id and d.number = c.phone_number) as listed
        from contacts c
        where c.campaign_id = ${input.campaignId} and c.final_outcome is null
          and c.next_attempt_at is not null and c.next_attempt_at <= now()
          and not exists (select 1 from attempts a where a.contact_id = c.id and a.state <> 'finished')
        order by c.next_attempt_at, c.id
        limit (select n from room)
        for update of c skip locked
      ), cleared as (
        update contacts c set next_attempt_at = null,
          attempts_made = case when due.listed then c.attempts_made + 1 else c.attempts_made end,
          last_outcome = case when due.listed then 'do_not_call' else c.last_outcome end,
          final_outcome = case when due.listed then 'do_not_call' end,
          completed_at = case when due.listed then now() else c.completed_at end
        from due where c.id = due.id
        returning c.id, c.organization_id, c.phone_number, due.listed,
                  case when due.listed then c.attempts_made else c.attempts_made + 1 end as attempt_number
      ), inserted as (
        insert into attempts (organization_id, campaign_id, contact_id, attempt_number, state, phone_number,
                              telephony_configuration_id, outcome, finished_at)
        select organization_id, ${input.campaignId}, id, attempt_number,
               case when listed then 'finished' else 'queued' end, phone_number,
               ${configurationId}::bigint,
               case when listed then 'do_not_call' end, case when listed then now() end
        from cleared order by id
        returning id, state
      ), counted as (
        insert into campaign_counter_deltas (campaign_id, total_queued_count, processed_rows, do_not_call_rows)
        select ${input.campaignId}, count(*) filter (where state = 'queued'),
               count(*) filter (where state = 'finished'), count(*) filter (where state = 'finished')
        from inserted having count(*) > 0
      )
      select
        array(select id from (
                select id from attempts where campaign_id = ${input.campaignId} and state = 'queued'
                union all select id from inserted where state = 'queued') q
              order by id limit ${Math.max(input.maxOpen, 1)}::int) as queued_ids,
        (select count(*) from inserted where state = 'queued')::int as created,
        (select count(*) from inserted where state = 'finished')::int as skipped`.execute(trx);
    const row = result.rows[0]!;
    await noteDoNotCallSkips(trx, input.campaignId, row.skipped);
    return { attemptIds: row.queued_ids.map(Number), created: row.created, doNotCall: row.skipped };
  });
}

export async function countOpenAttempts(db: Executor, campaignId: number): Promise<number> {
  const row = await db
    .selectFrom('attempts')
    .select((eb) => eb.fn.countAll<number>().as('open'))
    .where('campaign_id', '=', campaignId)
    .where('state', 'in', OPEN_ATTEMPT_STATES)
    .executeTakeFirstOrThrow();
  return Number(row.open);
}

export async function findAttempts(db: Executor, attemptIds: number[]): Promise<Attempt[]> {
  if (attemptIds.length === 0) return [];
  return db.selectFrom('attempts').selectAll().where('id', 'in', attemptIds).execute();
}

/**
 * Stores the provider's call id: placing → placed, and `executed_count` + 1, exactly once. An outcome
 * may already have arrived (the webhook can beat this write); the state then stays `finished`.
 */
export async function markPlaced(
  db: Db,
  input: { attemptId: number; providerCallId: string; deadlineSeconds: number },
): Promise<{ changed: boolean; deadlineAt: Date | null }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('attempts')
      .set({
        provider_call_id: input.providerCallId,
        placed_at: sql`now()`,
        state: sql`case when state = 'placing' then 'placed' else state end`,
        deadline_at: sql`now() + make_interval(secs => ${input.deadlineSeconds})`,
      })
      .where('id', '=', input.attemptId)
      // Exactly once: `placed_at` is written here, or by the outcome write that learned the call id first (it counts then).
      .where('placed_at', 'is', null)
      .where((eb) =>
        eb.or([eb('provider_call_id', 'is', null), eb('provider_call_id', '=', input.providerCallId)]),
      )
      .where('state', 'in', ['placing', 'finished'])
      .returning(['campaign_id', 'deadline_at', 'state'])
      .executeTakeFirst();
    if (!row) return { changed: false, deadlineAt: null };
    if (row.campaign_id !== null) await addToCampaignCounters(trx, row.campaign_id, { executed_count: 1 });
    return { changed: true, deadlineAt: row.state === 'finished' ? null : row.deadline_at };
  });
}

/**
 * Puts a claimed attempt back in the queue (CAS placing → queued) when the provider certainly did not
 * place it: it refused, its guard was open, or a lookup found no call. The run made for it is removed and its
 * call lease released (no call holds the organization's slot).
 */
export async function returnToQueue(db: Db, input: { attemptId: number; error: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .selectFrom('attempts')
      .select(['id', 'run_id', 'campaign_id'])
      .where('id', '=', input.attemptId)
      .where('state', '=', 'placing')
      .where('provider_call_id', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!claimed) return false;
    // A campaign's claim made the run; a one-off call's run was answered to its client and stays with the attempt.
    const dropRun = claimed.run_id !== null && claimed.campaign_id !== null;
    await trx
      .updateTable('attempts')
      .set({
        state: 'queued',
        placing_at: null,
        deadline_at: null,
        run_id: dropRun ? null : claimed.run_id,
        error: input.error,
      })
      .where('id', '=', input.attemptId)
      .execute();
    if (dropRun) await trx.deleteFrom('runs').where('id', '=', claimed.run_id!).execute();
    await releaseCallLease(trx, input.attemptId);
    return true;
  });
}

/**
 * Takes back a queued attempt that was never claimed (CAS on `queued`): the row is deleted, the campaign's
 * `total_queued_count` goes down by one, and the contact waits until `nextAttemptAt`. Used when a contact is outside
 * its own calling window: the contact keeps its attempt count, as if it had never been queued.
 */
export async function withdrawQueuedAttempt(
  trx: Trx,
  input: { attemptId: number; nextAttemptAt: Date },
): Promise<boolean> {
  const removed = await trx
    .deleteFrom('attempts')
    .where('id', '=', input.attemptId)
    .where('state', '=', 'queued')
    .returning(['campaign_id', 'contact_id'])
    .executeTakeFirst();
  if (!removed) return false;
  if (removed.contact_id !== null) {
    await trx
      .updateTable('contacts')
      .set({ next_attempt_at: input.nextAttemptAt })
      .where('id', '=', removed.contact_id)
      .where('final_outcome', 'is', null)
      .execute();
  }
  if (removed.campaign_id !== null)
    await addToCampaignCounters(trx, removed.campaign_id, { total_queued_count: -1 });
  return true;
}

/** Moves an open attempt's deadline (a call still in progress, or a lookup to try again later). */
export async function extendDeadline(db: Executor, attemptId: number, seconds: number): Promise<Date> {
  const row = await db
    .updateTable('attempts')
    .set({ deadline_at: sql`now() + make_interval(secs => ${seconds})` })
    .where('id', '=', attemptId)
    .returning('deadline_at')
    .executeTakeFirstOrThrow();
  return row.deadline_at!;
}
