import { loadavg } from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { sql } from 'kysely';
import {
  attemptRates,
  attemptStates,
  campaignAction,
  campaignRow,
  createBenchCampaign,
  followUntilCompleted,
  patchCampaign,
  sleep,
} from './campaigns';
import { log, startBenchStack, type BenchStack } from './stack';
import type { rawDispatchWorkflow } from './raw-workflow';

/**
 * Campaign engine benchmarks (not tests) on the real stack. Usage:
 *   npx tsx bench/engine/main.ts <mode>... [--contacts N] [--concurrency N] [--talk S] [--trials N] [--workers N] [--keep]
 * Modes: ceiling (20,000 contacts, zero talk time, max_concurrency 200), raw (the Temporal yardstick, same shape),
 * utilization (3,000 contacts, 30 s calls, max_concurrency 500), control (pause/resume/PATCH latency, 20 trials),
 * large (100,000 contacts, zero talk time, max_concurrency 200, history sizes). Each prints a JSON result line.
 */
const args = process.argv.slice(2);
const VALUED = ['--contacts', '--concurrency', '--talk', '--trials', '--workers'];
const modes = args.filter((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1] ?? ''));
const option = (name: string): number | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : undefined;
};
const MODES = ['ceiling', 'raw', 'utilization', 'control', 'large'] as const;
type Mode = (typeof MODES)[number];

const result = (mode: string, figures: Record<string, unknown>) => {
  console.log(JSON.stringify({ mode, ...figures, loadavg: loadavg().map((n) => Number(n.toFixed(2))) }));
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
};

async function startWorkers(stack: BenchStack) {
  const count = option('workers') ?? 1;
  for (let i = 0; i < count; i++) await stack.startWorker();
  log(`${count} engine worker process(es) polling`);
}

/** Events and bytes of every run of the campaign's workflow, as the Temporal server reports them. */
async function historyFigures(stack: BenchStack, workflowId: string) {
  const client = stack.ctx.temporal.client;
  await client.workflow.getHandle(workflowId).result();
  const runs: Array<{ events: number; bytes: number }> = [];
  for await (const execution of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
    const description = await client.workflow.getHandle(workflowId, execution.runId).describe();
    const info = description.raw.workflowExecutionInfo!;
    runs.push({ events: Number(info.historyLength ?? 0), bytes: Number(info.historySizeBytes ?? 0) });
  }
  const events = runs.reduce((sum, r) => sum + r.events, 0);
  const largest = runs.reduce((a, b) => (b.events > a.events ? b : a), { events: 0, bytes: 0 });
  const largestBytes = Math.max(...runs.map((r) => r.bytes));
  return { runs: runs.length, events, largestRunEvents: largest.events, largestRunBytes: largestBytes };
}

