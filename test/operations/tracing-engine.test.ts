import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bundleWorkflowCode, NativeConnection, type Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { renderMetrics } from '../../observability/metrics';
import { WORKFLOW_TRACING_INTERCEPTOR_MODULE } from '../../observability/temporal';
import { startTracing, type Tracing } from '../../observability/tracing';
import { createWorker } from '../../worker/create-worker';
import { WORKFLOWS_PATH } from '../../worker/workflows-path';
import { testEnv } from '../helpers/context';
import {
  TEST_ENGINE,
  campaignAction,
  campaignRow,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from '../engine/engine-harness';

const quietLogger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } as never;

/** OTLP/HTTP receiver collecting span names and trace ids. */
async function startReceiver() {
  const spans: Array<{ name: string; traceId: string }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<{ name: string; traceId: string }> }> }>;
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => server.close(),
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let tracing: Tracing;
let h: EngineHarness;
let connection: NativeConnection;
let worker: Worker;
let running: Promise<void>;

beforeAll(async () => {
  receiver = await startReceiver();
  const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url };
  tracing = startTracing(loadConfig(testEnv(env)), 'api')!;
  h = await startEngineHarness({ env });
  connection = await NativeConnection.connect({ address: h.env.TEMPORAL_ADDRESS! });
  // The bundle as the image builds it (worker/bundle-workflows.ts): the tracing interceptors included.
  const { code } = await bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    workflowInterceptorModules: [WORKFLOW_TRACING_INTERCEPTOR_MODULE],
    logger: quietLogger,
  });
  worker = await createWorker({
    ...h.ctx,
    connection,
    taskQueue: h.taskQueue,
    workflowBundle: { code },
    engine: TEST_ENGINE,
    tracing,
  });
  running = worker.run();
});

afterAll(async () => {
  if (worker?.getState() === 'RUNNING') worker.shutdown();
  await running;
  await connection?.close();
  await h?.close();
  receiver?.close();
});

describe('a traced campaign', () => {
  it('runs to completion with the interceptors; spans from the HTTP request to activities share its trace; metrics count it', async () => {
    const phones = [phoneFor(0, 0), phoneFor(1, 6), phoneFor(2, 9)];
    const campaignId = await createCampaign(h, {
      phones: [...phones, 'not a number', phones[0]!],
      body: { retry_config: { retry_delay_seconds: 1, max_retries: 0 } },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      timeoutMs: 60_000,
      what: 'campaign completed',
    });
    // The workflow's own span ends when it returns, a moment after the campaign row says completed; spans are
    // exported in batches about every second.
    await waitFor(async () => receiver.spans.some((span) => span.name.startsWith('RunWorkflow:')), {
      timeoutMs: 20_000,
      what: 'the workflow span exported',
    });
    await tracing.shutdown();

    const names = new Set(receiver.spans.map((span) => span.name));
    expect(names).toContain('POST /api/v1/campaign/:campaign_id/start');
    expect([...names].some((name) => name.startsWith('StartWorkflow:'))).toBe(true);
    expect([...names].some((name) => name.startsWith('RunWorkflow:'))).toBe(true);
    expect([...names].some((name) => name.startsWith('RunActivity:'))).toBe(true);
    const startRequest = receiver.spans.find(
      (span) => span.name === 'POST /api/v1/campaign/:campaign_id/start',
    )!;
    const sameTrace = receiver.spans
      .filter((span) => span.traceId === startRequest.traceId)
      .map((s) => s.name);
    expect(sameTrace.some((name) => name.startsWith('RunWorkflow:'))).toBe(true);

    const text = (await renderMetrics()).body;
    expect(text).toMatch(/vac_calls_placed_total\{provider="simulator"\} [3-9]/);
    expect(text).toMatch(/vac_attempt_outcomes_total\{outcome="completed"\} [1-9]/);
    expect(text).toMatch(/vac_attempt_outcomes_total\{outcome="busy"\} [1-9]/);
    expect(text).toMatch(/vac_contact_import_rows_total\{result="imported"\} 3/);
    expect(text).toMatch(/vac_contact_import_rows_total\{result="invalid"\} 1/);
    expect(text).toMatch(/vac_contact_import_rows_total\{result="duplicate"\} 1/);
  });
});
