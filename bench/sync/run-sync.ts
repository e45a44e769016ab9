import { MockActivityEnvironment } from '@temporalio/testing';
import { createSyncContactsActivity } from '../../activities/sync-contacts';
import { loadConfig } from '../../config';
import { createLogger } from '../../config/logger';
import { createDb } from '../../db/client';
import { createStorage } from '../../storage';

/**
 * The measured process of the sync benchmark, started by main.ts with the worker's environment (DATABASE_URL,
 * S3_*, DEFAULT_PHONE_REGION): builds the activity dependencies as worker/main.ts does, runs `syncContacts` (the
 * function the worker registers) for one campaign in an activity context, and reports its timing and memory to
 * the parent over IPC. Usage: tsx bench/sync/run-sync.ts <campaignId> [batchSize]
 */
export interface SyncRunReport {
  seconds: number;
  result: unknown;
  /** RSS before the activity started (modules loaded, pool and S3 client built). */
  baselineRssBytes: number;
  /** Highest RSS sampled every 20 ms during the run. */
  sampledPeakRssBytes: number;
  /** Highest V8 heap size (`heapTotal`) and off-heap buffers (`external`) in the same samples. */
  peakHeapTotalBytes: number;
  peakExternalBytes: number;
  /** The kernel's peak RSS of this process (`process.resourceUsage().maxRSS`). */
  maxRssBytes: number;
  cpuUserSeconds: number;
  cpuSystemSeconds: number;
}

const campaignId = Number(process.argv[2]);
const batchSize = process.argv[3] ? Number(process.argv[3]) : undefined;
const config = loadConfig();
const logger = createLogger({ level: config.logLevel, name: 'bench-sync', pretty: false });
const db = createDb(config.databaseUrl!);
const deps = { config, logger, db, storage: createStorage(config) };
const { syncContacts } = createSyncContactsActivity(deps, { batchSize });

let peak = 0;
let peakHeap = 0;
let peakExternal = 0;
const sample = () => {
  const usage = process.memoryUsage();
  peak = Math.max(peak, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapTotal);
  peakExternal = Math.max(peakExternal, usage.external);
};
sample();
const sampler = setInterval(sample, 20);
const baselineRssBytes = process.memoryUsage().rss;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const result = await new MockActivityEnvironment().run(syncContacts, { campaignId });
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
sample();
const cpu = process.cpuUsage(cpuBefore);
await db.destroy();

const report: SyncRunReport = {
  seconds,
  result,
  baselineRssBytes,
  sampledPeakRssBytes: peak,
  peakHeapTotalBytes: peakHeap,
  peakExternalBytes: peakExternal,
  maxRssBytes: process.resourceUsage().maxRSS * 1024,
  cpuUserSeconds: cpu.user / 1e6,
  cpuSystemSeconds: cpu.system / 1e6,
};
process.send!(report);
process.disconnect();