/** Zero-talk-time campaign: attempts/s, and (large) the workflow history per attempt. */
async function ceiling(stack: BenchStack, mode: 'ceiling' | 'large') {
  const contacts = option('contacts') ?? (mode === 'large' ? 100_000 : 20_000);
  const maxConcurrency = option('concurrency') ?? 200;
  await startWorkers(stack);
  const campaignId = await createBenchCampaign(stack, {
    name: `bench-${mode}`,
    contacts,
    ringSeconds: 0,
    talkSeconds: 0,
    maxConcurrency,
  });
  const startedAt = Date.now();
  await campaignAction(stack, campaignId, 'start');
  log(`${mode}: campaign ${campaignId} started: ${contacts} contacts, max_concurrency ${maxConcurrency}`);
  const loads: number[] = [];
  await followUntilCompleted(stack, campaignId, { loads });
  const wallSeconds = (Date.now() - startedAt) / 1000;
  const row = await campaignRow(stack, campaignId);
  const rates = await attemptRates(stack, campaignId);
  const history = await historyFigures(stack, `campaign-${campaignId}`);
  const importRow = await stack.ctx.db
    .selectFrom('attempts')
    .select(sql<Date>`min(placing_at)`.as('first'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  result(mode, {
    contacts,
    maxConcurrency,
    state: row.state,
    executed: row.executed_count,
    attempts: rates.attempts,
    wallSeconds: round(wallSeconds),
    importSeconds: round((importRow.first.getTime() - startedAt) / 1000),
    dialingSeconds: round(rates.overallSeconds),
    attemptsPerSecondOverall: round(rates.overallRate),
    attemptsPerSecondSustained: round(rates.sustainedRate),
    ...history,
    eventsPerAttempt: round(history.events / rates.attempts),
    meanLoad1m: round(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length)),
  });
}

/** The yardstick: the same dispatch loop over empty activities, on its own worker process. */
async function raw(stack: BenchStack) {
  const total = option('contacts') ?? 20_000;
  const maxConcurrency = option('concurrency') ?? 200;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundlePath = path.join(stack.scratchDir, 'raw-bundle.js');
  const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } as never;
  const bundle = await bundleWorkflowCode({
    workflowsPath: path.join(here, 'raw-workflow.ts'),
    logger: quiet,
  });
  writeFileSync(bundlePath, bundle.code);
  const taskQueue = 'bench-raw';
  await stack.startChild(path.join('bench', 'engine', 'raw-worker.ts'), {
    TEMPORAL_ADDRESS: stack.temporalAddress,
    RAW_TASK_QUEUE: taskQueue,
    RAW_BUNDLE_PATH: bundlePath,
  });
  const workflowId = `raw-dispatch-${Date.now()}`;
  const client = stack.ctx.temporal.client;
  const startedAt = Date.now();
  const handle = await client.workflow.start<typeof rawDispatchWorkflow>('rawDispatchWorkflow', {
    workflowId,
    taskQueue,
    args: [{ total, maxConcurrency }],
  });
  log(`raw: ${total} empty attempts, concurrency ${maxConcurrency}`);
  const loads: number[] = [];
  const progress = setInterval(() => {
    loads.push(loadavg()[0]!);
    log(
      `raw: ${Math.round((Date.now() - startedAt) / 1000)} s, load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  }, 5000);
  await handle.result();
  clearInterval(progress);
  const seconds = (Date.now() - startedAt) / 1000;
  const history = await historyFigures(stack, workflowId);
  result('raw', {
    attempts: total,
    maxConcurrency,
    seconds: round(seconds),
    attemptsPerSecond: round(total / seconds),
    ...history,
    eventsPerAttempt: round(history.events / total),
    meanLoad1m: round(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length)),
  });
}

/** Mean attempts in flight ÷ max_concurrency, time-weighted, from the first claim while some contact is not yet dialed. */
async function utilization(stack: BenchStack) {
  const contacts = option('contacts') ?? 3000;
  const maxConcurrency = option('concurrency') ?? 500;
  const talkSeconds = option('talk') ?? 30;
  await startWorkers(stack);
  const campaignId = await createBenchCampaign(stack, {
    name: 'bench-utilization',
    contacts,
    ringSeconds: 0,
    talkSeconds,
    maxConcurrency,
  });
  const row = await campaignRow(stack, campaignId);
  await campaignAction(stack, campaignId, 'start');
  log(
    `utilization: campaign ${campaignId}: ${contacts} contacts, ${talkSeconds} s calls, max_concurrency ${maxConcurrency}`,
  );
  let weighted = 0;
  let weightedLive = 0;
  let span = 0;
  let maxSeen = 0;
  let firstFullAt: number | null = null;
  let firstClaimAt: number | null = null;
  let last: { at: number; ratio: number; live: number } | null = null;
  let lastPrint = 0;
  for (;;) {
    const states = await attemptStates(stack, campaignId);
    const live = await stack.ctx.db
      .selectFrom('simulator_calls')
      .select(sql<number>`count(*)`.as('n'))
      .where('telephony_configuration_id', '=', row.telephony_configuration_id)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    const at = Date.now();
    const inFlight = (states.placing ?? 0) + (states.placed ?? 0);
    const dialedOrDone = inFlight + (states.finished ?? 0);
    maxSeen = Math.max(maxSeen, inFlight);
    if (firstClaimAt === null && dialedOrDone > 0) firstClaimAt = at;
    if (firstFullAt === null && inFlight >= maxConcurrency) firstFullAt = at;
    if (last) {
      weighted += last.ratio * (at - last.at);
      weightedLive += last.live * (at - last.at);
      span += at - last.at;
    }
    const dialableLeft = contacts - dialedOrDone;
    last =
      firstClaimAt !== null && dialableLeft > 0
        ? { at, ratio: inFlight / maxConcurrency, live: Number(live.n) / maxConcurrency }
        : null;
    if (at - lastPrint > 5000) {
      lastPrint = at;
      log(
        `utilization: in flight ${inFlight}/${maxConcurrency} (simulator live ${live.n}), not yet dialed ${dialableLeft}, finished ${states.finished ?? 0}, load ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );
    }
    if (firstClaimAt !== null && dialableLeft <= 0) break;
    await sleep(200);
  }
  result('utilization', {
    contacts,
    maxConcurrency,
    talkSeconds,
    sampledSeconds: round(span / 1000),
    meanInFlightRatio: Number((weighted / span).toFixed(4)),
    meanSimulatorLiveRatio: Number((weightedLive / span).toFixed(4)),
    maxInFlight: maxSeen,
    rampSecondsToFull: firstFullAt && firstClaimAt ? round((firstFullAt - firstClaimAt) / 1000) : null,
  });
  await followUntilCompleted(stack, campaignId, { everyMs: 10_000 });
}

/** Claims (placing_at, set by the claim's transaction) of the campaign at or after `since`. */
async function claimsSince(stack: BenchStack, campaignId: number, since: number) {
  const rows = await stack.ctx.db
    .selectFrom('attempts')
    .select('placing_at')
    .where('campaign_id', '=', campaignId)
    .where('placing_at', '>=', new Date(since))
    .orderBy('placing_at')
    .execute();
  return rows.map((r) => r.placing_at!.getTime());
}

