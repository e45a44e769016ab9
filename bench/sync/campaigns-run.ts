import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { log, type BenchStack } from '../engine/stack';
import { ALWAYS_OPEN, createCampaign, sleep, startCampaign, uploadSource } from './bench-campaigns';
import { mib, sampleProcess, watchProcess } from './process-usage';

/**
 * Many small campaigns dialing at once in one worker process, to see whether its workflow cache holds them all: every
 * campaign's workflow gets a task whenever one of its calls ends, and a workflow that is not in the cache is replayed
 * from its history first. Reports the worker's peak RSS, CPU per attempt, attempts/s, and the SDK's own counters
 * (served by the worker at WORKER_METRICS_ADDRESS): workflow-cache hits, misses (each one a replay of the workflow's
 * history) and forced evictions, the cache's size at the end, and the workflow tasks run.
 */
export interface CampaignsFigures {
  campaigns: number;
  contactsEach: number;
  attempts: number;
  /** From the first start request until every campaign has completed (the starts included). */
  wallSeconds: number;
  /** The start requests alone, one after the other. */
  startSeconds: number;
  attemptsPerSecond: number;
  workerCpuMicrosPerAttempt: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
  sampledPeakRssMiB: number;
  metrics: Record<string, number>;
}

/** Distinct valid US numbers whose last digit is 0–5 (the simulator's `completed`): one attempt per contact. */
function phone(index: number): string {
  const exchange = 200 + Math.floor(index / 6000);
  const line = (Math.floor(index / 6) % 1000) * 10 + (index % 6);
  return `+1213${exchange}${String(line).padStart(4, '0')}`;
}

const METRICS = {
  cacheHits: 'temporal_sticky_cache_hit',
  cacheMisses: 'temporal_sticky_cache_miss',
  forcedEvictions: 'temporal_sticky_cache_total_forced_eviction',
  cacheSize: 'temporal_sticky_cache_size',
  workflowTasks: 'temporal_workflow_task_execution_latency_count',
};

/** The SDK's counters, each summed over its labels (0 when the worker has not reported it yet). */
async function scrapeMetrics(address: string): Promise<Record<string, number>> {
  const text = await (await fetch(`http://${address}/metrics`)).text();
  const figures: Record<string, number> = {};
  for (const [label, name] of Object.entries(METRICS)) {
    figures[label] = text
      .split('\n')
      .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  }
  return figures;
}

export async function createCampaigns(stack: BenchStack, count: number, contactsEach: number) {
  const ids: number[] = [];
  for (let c = 0; c < count; c++) {
    const lines = ['phone_number,first_name'];
    for (let i = 0; i < contactsEach; i++) lines.push(`${phone(c * contactsEach + i)},Contact ${i + 1}`);
    const sourceKey = await uploadSource(stack, `many-${c}-${Date.now()}.csv`, lines.join('\n'));
    ids.push(
      await createCampaign(stack, {
        name: `many ${c}`,
        sourceKey,
        maxConcurrency: 5,
        schedule: ALWAYS_OPEN,
        ringSeconds: 1,
        talkSeconds: 2,
      }),
    );
  }
  return ids;
}

async function statesOf(stack: BenchStack, ids: number[]) {
  const rows = await stack.ctx.db
    .selectFrom('campaigns')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('id', 'in', ids)
    .groupBy('state')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

/** Starts the campaigns (`ids`, made by createCampaigns) at once and waits until every one has completed. */
export async function measureCampaigns(
  stack: BenchStack,
  worker: ChildProcess,
  ids: number[],
  contactsEach: number,
  metricsAddress: string,
  timeoutMs = 3600_000,
): Promise<CampaignsFigures> {
  const pid = worker.pid!;
  const before = sampleProcess(pid);
  const metricsBefore = await scrapeMetrics(metricsAddress);
  const watch = watchProcess(pid, 100);
  const startedAt = Date.now();
  // One start at a time: the dev server answers a burst of 100 starts late, and the API then answers 503.
  for (const id of ids) await startCampaign(stack, id);
  const startSeconds = (Date.now() - startedAt) / 1000;
  log(`${ids.length} campaigns started in ${startSeconds.toFixed(1)} s`);
  for (;;) {
    await sleep(2000);
    const states = await statesOf(stack, ids);
    const done = (states.completed ?? 0) + (states.failed ?? 0);
    log(`campaigns by state ${JSON.stringify(states)}; worker RSS ${mib(sampleProcess(pid).rssBytes)} MiB`);
    if (done === ids.length) break;
    if (Date.now() - startedAt > timeoutMs) throw new Error('the campaigns did not complete in time');
  }
  const wallSeconds = (Date.now() - startedAt) / 1000;
  const { last, sampledPeakRssBytes } = watch.stop();
  const metricsAfter = await scrapeMetrics(metricsAddress);
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from attempts where campaign_id = any(${ids}::bigint[]) and state = 'finished'`.execute(
    stack.ctx.db,
  );
  const attempts = Number(rows[0]!.n);
  const metrics = Object.fromEntries(
    Object.entries(metricsAfter).map(([k, v]) => [k, k === 'cacheSize' ? v : v - (metricsBefore[k] ?? 0)]),
  );
  return {
    campaigns: ids.length,
    contactsEach,
    attempts,
    wallSeconds: Math.round(wallSeconds * 10) / 10,
    startSeconds: Math.round(startSeconds * 10) / 10,
    attemptsPerSecond: Math.round((attempts / wallSeconds) * 10) / 10,
    workerCpuMicrosPerAttempt: Math.round(((last.cpuSeconds - before.cpuSeconds) / attempts) * 1e6),
    rssBeforeMiB: mib(before.rssBytes),
    peakRssMiB: mib(last.peakRssBytes),
    sampledPeakRssMiB: mib(sampledPeakRssBytes),
    metrics,
  };
}
