import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from '../config/logger';
import type { Database } from './database';

// bigint ids and counters fit in a JS number for any realistic volume; numeric money and durations are read as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;

export interface DbOptions {
  max?: number;
  /** How long to wait for a new connection before the query fails (default 10 s). */
  connectTimeoutMs?: number;
  /** Server-side limit of one statement; 0 or absent: none (migrations run without one). */
  statementTimeoutMs?: number;
  /** Where a connection lost while idle in the pool is reported. */
  logger?: Logger;
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
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The pool settings of a long-running process (API, worker) from its config. */
export function processDbOptions(
  config: { databasePoolSize: number; databaseTimeouts: { connectMs: number; statementMs: number } },
  logger: Logger,
): DbOptions {
  return {
    max: config.databasePoolSize,
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
    logger,
  };
}
