import { randomUUID } from 'node:crypto';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { inject } from 'vitest';
import { freePort } from '../../devstack/processes';
import type { EngineSettings } from '../../config/engine';
import { contactSourceKey } from '../../storage/contact-sources';
import { WORKFLOWS_PATH } from '../../worker/workflows-path';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { simulatorCallsOfAttempts } from './simulator-record';
import { workerProcesses, type WorkerProcesses } from './worker-processes';

/** Short engine timings for tests: a silent call is looked up seconds after its ring and talk time. */
export const TEST_ENGINE: Partial<EngineSettings> = {
  deadlineGraceSeconds: 2,
  placingStaleSeconds: 3,
  providerRequestTimeoutMs: 1500,
};

let bundle: Promise<WorkflowBundleWithSourceMap> | null = null;
/** The workflows bundled once per test file (each file runs in its own process). */
export const workflowBundle = () =>
  (bundle ??= bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quietLogger }));

export const quietLogger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } as never;

export interface EngineHarness extends TestApp {
  baseUrl: string;
  taskQueue: string;
  env: Record<string, string>;
  org: TestOrganization;
  agentId: number;
  definitionId: number;
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  /** Worker processes of this test, beside or instead of the in-process worker; killed when the harness closes. */
  workerProcesses(): Promise<WorkerProcesses>;
}

/**
 * The API listening on a free port (the simulator is reached over HTTP and calls the status webhook back),
 * an in-process worker on a task queue of this test's own, and an organization with an agent.
 */
