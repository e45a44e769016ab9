import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { giveBackImportConnection, takeImportConnection } from '../../db/import-connections';

/** Each test uses a connection string of its own (the kept connections are per string), so they never share. */
const urlFor = (name: string) => {
  const url = new URL(inject('databaseUrl'));
  url.searchParams.set('application_name', `import-connections-${name}`);
  return url.toString();
};
const pidOf = async (client: pg.Client) =>
  (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

describe('connections kept for contact imports', () => {
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  const adminReady = admin.connect();
  afterAll(async () => admin.end());
  const isConnected = async (pid: number) =>
    (await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rows.length > 0;

  it('gives the next import the connection a clean one gave back, prepared once', async () => {
    const url = urlFor('reuse');
    let prepared = 0;
    const prepare = async () => void (prepared += 1);
    const first = await takeImportConnection(url, prepare);
    const pid = await pidOf(first);
    await giveBackImportConnection(url, first, true);
    const second = await takeImportConnection(url, prepare);
    expect(await pidOf(second)).toBe(pid);
    expect(prepared).toBe(1);
    await giveBackImportConnection(url, second, false);
  });

  it('closes a connection given back unclean, and the next import gets a new, prepared one', async () => {
    await adminReady;
    const url = urlFor('unclean');
    let prepared = 0;
    const prepare = async () => void (prepared += 1);
    const first = await takeImportConnection(url, prepare);
    const pid = await pidOf(first);
    await giveBackImportConnection(url, first, false);
    await expect.poll(() => isConnected(pid)).toBe(false);
    const second = await takeImportConnection(url, prepare);
    expect(await pidOf(second)).not.toBe(pid);
    expect(prepared).toBe(2);
    await giveBackImportConnection(url, second, false);
  });

  it('drops a kept connection the server closed, and keeps no more than two', async () => {
    await adminReady;
    const url = urlFor('limits');
    const prepare = async () => undefined;
    const clients = await Promise.all([1, 2, 3].map(() => takeImportConnection(url, prepare)));
    const pids = await Promise.all(clients.map(pidOf));
    for (const client of clients) await giveBackImportConnection(url, client, true);
    // Two kept, the third closed.
    await expect.poll(() => isConnected(pids[2]!)).toBe(false);
    expect(await isConnected(pids[0]!)).toBe(true);
    expect(await isConnected(pids[1]!)).toBe(true);
    // The server ends one kept connection: the next take skips it and still answers.
    await admin.query('select pg_terminate_backend($1)', [pids[1]]);
    await expect.poll(() => isConnected(pids[1]!)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await takeImportConnection(url, prepare);
    const nextPid = await pidOf(next);
    expect(nextPid).toBe(pids[0]);
    await giveBackImportConnection(url, next, false);
    const last = await takeImportConnection(url, prepare);
    await giveBackImportConnection(url, last, false);
  });
});
