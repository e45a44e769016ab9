import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { sql } from 'kysely';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncContactsActivity } from '../../activities/sync-contacts';
import type { ObjectStorage } from '../../storage';
import { createTestApp, type TestApp } from '../helpers/context';
import { activityDeps, campaignRow, logsOf, syncingCampaign } from './sync-helpers';

describe('an import that fails the same way on every attempt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Runs the import as its attempt `attempt`, with a store whose reads throw `error`. */
  function attemptWith(campaignId: number, attempt: number, error: Error) {
    const failing: ObjectStorage = Object.assign(Object.create(t.ctx.storage) as ObjectStorage, {
      getObjectStream: () => Promise.reject(error),
    });
    const { syncContacts } = createSyncContactsActivity({ ...activityDeps(t), storage: failing });
    return new MockActivityEnvironment({ attempt })
      .run(syncContacts, { campaignId })
      .catch((e: unknown) => e);
  }

  it('is retried a few times, then fails the campaign with import_error instead of leaving it syncing', async () => {
    const id = await syncingCampaign(t, 'phone_number\n+14155550100\n');
    const bug = new TypeError('Cannot read properties of undefined');
    for (const attempt of [1, 4]) {
      expect(await attemptWith(id, attempt, bug)).toBe(bug);
      expect((await campaignRow(t, id)).state).toBe('syncing');
    }
    const failure = await attemptWith(id, 5, bug);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'SourceInvalid', nonRetryable: true });
    expect((await campaignRow(t, id)).state).toBe('failed');
    const entry = (await logsOf(t, id)).find((l) => l.event === 'source_sync_failed')!;
    expect(entry.message).toBe(
      'The contact source could not be imported: the import failed 5 times in a row (Cannot read properties of undefined)',
    );
    expect(entry.details).toMatchObject({ reason: 'import_error' });
  });

  it('keeps retrying an outage of the store, however long it lasts', async () => {
    const id = await syncingCampaign(t, 'phone_number\n+14155550100\n');
    const outage = Object.assign(new Error('We encountered an internal error'), {
      name: 'InternalError',
      $metadata: { httpStatusCode: 500 },
    });
    expect(await attemptWith(id, 50, outage)).toBe(outage);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    expect(await attemptWith(id, 50, refused)).toBe(refused);
    expect((await campaignRow(t, id)).state).toBe('syncing');
  });

  it('keeps retrying a lost or unanswered database connection (node-postgres gives those errors no code)', async () => {
    const id = await syncingCampaign(t, 'phone_number\n+14155550100\n');
    const closing = await listen(net.createServer((socket) => socket.destroy()));
    const silent = await listen(net.createServer(() => undefined));
    try {
      const client = new pg.Client({ host: '127.0.0.1', port: portOf(closing), user: 'x', database: 'x' });
      const terminated = (await client.connect().catch((e: unknown) => e)) as Error;
      expect(terminated.message).toBe('Connection terminated unexpectedly');
      const pool = new pg.Pool({
        host: '127.0.0.1',
        port: portOf(silent),
        user: 'x',
        database: 'x',
        connectionTimeoutMillis: 50,
      });
      const timedOut = (await pool.query('select 1').catch((e: unknown) => e)) as Error;
      await pool.end();
      expect(timedOut.message).toBe('Connection terminated due to connection timeout');
      for (const error of [terminated, timedOut]) expect(await attemptWith(id, 50, error)).toBe(error);
      expect((await campaignRow(t, id)).state).toBe('syncing');
    } finally {
      closing.close();
      silent.close();
    }
  });

  it('fails the campaign after 5 attempts on a database error that is no outage (an undefined table)', async () => {
    const id = await syncingCampaign(t, 'phone_number\n+14155550100\n');
    const undefinedTable = (await sql`select 1 from no_such_table`
      .execute(t.ctx.db)
      .catch((e: unknown) => e)) as Error;
    expect(undefinedTable).toMatchObject({ code: '42P01' });
    expect(await attemptWith(id, 4, undefinedTable)).toBe(undefinedTable);
    expect((await campaignRow(t, id)).state).toBe('syncing');
    expect(await attemptWith(id, 5, undefinedTable)).toMatchObject({
      type: 'SourceInvalid',
      nonRetryable: true,
    });
    expect((await campaignRow(t, id)).state).toBe('failed');
    const entry = (await logsOf(t, id)).find((l) => l.event === 'source_sync_failed')!;
    expect(entry.details).toMatchObject({ reason: 'import_error' });
  });

  it('keeps retrying a database error of an outage class (a statement cancelled by its timeout)', async () => {
    const id = await syncingCampaign(t, 'phone_number\n+14155550100\n');
    const cancelled = (await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await sql`set local statement_timeout = 1`.execute(trx);
        await sql`select pg_sleep(1)`.execute(trx);
      })
      .catch((e: unknown) => e)) as Error;
    expect(cancelled).toMatchObject({ code: '57014' });
    expect(await attemptWith(id, 50, cancelled)).toBe(cancelled);
    expect((await campaignRow(t, id)).state).toBe('syncing');
  });
});

function listen(server: net.Server): Promise<net.Server> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
