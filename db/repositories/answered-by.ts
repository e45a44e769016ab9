/**
 * What answered an attempt's call (`attempts.answered_by`, the vendor's asynchronous answering-machine verdict) and
 * the news of a machine for the media process: storing a machine verdict sends `NOTIFY attempt_answered_by` in the
 * same transaction, so a listener hears of it only once it is stored, and on whichever replica holds the call.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { Executor, Db, Trx } from '../client';
import { isMachineAnswer } from '../../domain/outcomes';

/** The channel machine verdicts are announced on; the payload is `{run_id, attempt_id, answered_by}` as JSON. */
export const ANSWERED_BY_CHANNEL = 'attempt_answered_by';

export interface AnsweredByEvent {
  runId: number;
  attemptId: number;
  answeredBy: string;
}

/**
 * Stores the verdict on the attempt and, for a machine on an attempt with a run, notifies the media process.
 * Null when the attempt does not exist. A resent report stores the same value and notifies again (a listener that
 * already acted ignores it).
 */
export async function recordAnsweredBy(
  db: Db,
  attemptId: number,
  answeredBy: string,
): Promise<{ runId: number | null; machine: boolean } | null> {
  return db.transaction().execute((trx) => storeAnsweredBy(trx, attemptId, answeredBy));
}

/** As recordAnsweredBy, inside the caller's transaction (the NOTIFY goes out at its commit). */
export async function storeAnsweredBy(
  trx: Trx,
  attemptId: number,
  answeredBy: string,
): Promise<{ runId: number | null; machine: boolean } | null> {
  const attempt = await trx
    .updateTable('attempts')
    .set({ answered_by: answeredBy })
    .where('id', '=', attemptId)
    .returning(['id', 'run_id'])
    .executeTakeFirst();
  if (!attempt) return null;
  const machine = isMachineAnswer(answeredBy);
  if (machine && attempt.run_id !== null) {
    const payload = JSON.stringify({
      run_id: attempt.run_id,
      attempt_id: attempt.id,
      answered_by: answeredBy,
    });
    await sql`select pg_notify(${ANSWERED_BY_CHANNEL}, ${payload})`.execute(trx);
  }
  return { runId: attempt.run_id, machine };
}

/** The stored verdict of an attempt (null: none arrived). */
export async function answeredByOf(db: Executor, attemptId: number): Promise<string | null> {
  const row = await db
    .selectFrom('attempts')
    .select('answered_by')
    .where('id', '=', attemptId)
    .executeTakeFirst();
  return row?.answered_by ?? null;
}

function eventOf(payload: string | undefined): AnsweredByEvent | null {
  try {
    const value = JSON.parse(payload ?? '') as Record<string, unknown>;
    const { run_id: runId, attempt_id: attemptId, answered_by: answeredBy } = value;
    if (typeof runId !== 'number' || typeof attemptId !== 'number' || typeof answeredBy !== 'string')
      return null;
    return { runId, attemptId, answeredBy };
  } catch {
    return null;
  }
}

/**
 * Listens for machine verdicts on one dedicated connection (from `connectionString`, or checked out of `pool` and
 * returned on close). A lost connection is reported to `onError`; the caller decides whether to subscribe again.
 */
export async function subscribeAnsweredBy(
  source: string | pg.Pool,
  listener: (event: AnsweredByEvent) => void,
  options: { onError?: (error: Error) => void } = {},
): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | pg.PoolClient;
  let release: () => Promise<void>;
  if (typeof source === 'string') {
    const own = new pg.Client({ connectionString: source });
    await own.connect();
    client = own;
    release = () => own.end();
  } else {
    const pooled = await source.connect();
    client = pooled;
    release = async () => pooled.release();
  }
  const onError = (error: Error) => options.onError?.(error);
  client.on('error', onError);
  client.on('notification', (message) => {
    if (message.channel !== ANSWERED_BY_CHANNEL) return;
    const event = eventOf(message.payload);
    if (event) listener(event);
  });
  await client.query(`LISTEN ${ANSWERED_BY_CHANNEL}`);
  let closed = false;
  return {
    async close() {
      if (closed) return;
      closed = true;
      await client.query(`UNLISTEN ${ANSWERED_BY_CHANNEL}`).catch(() => undefined);
      client.off('error', onError);
      await release();
    },
  };
}
