import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { API_KEY_PREFIX, hashToken } from '../../credentials/tokens';
import { createDb, type Db } from '../../db/client';
import { freePort } from '../../devstack/processes';
import { seedRunsDatabase } from '../runs-list/seed';
import { closeBenchDatabase, openBenchDatabase } from '../shared/bench-database';
import { measureRead, type ReadResult } from './load';

/**
 * Read benchmark (not a test): `GET /campaign/{id}/progress`, `GET /campaign/{id}/runs` and
 * `GET /organizations/usage/runs` under 50 concurrent clients, against the API as shipped (`api/server.ts` in its own
 * process) on a seeded database: the runs-list seed (--runs, the largest organization holding 40 %), and its first
 * campaign made a running one of --contacts contacts, each with a finished attempt (a few in flight). Prints one
 * Markdown row per read (req/s, p50, p99, failures); exits 1 when any request failed.
 * Usage: npx tsx bench/reads/main.ts [--runs 100000] [--contacts 20000] [--clients 50] [--seconds 10] [--keep] [--reuse]
 * [--profile] [--only progress|campaign-runs|usage-runs] [--api-dir <another checkout>]
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RUNS = option('runs', 100_000);
const CONTACTS = option('contacts', 20_000);
const CLIENTS = option('clients', 50);
const SECONDS = option('seconds', 10);
const DATABASE = 'vac_bench_reads';
const ORG = 1;
const CAMPAIGN = 1;
const rootDir = path.resolve(import.meta.dirname, '../..');
const log = (line: string) => console.error(`[bench] ${line}`);

/** Campaign 1 running, with CONTACTS contacts: most finished with an outcome, some waiting for a retry, 20 in a call. */
async function seedRunningCampaign(db: Db): Promise<void> {
  await sql`update campaigns set state = 'running', started_at = now() - interval '1 hour',
    schedule_config = '{}'::jsonb where id = ${CAMPAIGN}`.execute(db);
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`
      insert into contacts (campaign_id, organization_id, row_number, phone_number, initial_context, attempts_made,
                            next_attempt_at, last_outcome, final_outcome, completed_at)
      select ${CAMPAIGN}, ${ORG}, g, '+1212' || lpad(g::text, 7, '0'), '{}'::jsonb, 1,
        case when g % 10 = 0 then now() + interval '1 hour' else null end,
        (array['completed','busy','no_answer','voicemail','failed'])[1 + g % 5],
        case when g % 10 = 0 or g <= 20 then null else (array['completed','busy','no_answer','voicemail','failed'])[1 + g % 5] end,
        case when g % 10 = 0 or g <= 20 then null else now() - (g || ' seconds')::interval end
      from generate_series(1, ${CONTACTS}) g`.execute(trx);
    await sql`
      insert into attempts (organization_id, campaign_id, contact_id, attempt_number, state, phone_number, outcome,
                            placing_at, placed_at, finished_at)
      select ${ORG}, ${CAMPAIGN}, c.id, 1, case when c.row_number <= 20 then 'placed' else 'finished' end,
        c.phone_number, case when c.row_number <= 20 then null else c.last_outcome end,
        now() - interval '30 minutes', now() - interval '29 minutes',
        case when c.row_number <= 20 then null else now() - interval '28 minutes' end
      from contacts c where c.campaign_id = ${CAMPAIGN}`.execute(trx);
  });
  await sql`vacuum (analyze) contacts, attempts`.execute(db);
}

/** A read-scoped API key of the organization, inserted as the API stores one. */
async function apiKey(db: Db): Promise<string> {
  const key = `${API_KEY_PREFIX}bench${Date.now()}`;
  await db
    .insertInto('api_keys')
    .values({
      organization_id: ORG,
      created_by_user_id: null,
      name: 'reads bench',
      key_prefix: key.slice(0, 12),
      key_hash: hashToken(key),
      scopes: ['read', 'write'],
    })
    .execute();
  return key;
}

/** The API as shipped, in its own process, on the bench database; resolves once it listens. */
function startApi(databaseUrl: string, port: number): Promise<ChildProcess> {
  // --profile: the API writes a CPU profile (.cpuprofile) into bench/reads/profiles/ when it stops.
  const profile = args.includes('--profile') ? ['--cpu-prof', '--cpu-prof-dir', 'bench/reads/profiles'] : [];
  // --api-dir: the API of another checkout (an older build, for a comparison on the same database).
  const apiDir = args.includes('--api-dir') ? path.resolve(args[args.indexOf('--api-dir') + 1]!) : rootDir;
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'api/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET: 'bench-reads-secret-of-at-least-32-characters',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vac-bench-reads-')),
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      HOST: '127.0.0.1',
      PORT: String(port),
      SIMULATOR_ENABLED: 'false',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      API_SHUTDOWN_DELAY_SECONDS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/livez`);
        if (response.ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null || Date.now() > deadline) return reject(new Error('the API did not start'));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

const row = (name: string, r: ReadResult) =>
  `| ${name} | ${r.perSecond.toFixed(0)} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ${r.maxMs.toFixed(0)} | ${(r.meanBytes / 1024).toFixed(1)} | ${r.failures} of ${r.requests} |`;

async function main(): Promise<void> {
  const reuse = args.includes('--reuse');
  const url = await openBenchDatabase(DATABASE, { reuse });
  const db = createDb(url.toString(), { max: 4 });
  let api: ChildProcess | null = null;
  let failed = false;
  try {
    if (!reuse) {
      await seedRunsDatabase(db, RUNS, log);
      await seedRunningCampaign(db);
    }
    const key = await apiKey(db);
    const port = await freePort();
    api = await startApi(url.toString(), port);
    const base = `http://127.0.0.1:${port}/api/v1`;
    const reads = [
      {
        key: 'progress',
        name: `GET /campaign/${CAMPAIGN}/progress`,
        url: `${base}/campaign/${CAMPAIGN}/progress`,
      },
      {
        key: 'campaign-runs',
        name: `GET /campaign/${CAMPAIGN}/runs`,
        url: `${base}/campaign/${CAMPAIGN}/runs?page=1&limit=50`,
      },
      {
        key: 'usage-runs',
        name: 'GET /organizations/usage/runs',
        url: `${base}/organizations/usage/runs?page=1&limit=50`,
      },
    ];
    log(
      `load average before: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')} (${cpus().length} cores)`,
    );
    console.log(`## Reads, ${CLIENTS} concurrent clients, ${SECONDS} s each (after 2 s of warm-up)\n`);
    console.log(
      '| read | req/s | p50 ms | p99 ms | max ms | answer KiB | failures |\n|---|---:|---:|---:|---:|---:|---|',
    );
    const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
    for (const read of reads.filter((r) => only === null || r.key === only)) {
      const headers = { 'x-api-key': key };
      await measureRead({ url: read.url, headers, clients: CLIENTS, seconds: 2 });
      const result = await measureRead({ url: read.url, headers, clients: CLIENTS, seconds: SECONDS });
      if (result.failures > 0) failed = true;
      console.log(row(read.name, result));
    }
    log(
      `load average after: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    if (api) {
      const exited = new Promise((resolve) => api!.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await db.destroy();
    await closeBenchDatabase(DATABASE, { keep: args.includes('--keep'), reuse });
  }
  if (failed) {
    log('some requests failed');
    process.exitCode = 1;
  }
}

await main();
