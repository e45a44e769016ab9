import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { createDb, type Db } from '../../db/client';
import { listRuns, runListQueries } from '../../db/repositories/runs';
import { totalsGrain } from '../../db/repositories/runs-totals-grain';
import { benchCases } from './cases';
import { closeBenchDatabase, openBenchDatabase } from '../shared/bench-database';
import { seedRunsDatabase } from './seed';

/**
 * Runs-list benchmark (not a test). Creates a dedicated database on the local server, seeds it, times
 * listRuns (the two queries behind GET /organizations/usage/runs) per case, prints a Markdown table and
 * drops the database. Usage: npx tsx bench/runs-list/main.ts [--runs N] [--iterations N] [--explain] [--keep] [--reuse]
 * (--reuse measures a database kept by an earlier --keep run instead of seeding a new one.)
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RUNS = option('runs', 1_000_000);
const ITERATIONS = option('iterations', 30);
const WARMUP = 3;
const DATABASE = 'vac_bench_runs_list';
const LARGEST_ORG = 1;
const log = (line: string) => console.error(`[bench] ${line}`);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function explain(db: Db, query: Parameters<typeof runListQueries>[2]): Promise<void> {
  for (const [label, builder] of Object.entries(runListQueries(db, LARGEST_ORG, query))) {
    const compiled = builder.compile();
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>({
      ...compiled,
      sql: `explain (analyze, buffers) ${compiled.sql}`,
    });
    console.log(`-- ${label}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const reuse = args.includes('--reuse');
  const url = await openBenchDatabase(DATABASE, { reuse });
  url.searchParams.set('options', '-c maintenance_work_mem=1GB');
  const db = createDb(url.toString(), { max: 4 });
  try {
    if (!reuse) await seedRunsDatabase(db, RUNS, log);
    const { rows } = await sql<{
      count: string;
    }>`select count(*) from runs where organization_id = ${LARGEST_ORG}`.execute(db);
    log(`largest organization: ${rows[0]?.count} runs`);

    log(`load average before: ${load()}`);
    console.log(`| case | totals from | matches | median ms | p95 ms |\n|---|---|---:|---:|---:|`);
    for (const benchCase of await benchCases(db, LARGEST_ORG)) {
      if (args.includes('--explain')) await explain(db, benchCase.query);
      let matches = 0;
      const times: number[] = [];
      for (let i = 0; i < WARMUP + ITERATIONS; i++) {
        const t0 = performance.now();
        const page = await listRuns(db, LARGEST_ORG, benchCase.query);
        if (i >= WARMUP) times.push(performance.now() - t0);
        matches = page.totalCount;
      }
      times.sort((a, b) => a - b);
      const [median, p95] = [percentile(times, 0.5), percentile(times, 0.95)].map((ms) => ms.toFixed(1));
      const grain = totalsGrain(benchCase.query);
      console.log(`| ${benchCase.name} | ${grain} | ${matches} | ${median} | ${p95} |`);
    }
    log(`load average after: ${load()}`);
  } finally {
    await db.destroy();
    await closeBenchDatabase(DATABASE, { keep: args.includes('--keep'), reuse });
  }
}

await main();
