import type { Socket } from 'node:net';
import pg from 'pg';

/**
 * Connections kept for contact imports. COPY needs a raw client and the import's staging table lives in its session,
 * so each import used to open a connection and create that table: a backend's start and a catalog write per campaign
 * (bench/fairness: 300-500 ms of a small campaign's start while a big one dials, 40 ms alone). A connection that ended
 * an import cleanly is kept for the next one: at most `KEPT` per connection string, each closed after `IDLE_MS`
 * unused. A kept connection does not keep the process alive (its socket is unref'd until it is taken again), and one
 * that breaks while kept is dropped.
 */
const KEPT = 2;
const IDLE_MS = 30_000;

interface Kept {
  client: pg.Client;
  timer: NodeJS.Timeout;
}

const kept = new Map<string, Kept[]>();
const broken = new WeakSet<pg.Client>();

/** The client's socket (pg's `connection.stream`), to unref while it is kept. */
function socketOf(client: pg.Client): Socket | undefined {
  return (client as unknown as { connection?: { stream?: Socket } }).connection?.stream;
}

/** A kept connection, or a new one on which `prepare` ran (closed again if it fails). */
export async function takeImportConnection(
  connectionString: string,
  prepare: (client: pg.Client) => Promise<void>,
): Promise<pg.Client> {
  const list = kept.get(connectionString) ?? [];
  for (let entry = list.pop(); entry; entry = list.pop()) {
    clearTimeout(entry.timer);
    if (broken.has(entry.client)) continue;
    socketOf(entry.client)?.ref();
    return entry.client;
  }
  const client = new pg.Client({ connectionString });
  // A connection lost while kept (or while in use: its query fails too) must not crash the process.
  client.on('error', () => broken.add(client));
  await client.connect();
  try {
    await prepare(client);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

/** Ends an import's use of the connection: kept when it ended cleanly and there is room, closed otherwise. */
export async function giveBackImportConnection(
  connectionString: string,
  client: pg.Client,
  clean: boolean,
): Promise<void> {
  const list = kept.get(connectionString) ?? [];
  if (!clean || broken.has(client) || list.length >= KEPT) {
    await client.end().catch(() => undefined);
    return;
  }
  const entry: Kept = {
    client,
    timer: setTimeout(() => {
      const index = list.indexOf(entry);
      if (index >= 0) list.splice(index, 1);
      void client.end().catch(() => undefined);
    }, IDLE_MS).unref(),
  };
  socketOf(client)?.unref();
  list.push(entry);
  kept.set(connectionString, list);
}