export async function startEngineHarness(
  options: {
    temporalAddress?: string;
    engine?: Partial<EngineSettings>;
    /** Further settings of the API and worker (e.g. LLM_BASE_URL). */
    env?: Record<string, string>;
    /** The time the in-process worker judges calling windows by (`ActivityDeps.clock`); the real clock when absent. */
    clock?: () => number;
    /** The organization keeps the default calling rules of a signup (no calling-rules row: legal hours on). */
    defaultCallingRules?: boolean;
  } = {},
): Promise<EngineHarness> {
  const port = await freePort();
  const taskQueue = `engine-test-${randomUUID()}`;
  const env = {
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    TEMPORAL_TASK_QUEUE: taskQueue,
    TEMPORAL_ADDRESS: options.temporalAddress ?? inject('temporalAddress'),
    ...options.env,
  };
  const testApp = await createTestApp(env);
  await testApp.app.listen({ port, host: '127.0.0.1' });
  const org = await createTestOrganization(testApp.ctx.db, { legalHours: options.defaultCallingRules });
  const { agentId, definitionId } = await insertAgent(testApp.ctx.db, org.organizationId);
  let worker: Worker | null = null;
  let running: Promise<void> | null = null;
  let connection: NativeConnection | null = null;
  let processes: Promise<WorkerProcesses> | null = null;
  const harness: EngineHarness = {
    ...testApp,
    baseUrl: env.PUBLIC_BASE_URL,
    taskQueue,
    env,
    org,
    agentId,
    definitionId,
    async startWorker() {
      connection ??= await NativeConnection.connect({ address: env.TEMPORAL_ADDRESS });
      const { createWorker } = await import('../../worker/create-worker');
      worker = await createWorker({
        ...testApp.ctx,
        connection,
        taskQueue,
        workflowBundle: await workflowBundle(),
        engine: { ...TEST_ENGINE, ...options.engine },
        clock: options.clock,
      });
      running = worker.run();
    },
    async stopWorker() {
      if (worker && worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      worker = null;
    },
    workerProcesses() {
      processes ??= workflowBundle().then((bundle) =>
        workerProcesses({ env, engine: TEST_ENGINE, bundleCode: bundle.code }),
      );
      return processes;
    },
    async close() {
      (await processes?.catch(() => null))?.killAll();
      await harness.stopWorker();
      await connection?.close();
      await testApp.close();
    },
  };
  return harness;
}

/** Uploads a CSV of these numbers (plus a `name` column, and a `timezone` column when `zones` gives each one's); returns its source key. */
export async function uploadContacts(h: EngineHarness, phones: string[], zones?: string[]): Promise<string> {
  const key = contactSourceKey(h.org.organizationId, 'contacts.csv');
  const header = zones ? 'phone_number,name,timezone' : 'phone_number,name';
  const rows = phones.map((phone, i) => [phone, `Contact ${i + 1}`, ...(zones ? [zones[i]] : [])].join(','));
  await h.ctx.storage.putObject({ key, body: [header, ...rows].join('\n'), contentType: 'text/csv' });
  return key;
}

/** Creates a simulator configuration and a campaign over these numbers through the API; returns its id. */
export async function createCampaign(
  h: EngineHarness,
  input: {
    phones: string[];
    /** Each contact's zone (the CSV's `timezone` column). */
    zones?: string[];
    simulator?: Record<string, unknown>;
    body?: Record<string, unknown>;
  },
): Promise<number> {
  const configurationId = await insertSimulatorConfiguration(h.ctx.db, h.org.organizationId, {
    ring_seconds: 0.1,
    talk_seconds: 0.1,
    ...input.simulator,
  });
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/v1/campaign/create',
    headers: h.org.headers,
    payload: {
      name: 'Engine test',
      workflow_id: h.agentId,
      source_type: 'csv',
      source_id: await uploadContacts(h, input.phones, input.zones),
      telephony_configuration_id: configurationId,
      ring_timeout_seconds: 5,
      ...input.body,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`create campaign: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

export async function campaignAction(
  h: EngineHarness,
  campaignId: number,
  action: 'start' | 'pause' | 'resume',
) {
  return h.app.inject({
    method: 'POST',
    url: `/api/v1/campaign/${campaignId}/${action}`,
    headers: h.org.headers,
  });
}

export async function patchCampaign(h: EngineHarness, campaignId: number, body: Record<string, unknown>) {
  return h.app.inject({
    method: 'PATCH',
    url: `/api/v1/campaign/${campaignId}`,
    headers: h.org.headers,
    payload: body,
  });
}

/** A US number whose last digit picks the simulator's outcome (0–5 completed, 6 busy, 7 no_answer, 8 voicemail, 9 failed). */
export const phoneFor = (index: number, lastDigit: number) =>
  `+1212555${String(index % 1000).padStart(3, '0')}${lastDigit}`;

export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'condition'}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}

export async function campaignRow(h: EngineHarness, campaignId: number) {
  return h.ctx.db.selectFrom('campaigns').selectAll().where('id', '=', campaignId).executeTakeFirstOrThrow();
}

/** Waits for the campaign to complete and returns its row (`options` as `waitFor`'s). */
export function campaignCompleted(
  h: EngineHarness,
  campaignId: number,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
) {
  return waitFor(
    async () => {
      const row = await campaignRow(h, campaignId);
      return row.state === 'completed' ? row : null;
    },
    { what: `campaign ${campaignId} completed`, ...options },
  );
}

/** The largest number of simulator calls of the campaign(s) that were up at the same instant. */
export async function maxConcurrentSimulatorCalls(
  h: EngineHarness,
  campaignIds: number | number[],
): Promise<number> {
  const calls = await simulatorCallsOfAttempts(h.ctx.db)
    .select(['simulator_calls.requested_at', 'simulator_calls.ends_at'])
    .where('attempts.campaign_id', 'in', ([] as number[]).concat(campaignIds))
    .execute();
  const events = calls.flatMap((c) => [
    { t: c.requested_at.getTime(), d: 1 },
    { t: c.ends_at.getTime(), d: -1 },
  ]);
  events.sort((a, b) => a.t - b.t || a.d - b.d);
  let current = 0;
  let max = 0;
  for (const e of events) max = Math.max(max, (current += e.d));
  return max;
}
