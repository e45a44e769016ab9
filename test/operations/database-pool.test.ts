import { sql } from 'kysely';
import { inject, afterAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createLogger } from '../../config/logger';
import { createDb, type Db } from '../../db/client';

describe('the database pool of a process', () => {
  const warnings: string[] = [];
  const logger = createLogger({
    level: 'warn',
    pretty: false,
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings.push(String((JSON.parse(chunk.toString()) as { msg: string }).msg));
        done();
      },
    }),
  });
  const pools: Db[] = [];
  const pool = (options: Parameters<typeof createDb>[1]) => {
    const db = createDb(inject('databaseUrl'), { logger, ...options });
    pools.push(db);
    return db;
  };
  afterAll(async () => Promise.all(pools.map((db) => db.destroy())));

  it('survives a connection the server closes while it sits idle, and answers the next query', async () => {
    const db = pool({ max: 1 });
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const admin = pool({ max: 1 });
    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(admin);
    await expect.poll(() => warnings).toContain('idle database connection lost');

    const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    expect(after.rows[0]!.pid).not.toBe(rows[0]!.pid);
  });

  it('survives a connection the server closes while a query runs on it, and answers the next query', async () => {
    const db = pool({ max: 1 });
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const running = sql`select pg_sleep(5)`.execute(db).then(
      () => null,
      (error: unknown) => error,
    );
    const admin = pool({ max: 1 });
    await expect
      .poll(async () => {
        const active = await sql<{ state: string }>`
          select state from pg_stat_activity where pid = ${rows[0]!.pid}`.execute(admin);
        return active.rows[0]?.state;
      })
      .toBe('active');
    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(admin);
    expect(await running).toBeInstanceOf(Error);

    // The failed query's client may come back to the pool before its socket's end is read: a query or two may still
    // fail on it, then the pool drops it and opens a new connection.
    const pidNow = () =>
      sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db).then(
        (result) => result.rows[0]!.pid,
        () => null,
      );
    await expect.poll(pidNow).not.toBeNull();
    expect(await pidNow()).not.toBe(rows[0]!.pid);
  });

  it('ends a statement that runs past the limit, and keeps serving', async () => {
    const db = pool({ max: 1, statementTimeoutMs: 200 });
    await expect(sql`select pg_sleep(5)`.execute(db)).rejects.toMatchObject({ code: '57014' });
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
