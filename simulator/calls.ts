import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/client';
import { escapeLike } from '../db/repositories/runs';
import type { CallOutcome } from '../domain/outcomes';
import { finalStatusOf, type SimulatedCall, type SimulatorStatusReport } from './outcome';

/** The simulator's durable record of every call it was asked to place: the truth for "never dialed twice". */

export interface SimulatorCallRow {
  call_sid: string;
  attempt_ref: string;
  to_number: string;
  from_number: string | null;
  outcome: string;
  status: string;
  status_callback_url: string | null;
  ring_seconds: number;
  talk_seconds: number;
  time_limit_seconds: number | null;
  converses: boolean;
  drop_callback: boolean;
  requested_at: Date;
  ends_at: Date;
  ended_at: Date | null;
  transferred_to: string | null;
}

const columns = [
  'call_sid',
  'attempt_ref',
  'to_number',
  'from_number',
  'outcome',
  'status',
  'status_callback_url',
  'ring_seconds',
  'talk_seconds',
  'time_limit_seconds',
  'converses',
  'drop_callback',
  'requested_at',
  'ends_at',
  'ended_at',
  'transferred_to',
] as const;

/** Calls already placed to `to` through this configuration (scripts play their sequence over them). */
export async function countPriorCalls(db: Db, configurationId: number, to: string): Promise<number> {
  const row = await db
    .selectFrom('simulator_calls')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('telephony_configuration_id', '=', configurationId)
    .where('to_number', '=', to)
    .where('status', '!=', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertCall(
  db: Db,
  input: {
    configurationId: number;
    attemptRef: string;
    to: string;
    from: string | null;
    statusCallbackUrl: string | null;
    call: SimulatedCall | null;
    dropCallback: boolean;
    /** A person answers and talks with the agent: the call lasts until the conversation ends, its time limit at most. */
    converses: boolean;
  },
): Promise<SimulatorCallRow> {
  const call = input.call;
  const converses = input.converses && call?.outcome === 'completed';
  const endsAfterSeconds = converses
    ? call.ringSeconds + Math.max(call.talkSeconds, call.timeLimitSeconds)
    : (call?.endsAfterSeconds ?? 0);
  return db
    .insertInto('simulator_calls')
    .values({
      call_sid: `SIM${randomUUID().replace(/-/g, '')}`,
      telephony_configuration_id: input.configurationId,
      attempt_ref: input.attemptRef,
      to_number: input.to,
      from_number: input.from,
      status_callback_url: input.statusCallbackUrl,
      // A null call is a placement the simulated provider refused (a scripted provider error); it is recorded too.
      outcome: call?.outcome ?? 'error',
      status: call ? 'queued' : 'rejected',
      ring_seconds: call?.ringSeconds ?? 0,
      talk_seconds: call?.talkSeconds ?? 0,
      time_limit_seconds: call?.timeLimitSeconds ?? 0,
      converses,
      drop_callback: input.dropCallback,
      ends_at: sql<Date>`now() + make_interval(secs => ${endsAfterSeconds})`,
      ended_at: call ? null : sql<Date>`now()`,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function findCall(db: Db, callSid: string): Promise<SimulatorCallRow | undefined> {
  return db.selectFrom('simulator_calls').select(columns).where('call_sid', '=', callSid).executeTakeFirst();
}

export async function findCallsByAttempt(db: Db, attemptRef: string): Promise<SimulatorCallRow[]> {
  return db
    .selectFrom('simulator_calls')
    .select(columns)
    .where('attempt_ref', '=', attemptRef)
    .orderBy('id')
    .execute();
}

/** Ends up to `limit` calls whose time is up; each is ended by exactly one runner, even with several API processes. */
export async function endDueCalls(db: Db, limit: number): Promise<SimulatorCallRow[]> {
  return db
    .updateTable('simulator_calls')
    .set({ ended_at: sql`now()`, status: 'ended' })
    .where(
      'id',
      'in',
      db
        .selectFrom('simulator_calls')
        .select('id')
        .where('ended_at', 'is', null)
        .where('ends_at', '<=', sql<Date>`now()`)
        .orderBy('ends_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(columns)
    .execute();
}

/**
 * Claims up to `limit` conversing calls placed by the deployment at `deploymentUrl` (their status callbacks go there:
 * the deployment that placed a call plays its agent, as a vendor fetches the placing app's answer URL) whose ring
 * time is over; each is claimed by exactly one runner. A claimed call is `answered`; it ends when the conversation
 * hangs it up, or at its time limit should the process playing it die.
 */
export async function claimAnsweredCalls(
  db: Db,
  deploymentUrl: string,
  limit: number,
): Promise<SimulatorCallRow[]> {
  return db
    .updateTable('simulator_calls')
    .set({ status: 'answered' })
    .where(
      'id',
      'in',
      db
        .selectFrom('simulator_calls')
        .select('id')
        .where('ended_at', 'is', null)
        .where('converses', '=', true)
        .where('status', '=', 'queued')
        .where(sql<boolean>`requested_at + make_interval(secs => ring_seconds) <= now()`)
        .where('status_callback_url', 'like', `${escapeLike(deploymentUrl)}/%`)
        .orderBy('ends_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(columns)
    .execute();
}

/** An answered call that does not converse keeps its planned end (ring plus talk_seconds). */
export async function keepPlannedEnd(db: Db, callSid: string): Promise<void> {
  await db
    .updateTable('simulator_calls')
    .set({ ends_at: sql<Date>`requested_at + make_interval(secs => ring_seconds + talk_seconds)` })
    .where('call_sid', '=', callSid)
    .where('ended_at', 'is', null)
    .execute();
}

/** The callee hangs up now, after `talkSeconds` of conversation; the runner ends the call and reports it. */
export async function hangUpAnsweredCall(db: Db, callSid: string, talkSeconds: number): Promise<void> {
  await db
    .updateTable('simulator_calls')
    .set({ talk_seconds: talkSeconds, ends_at: sql<Date>`now()` })
    .where('call_sid', '=', callSid)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * Hands an answered call that is talking over its media stream to a person at `destination`, once: the row records
 * where. Undefined when there is no such call in progress (never answered, not talking, ended, or transferred).
 */
export async function recordTransfer(
  db: Db,
  callSid: string,
  destination: string,
): Promise<SimulatorCallRow | undefined> {
  return db
    .updateTable('simulator_calls')
    .set({ transferred_to: destination, transferred_at: sql`now()` })
    .where('call_sid', '=', callSid)
    .where('status', '=', 'answered')
    .where('ended_at', 'is', null)
    .where('transferred_to', 'is', null)
    .returning(columns)
    .executeTakeFirst();
}

export async function markCallbackSent(db: Db, callSid: string): Promise<void> {
  await db
    .updateTable('simulator_calls')
    .set({ callback_sent_at: sql`now()` })
    .where('call_sid', '=', callSid)
    .execute();
}

/** The call as its vendor would report it now. */
export function statusReport(row: SimulatorCallRow, now = Date.now()): SimulatorStatusReport {
  const base = { CallSid: row.call_sid, AttemptRef: row.attempt_ref };
  if (row.ended_at !== null || row.status === 'rejected') {
    return {
      ...base,
      ...finalStatusOf(row.outcome as CallOutcome),
      CallDuration: Math.round(row.talk_seconds),
    };
  }
  const answeredAt = row.requested_at.getTime() + row.ring_seconds * 1000;
  const answered = row.outcome === 'completed' || row.outcome === 'voicemail';
  return {
    ...base,
    CallStatus: answered && now >= answeredAt ? 'in-progress' : 'ringing',
    AnsweredBy: null,
    CallDuration: 0,
    SipResponseCode: null,
  };
}
