import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb, type Db } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { freePort } from '../../devstack/processes';
import { startS3Server, type S3Server } from '../../devstack/s3';
import { ensureTool } from '../../devstack/tools';
import { createStorage } from '../../storage';
import { loadConfig } from '../../config';
import { contactSourceKey } from '../../storage/contact-sources';
import { contactCsv, type GeneratedMix } from './generate';
import type { SyncRunReport } from './run-sync';

/**
 * Contact sync benchmark (not a test). Creates a dedicated database on the local server and a versitygw S3 server,
 * uploads a generated CSV of N rows, then runs the `syncContacts` activity for a campaign over it in a child
 * process (run-sync.ts) and prints rows/s and that process's peak RSS. Drops the database at the end.
 * Usage: npx tsx bench/sync/main.ts [--rows N] [--batch-size N] [--storage s3|embedded] [--max-old-space MB]
 *   [--cpu-prof DIR] [--keep]
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const ROWS = Number(option('rows') ?? 1_000_000);
const BATCH_SIZE = option('batch-size');
const CPU_PROFILE_DIR = option('cpu-prof');
const STORAGE = option('storage') ?? 's3';
const MAX_OLD_SPACE_MB = option('max-old-space');
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'vac_bench_sync';
const BUCKET = 'vac-bench';
const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line: string) => console.error(`[bench] ${line}`);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh organization; its id. */
async function createOrganization(db: Db): Promise<number> {
  const org = await db
    .insertInto('organizations')
    .values({ name: 'bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return org.id;
}

/** A campaign in `syncing` over `sourceId`, with its own agent and simulator configuration. */
async function syncingCampaign(db: Db, organizationId: number, sourceId: string): Promise<number> {
  const agent = await db
    .insertInto('agents')
    .values({ organization_id: organizationId, name: 'bench agent' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const configuration = await db
    .insertInto('telephony_configurations')
    .values({
      organization_id: organizationId,
      name: 'Simulator',
      provider: 'simulator',
      is_default_outbound: true,
      config: JSON.stringify({ provider: 'simulator' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const campaign = await db
    .insertInto('campaigns')
    .values({
      organization_id: organizationId,
      workflow_id: agent.id,
      telephony_configuration_id: configuration.id,
      name: 'sync bench',
      state: 'syncing',
      source_type: 'csv',
      source_id: sourceId,
      retry_config: '{}',
      max_concurrency: 10,
      schedule_config: '{}',
      circuit_breaker: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return campaign.id;
}

/**
 * CPU seconds used by the Postgres backends serving the bench database while `work` runs, read from /proc every
 * 200 ms (null when the server is not on this machine).
 */
async function postgresCpuDuring<T>(databaseUrl: string, work: Promise<T>): Promise<[T, number | null]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seen = new Map<number, number>();
  let readable = true;
  const sample = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        seen.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        readable = false;
      }
    }
  };
  let done = false;
  const sampling = (async () => {
    while (!done) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  try {
    const result = await work;
    return [result, readable ? [...seen.values()].reduce((a, b) => a + b, 0) : null];
  } finally {
    done = true;
    await sampling;
    await client.end();
  }
}

function runSync(env: NodeJS.ProcessEnv, campaignId: number): Promise<SyncRunReport> {
  const execArgv = ['--import', 'tsx'];
  if (MAX_OLD_SPACE_MB) execArgv.push(`--max-old-space-size=${MAX_OLD_SPACE_MB}`);
  if (CPU_PROFILE_DIR) execArgv.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROFILE_DIR)}`);
  const child = fork(
    path.join(here, 'run-sync.ts'),
    [String(campaignId), ...(BATCH_SIZE ? [BATCH_SIZE] : [])],
    {
      env,
      execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    let report: SyncRunReport | undefined;
    child.on('message', (message) => (report = message as SyncRunReport));
    child.on('error', reject);
    child.on('exit', (code) =>
      report ? resolve(report) : reject(new Error(`run-sync exited with ${code} before reporting`)),
    );
  });
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'vac-bench-sync-'));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  // The measured process gets the environment a worker would have.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url.toString(),
    DEFAULT_PHONE_REGION: 'US',
    DATA_DIR: scratch,
  };
  let s3: S3Server | undefined;
  if (STORAGE === 's3') {
    s3 = await startS3Server({
      binary: await ensureTool('versitygw', log),
      port: await freePort(),
      rootDir: path.join(scratch, 's3'),
      logDir: scratch,
      buckets: [BUCKET],
    });
    Object.assign(env, {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
  } else {
    env.STORAGE_DIR = path.join(scratch, 'storage');
  }
  await admin(`drop database if exists ${DATABASE} with (force)`);
  await admin(`create database ${DATABASE}`);
  try {
    const db = createDb(env.DATABASE_URL!, { max: 1 });
    await migrateToLatest(db);
    const organizationId = await createOrganization(db);

    const storage = createStorage(loadConfig(env));
    const mix: GeneratedMix = { rows: 0, invalid: 0, duplicates: 0 };
    // One PUT of the whole file: versitygw 1.7 refuses the SDK's multipart uploads (InvalidPart).
    const body = Buffer.concat([...contactCsv(ROWS, mix)].map((chunk) => Buffer.from(chunk)));
    const bytes = body.length;
    let started = Date.now();
    const key = contactSourceKey(organizationId, 'contacts.csv');
    const campaignId = await syncingCampaign(db, organizationId, key);
    await db.destroy();
    await storage.putObject({ key, body, contentType: 'text/csv' });
    log(
      `uploaded ${mix.rows} rows (${mb(bytes)} MiB; ~${mix.invalid} invalid, ~${mix.duplicates} repeated numbers) ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    log(
      `load average before the sync: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    started = Date.now();
    const [report, postgresCpu] = await postgresCpuDuring(env.DATABASE_URL!, runSync(env, campaignId));
    const load = os.loadavg();
    log(`sync process exited after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const rowsPerSecond = Math.round(ROWS / report.seconds);
    const workerCpu = report.cpuUserSeconds + report.cpuSystemSeconds;
    const perRow = (seconds: number | null) =>
      seconds === null ? 'n/a' : ((seconds / ROWS) * 1e6).toFixed(1);
    console.log(
      '| rows | seconds | rows/s | peak RSS MiB (maxRSS) | RSS before the sync MiB | worker CPU µs/row | ' +
        'Postgres CPU µs/row | load avg (1 min) after |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${ROWS} | ${report.seconds.toFixed(1)} | ${rowsPerSecond} | ${mb(report.maxRssBytes)} | ` +
        `${mb(report.baselineRssBytes)} | ${perRow(workerCpu)} | ${perRow(postgresCpu)} | ${load[0]!.toFixed(2)} |`,
    );
    log(
      `sampled peak RSS ${mb(report.sampledPeakRssBytes)} MiB (V8 heap ${mb(report.peakHeapTotalBytes)} MiB, ` +
        `external ${mb(report.peakExternalBytes)} MiB); worker CPU ${workerCpu.toFixed(1)} s; Postgres CPU ${postgresCpu?.toFixed(1) ?? 'n/a'} s`,
    );
    console.log(`\nresult: ${JSON.stringify(report.result)}`);
  } finally {
    await s3?.stop();
    rmSync(scratch, { recursive: true, force: true });
    if (!args.includes('--keep')) await admin(`drop database if exists ${DATABASE} with (force)`);
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
