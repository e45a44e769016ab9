import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './database';

/** The little the database layer logs: any pino logger fits. */
export interface DbLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

// bigint ids and counters fit in a JS number for any realistic volume; numeric money and durations are read as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;

/** A transaction of the application's database. */
export type Trx = Transaction<Database>;

/** What every repository function runs on: the pool, or a transaction the caller holds. */
export type Executor = Db | Trx;

/**
 * Runs `work` in one transaction, committed when it resolves and rolled back when it throws. Callers outside db/ use
 * it to put several repository calls in one transaction, in the order they make them.
 */
export function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** The smallest round trip to the database (the health check's). */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}

export interface DbOptions {
  max?: number;
  /** How long to wait for a new connection before the query fails (default 10 s). */
  connectTimeoutMs?: number;
  /** Server-side limit of one statement; 0 or absent: none (migrations run without one). */
  statementTimeoutMs?: number;
  /** Where a connection lost while idle in the pool is reported. */
  logger?: DbLogger;
}

/** One pool per process; callers destroy it on shutdown. */
export function createDb(connectionString: string, options: DbOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // node-postgres emits an idle client's error (a database restart, a terminated backend) on the pool; without a
  // listener that error crashes the process. The pool drops the client and opens a new one on the next query.
  pool.on('error', (error) => options.logger?.warn({ err: error }, 'idle database connection lost'));
  // A connection lost while checked out (a query in flight when the server restarts) emits its error on the client,
  // where the pool does not listen then: without a listener of the client's own it crashes the process too. The
  // query in flight fails with the same error (its caller sees it), and the pool drops the client when it comes back.
  pool.on('connect', (client) =>
    client.on('error', (error) =>
      options.logger?.warn({ err: error }, 'database connection lost during a query'),
    ),
  );
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The pool settings of a long-running process (API, worker) from its config. */
export function processDbOptions(
  config: { databasePoolSize: number; databaseTimeouts: { connectMs: number; statementMs: number } },
  logger: DbLogger,
): DbOptions {
  return {
    max: config.databasePoolSize,
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
    logger,
  };
}