async function control(stack: BenchStack) {
  const trials = option('trials') ?? 20;
  await startWorkers(stack);
  // Pause and resume: a campaign claiming without pause (instant calls, 10 at a time), long enough to outlast
  // the trials, so a pause always lands among claims.
  const pauseCampaign = await createBenchCampaign(stack, {
    name: 'bench-pause',
    contacts: option('contacts') ?? 5000,
    ringSeconds: 0,
    talkSeconds: 0,
    maxConcurrency: 10,
  });
  await campaignAction(stack, pauseCampaign, 'start');
  const pause: number[] = [];
  const resume: number[] = [];
  const waitForClaim = async (since: number, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const claims = await claimsSince(stack, pauseCampaign, since);
      if (claims.length > 0) return claims[0]!;
      await sleep(20);
    }
    return null;
  };
  if ((await waitForClaim(0, 300_000)) === null) throw new Error('the pause campaign never dialed');
  for (let trial = 0; trial < trials; trial++) {
    await sleep(500 + Math.random() * 1000); // dialing under way; the pause lands at a random moment
    const before = await claimsSince(stack, pauseCampaign, Date.now() - 300);
    await campaignAction(stack, pauseCampaign, 'pause');
    const pausedAt = Date.now();
    await sleep(2000);
    const late = await claimsSince(stack, pauseCampaign, pausedAt);
    pause.push(late.length > 0 ? late.at(-1)! - pausedAt : 0);
    const open = await attemptStates(stack, pauseCampaign);
    await campaignAction(stack, pauseCampaign, 'resume');
    const resumedAt = Date.now();
    const first = await waitForClaim(resumedAt, 10_000);
    if (first === null) throw new Error(`trial ${trial + 1}: no claim within 10 s of resume`);
    resume.push(first - resumedAt);
    log(
      `control trial ${trial + 1}: ${before.length} claims in the 300 ms before the pause; pause → last claim +${pause.at(-1)} ms (${late.length} after the answer; attempts at resume ${JSON.stringify(open)}), resume → first claim +${resume.at(-1)} ms`,
    );
  }
  await campaignAction(stack, pauseCampaign, 'pause');

  // PATCH: long calls keep every slot busy; each PATCH raises max_concurrency by one, observed as the next claim.
  const patchCampaignId = await createBenchCampaign(stack, {
    name: 'bench-patch',
    contacts: 200,
    ringSeconds: 0,
    talkSeconds: 600,
    maxConcurrency: 5,
  });
  await campaignAction(stack, patchCampaignId, 'start');
  const waitForOpen = async (count: number) => {
    for (const until = Date.now() + 120_000; Date.now() < until; await sleep(20)) {
      const states = await attemptStates(stack, patchCampaignId);
      if ((states.placed ?? 0) >= count) return;
    }
    throw new Error(`never reached ${count} calls in flight`);
  };
  await waitForOpen(5);
  const patch: number[] = [];
  for (let trial = 0; trial < trials; trial++) {
    const target = 6 + trial;
    await patchCampaign(stack, patchCampaignId, { max_concurrency: target });
    const patchedAt = Date.now();
    let claimAt: number | null = null;
    for (const until = Date.now() + 10_000; claimAt === null && Date.now() < until;) {
      const claims = await claimsSince(stack, patchCampaignId, patchedAt);
      claimAt = claims[0] ?? null;
      if (claimAt === null) await sleep(20);
    }
    if (claimAt === null) throw new Error(`trial ${trial + 1}: no claim within 10 s of the PATCH`);
    patch.push(claimAt - patchedAt);
    await waitForOpen(target);
    log(`control trial ${trial + 1}: PATCH max_concurrency ${target} → claim +${patch.at(-1)} ms`);
  }
  await campaignAction(stack, patchCampaignId, 'pause');
  const figures = (values: number[]) => ({
    p50: percentile(values, 0.5),
    p99: percentile(values, 0.99),
    max: Math.max(...values),
  });
  result('control', { trials, pauseMs: figures(pause), resumeMs: figures(resume), patchMs: figures(patch) });
}

const round = (n: number) => Math.round(n * 10) / 10;

async function main() {
  if (modes.length === 0 || modes.some((m) => !(MODES as readonly string[]).includes(m))) {
    console.error(
      `usage: npx tsx bench/engine/main.ts <${MODES.join('|')}>... [--contacts N] [--concurrency N] ...`,
    );
    process.exit(2);
  }
  for (const mode of modes as Mode[]) {
    const stack = await startBenchStack({ keep: args.includes('--keep') });
    try {
      if (mode === 'ceiling' || mode === 'large') await ceiling(stack, mode);
      else if (mode === 'raw') await raw(stack);
      else if (mode === 'utilization') await utilization(stack);
      else await control(stack);
    } finally {
      await stack.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
