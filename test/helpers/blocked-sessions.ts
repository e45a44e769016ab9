import { sql } from 'kysely';
import type { Executor } from '../../db/client';

/**
 * Whether a statement waits for a lock, read from the database's own record (`pg_blocking_pids`) rather than guessed
 * from a fixed sleep: a test holding a lock in one transaction waits until another session is blocked on it.
 */

/** The server process of the transaction (or connection) `db` runs on. */
export async function backendPid(db: Executor): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  return rows[0]!.pid;
}

/**
 * Until some session waits for a lock the backend `pid` holds. Rejects after `timeoutMs`; a test racing it against
 * the statement that should wait sees that statement finish first when it did not wait.
 */
export async function untilBlockedBy(db: Executor, pid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ waiting: boolean }>`
      select exists (select 1 from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))) as waiting`.execute(
      db,
    );
    if (rows[0]!.waiting) return;
    if (Date.now() > deadline) throw new Error(`no session waited for a lock of backend ${pid}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
