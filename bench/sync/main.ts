import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../devstack/processes';
import { buildService } from '../../scripts/build-service';
import { log, startBenchStack } from '../engine/stack';
import { createCampaigns, measureCampaigns } from './campaigns-run';
import { seedDoNotCallList, hundredthOfContacts, type DoNotCallSeed } from '../shared/do-not-call-seed';
import { deployedWorkerSettings } from './deployed-worker';
import { usDigits } from './generate';
import { measureImport } from './import-run';

/**
 * Contact sync benchmark (not a test), in a real worker process. Starts the engine benchmarks' stack
 * (bench/engine/stack.ts: Temporal dev server, versitygw, a fresh database, the API in this process) and one
 * worker child (`node --import tsx worker/main.ts`, NODE_ENV=production) with the `NODE_OPTIONS` and
 * `WORKER_MAX_CACHED_WORKFLOWS` docker-compose.yml ships for the worker, then:
 *   import     (default) imports a generated CSV of --rows rows (1,000,000) --trials times (1), one campaign each,
 *              created and started through the API (import-run.ts says from where to where it is timed);
 *   campaigns  runs --campaigns N (100) campaigns of --contacts-each M (200) contacts at once in that worker and
 *              reports its memory and workflow-cache counters (campaigns-run.ts); --with-import ROWS imports a CSV
 *              in the same worker meanwhile.
 * Options: --compiled runs the worker as the image does: `npm run build`'s JavaScript (built here into a scratch
 * folder, with its prebuilt workflow bundle) on plain node, without tsx;
 * --node-options "<flags>" replaces the shipped NODE_OPTIONS ('' for Node's default heap);
 * --max-cached-workflows N replaces the shipped cache size; --keep keeps the database and scratch folder;
 * --do-not-call N (import) puts N numbers on the organization's do-not-call list before the first trial, every
 * hundredth row's number among them (bench/shared/do-not-call-seed.ts): the list's cost to the import. (The list is
 * checked when contacts are queued and at the claim, not by the import; the engine ceiling measures those checks.)
 * Prints one JSON line per measurement. `BENCH_ADMIN_URL` picks the PostgreSQL server (default
 * postgres://postgres@127.0.0.1:5432/postgres).
 */
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const mode = args[0] && !args[0].startsWith('--') ? args[0] : 'import';
if (mode !== 'import' && mode !== 'campaigns') throw new Error(`unknown mode ${mode} (import | campaigns)`);

const deployed = deployedWorkerSettings();
const nodeOptions = option('node-options') ?? deployed.nodeOptions;
const maxCachedWorkflows = option('max-cached-workflows') ?? deployed.maxCachedWorkflows;
const doNotCall = Number(option('do-not-call') ?? 0);
if (!Number.isSafeInteger(doNotCall) || doNotCall < 0)
  throw new Error(`--do-not-call takes a whole number of list entries, not ${option('do-not-call')}`);
if (doNotCall > 0 && mode !== 'import')
  throw new Error('--do-not-call applies to import (the engine benchmark measures the list during dialing)');

const print = (figures: Record<string, unknown>) =>
  console.log(
    JSON.stringify({
      mode,
      nodeOptions,
      maxCachedWorkflows,
      ...figures,
      loadavg: loadavg().map((n) => Number(n.toFixed(2))),
    }),
  );

/** `npm run build`'s output in a scratch folder, with node_modules reached through a link (the image's layout). */
async function compiledWorker(): Promise<{ entry: string; bundle: string; outDir: string }> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'vac-bench-compiled-'));
  await buildService({ outDir, workflowBundle: true });
  symlinkSync(
    path.resolve(import.meta.dirname, '../../node_modules'),
    path.join(outDir, 'node_modules'),
    'dir',
  );
  return {
    entry: path.join(outDir, 'worker', 'main.js'),
    bundle: path.join(outDir, 'workflow-bundle.js'),
    outDir,
  };
}

async function main(): Promise<void> {
  const compiled = args.includes('--compiled') ? await compiledWorker() : null;
  const stack = await startBenchStack({ keep: args.includes('--keep') });
  try {
    const metricsAddress = `127.0.0.1:${await freePort()}`;
    const worker = await stack.startWorker(
      {
        NODE_ENV: 'production',
        NODE_OPTIONS: nodeOptions,
        ...(maxCachedWorkflows ? { WORKER_MAX_CACHED_WORKFLOWS: maxCachedWorkflows } : {}),
        ...(mode === 'campaigns' ? { WORKER_METRICS_ADDRESS: metricsAddress } : {}),
        ...(compiled ? { WORKFLOW_BUNDLE_PATH: compiled.bundle } : {}),
      },
      compiled?.entry,
    );
    log(
      `worker ${worker.pid} polling (${compiled ? 'compiled' : 'from source through tsx'}, NODE_OPTIONS ` +
        `"${nodeOptions}", max cached workflows ${maxCachedWorkflows})`,
    );
    if (mode === 'import') {
      const rows = Number(option('rows') ?? 1_000_000);
      const trials = Number(option('trials') ?? 1);
      // Once per stack, before the first trial: every trial imports into the same organization, list in place.
      let list: DoNotCallSeed | null = null;
      if (doNotCall > 0) {
        list = await seedDoNotCallList(stack.ctx.db, {
          organizationId: stack.org.organizationId,
          count: doNotCall,
          hits: hundredthOfContacts(rows, (row) => `+1${usDigits(row)}`),
        });
        log(`do-not-call list seeded: ${JSON.stringify(list)}`);
      }
      for (let trial = 1; trial <= trials; trial++) {
        log(`import trial ${trial}/${trials}, load ${loadavg()[0]!.toFixed(2)}`);
        print({
          trial,
          compiled: compiled !== null,
          doNotCall: list,
          ...(await measureImport(stack, worker, rows)),
        });
      }
    } else {
      const count = Number(option('campaigns') ?? 100);
      const contactsEach = Number(option('contacts-each') ?? 200);
      const importRows = option('with-import');
      const ids = await createCampaigns(stack, count, contactsEach);
      log(`${count} campaigns of ${contactsEach} contacts created`);
      const [campaigns, imported] = await Promise.all([
        measureCampaigns(stack, worker, ids, contactsEach, metricsAddress),
        importRows ? measureImport(stack, worker, Number(importRows)) : Promise.resolve(null),
      ]);
      print({ ...campaigns, ...(imported ? { import: imported } : {}) });
    }
  } finally {
    await stack.stop();
    if (compiled && !args.includes('--keep')) rmSync(compiled.outDir, { recursive: true, force: true });
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
