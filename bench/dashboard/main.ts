import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { chromium } from 'playwright-core';
import { buildApp } from '../../api/app';
import { createTemporalGateway } from '../../client/temporal';
import { loadConfig } from '../../config';
import { createLogger } from '../../config/logger';
import { createDb, type Db } from '../../db/client';
import { ensureDashboardBuilt } from '../../devstack/dashboard-build';
import { freePort } from '../../devstack/processes';
import { createStorage } from '../../storage';
import { seedRunsDatabase } from '../runs-list/seed';
import { closeBenchDatabase, openBenchDatabase } from '../shared/bench-database';
import { bundleReport } from './bundle-size';
import { median, timeToReady } from './page-timing';

/**
 * Dashboard benchmark (not a test): the initial JavaScript of the production build (gzip), and, with 100,000 runs in
 * the organization, the campaign and runs pages from navigation to the first row drawn and the main button enabled
 * (median of 10 warm loads in Chromium). Seeds a dedicated database on the local PostgreSQL (runs-list seed: the
 * largest of five organizations holds 40 % of --runs) and drops it after.
 * Usage: npx tsx bench/dashboard/main.ts [--runs 250000] [--loads 10] [--keep] [--reuse]
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RUNS = option('runs', 250_000);
const LOADS = option('loads', 10);
const DATABASE = 'vac_bench_dashboard';
const ORG = 1;
const CAMPAIGN = 1;
const rootDir = path.resolve(import.meta.dirname, '../..');
const log = (line: string) => console.error(`[bench] ${line}`);

/** A user of the largest organization: signed up through the API, moved there, logged in (the session token). */
async function sessionInLargestOrganization(baseUrl: string, db: Db): Promise<string> {
  const credentials = { email: `bench-${Date.now()}@example.com`, password: 'bench-dashboard-password' };
  const signup = await fetch(`${baseUrl}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const { user } = (await signup.json()) as { user: { id: number } };
  await db.updateTable('memberships').set({ organization_id: ORG }).where('user_id', '=', user.id).execute();
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return ((await login.json()) as { token: string }).token;
}

async function main(): Promise<void> {
  await ensureDashboardBuilt(rootDir, log);
  const distDir = path.join(rootDir, 'dashboard', 'dist');
  const bundle = await bundleReport(distDir);
  const graphEditorInitial = await bundle.initialContains('react-flow__');
  console.log(`## Initial JavaScript\n`);
  console.log(
    `| initial files | gzip kB | graph editor in it | lazy chunks | largest lazy chunk (gzip kB) |`,
  );
  console.log(`|---|---:|---|---:|---:|`);
  const largestLazy = Math.max(0, ...bundle.lazyChunks.map((chunk) => chunk.gzipBytes));
  console.log(
    `| ${bundle.initialFiles.length} | ${(bundle.initialJsGzipBytes / 1024).toFixed(1)} | ${graphEditorInitial ? 'yes' : 'no'} | ${bundle.lazyChunks.length} | ${(largestLazy / 1024).toFixed(1)} |\n`,
  );

  const reuse = args.includes('--reuse');
  const url = await openBenchDatabase(DATABASE, { reuse });
  const db = createDb(url.toString(), { max: 4 });
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vac-bench-dashboard-')),
    DATABASE_URL: url.toString(),
    TEMPORAL_ADDRESS: '127.0.0.1:1',
    PORT: String(port),
    SIMULATOR_ENABLED: 'false',
  });
  const appDb = createDb(url.toString(), { max: 10 });
  const temporal = createTemporalGateway(config);
  const logger = createLogger({ level: 'warn', pretty: false });
  const app = await buildApp(
    { config, logger, db: appDb, storage: createStorage(config), temporal },
    { backgroundLoops: false },
  );
  const browser = await chromium.launch({
    executablePath:
      process.env.CHROMIUM_PATH ?? execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim(),
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  try {
    if (!reuse) await seedRunsDatabase(db, RUNS, log);
    const { rows } = await sql<{
      count: string;
    }>`select count(*) from runs where organization_id = ${ORG}`.execute(db);
    log(`organization ${ORG}: ${rows[0]?.count} runs`);
    await app.listen({ port, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${port}`;
    const token = await sessionInLargestOrganization(baseUrl, db);
    const context = await browser.newContext({ baseURL: baseUrl });
    await context.addCookies([
      { name: 'vac_session', value: token, url: baseUrl, httpOnly: true, sameSite: 'Strict' },
    ]);
    const page = await context.newPage();

    const pages = [
      {
        name: `campaign page (/app/campaigns/${CAMPAIGN})`,
        url: `/app/campaigns/${CAMPAIGN}`,
        ready: {
          rowSelector: 'main table[aria-label="Runs"] tbody tr',
          buttonNames: ['Start', 'Pause', 'Resume', 'Redial…'],
        },
      },
      {
        name: 'runs page (/app/runs)',
        url: '/app/runs',
        ready: { rowSelector: 'main table tbody tr a[href*="/runs/"]', buttonNames: ['Next page'] },
      },
    ];
    log(
      `load average before: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')} (${cpus().length} cores)`,
    );
    console.log(`## Pages with ${rows[0]?.count} runs in the organization (median of ${LOADS} warm loads)\n`);
    console.log(`| page | cold ms | median ms | min ms | max ms |\n|---|---:|---:|---:|---:|`);
    for (const target of pages) {
      const cold = await timeToReady(page, target.url, target.ready);
      const times: number[] = [];
      for (let i = 0; i < LOADS; i++) times.push(await timeToReady(page, target.url, target.ready));
      const fmt = (ms: number) => ms.toFixed(0);
      console.log(
        `| ${target.name} | ${fmt(cold)} | ${fmt(median(times))} | ${fmt(Math.min(...times))} | ${fmt(Math.max(...times))} |`,
      );
    }
    log(
      `load average after: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await app.close();
    await temporal.close();
    await appDb.destroy();
    await db.destroy();
    await closeBenchDatabase(DATABASE, { keep: args.includes('--keep'), reuse });
  }
}

await main();
