import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { historyFigures } from './history';
import { loadNow, round } from './report';
import { log, type BenchStack } from './stack';
import type { rawDispatchWorkflow } from './raw-workflow';

export interface RawTrial {
  attempts: number;
  /** Headline: attempts ÷ (the last run's close − the first run's start), on the Temporal server's clock. */
  attemptsPerSecond: number;
  serverSeconds: number;
  /** Attempts ÷ (result received − start request sent), on this process's clock. */
  attemptsPerSecondClient: number;
  clientSeconds: number;
  runs: number;
  events: number;
  eventsPerAttempt: number;
  largestRunEvents: number;
  largestRunBytes: number;
  meanLoad1m: number;
}

/** The yardstick: the campaign workflow's dispatch loop over empty activities, on its own worker process. */
export async function rawTrial(
  stack: BenchStack,
  input: { total: number; maxConcurrency: number },
): Promise<RawTrial> {
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
    args: [{ total: input.total, maxConcurrency: input.maxConcurrency }],
  });
  log(`raw: ${input.total} empty attempts, concurrency ${input.maxConcurrency}`);
  const loads: number[] = [];
  const progress = setInterval(() => {
    loads.push(loadNow()[0]!);
    log(`raw: ${Math.round((Date.now() - startedAt) / 1000)} s, load ${loadNow().join(' ')}`);
  }, 5000);
  try {
    await handle.result();
  } finally {
    clearInterval(progress);
  }
  const clientSeconds = (Date.now() - startedAt) / 1000;
  const history = await historyFigures(stack, workflowId);
  return {
    attempts: input.total,
    attemptsPerSecond: round(input.total / history.serverSeconds),
    serverSeconds: round(history.serverSeconds),
    attemptsPerSecondClient: round(input.total / clientSeconds),
    clientSeconds: round(clientSeconds),
    runs: history.runs,
    events: history.events,
    eventsPerAttempt: round(history.events / input.total),
    largestRunEvents: history.largestRunEvents,
    largestRunBytes: history.largestRunBytes,
    meanLoad1m: round(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length) || loadNow()[0]!),
  };
}
