/** What the delivery tests share: a local receiver, the app, in-process workers and endpoints written straight to the database. */
import { randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NativeConnection, Worker } from '@temporalio/worker';
import { inject } from 'vitest';
import { ensureWebhookDeliverer } from '../../client/webhook-deliveries';
import type { Config } from '../../config';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import { inTransaction } from '../../db/client';
import { recordEvent } from '../../db/repositories/webhook-outbox';
import type { WebhookEventType } from '../../domain/webhook-events';
import { generateEndpointSecret, sealEndpointSecret } from '../../webhooks/endpoint-secrets';
import { createWebhookWorker } from '../../worker/create-webhook-worker';
import { workflowBundle } from '../engine/engine-harness';
import { createTestApp, type TestApp } from '../helpers/context';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; sequence: number; data: Record<string, unknown> };
  at: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  delayMs?: number;
}

/** An HTTP receiver on 127.0.0.1 that records every request and answers as the test says (200 by default). */
export async function startReceiver() {
  const received: Received[] = [];
  let respond: (request: Received) => Reply = () => ({ status: 200 });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const entry: Received = {
        headers: request.headers,
        body,
        json: JSON.parse(body) as Received['json'],
        at: Date.now(),
      };
      received.push(entry);
      const reply = respond(entry);
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(reply.status, reply.headers);
        response.end('ok');
      }, reply.delayMs ?? 0);
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    respondWith(handler: (request: Received) => Reply) {
      respond = handler;
    },
    /** Stops answering: connections are refused until `reopen`. */
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    reopen: () => listen(port),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** Requests for these events, in the order they came. */
    forEvent: (eventId: string) => received.filter((entry) => entry.json.id === eventId),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Short delivery settings: retries a second apart, a 1 s request limit. */
export const TEST_WEBHOOK_ENV = {
  WEBHOOK_BACKOFF_INITIAL_SECONDS: '1',
  WEBHOOK_BACKOFF_MAX_SECONDS: '2',
  WEBHOOK_TIMEOUT_SECONDS: '1',
  WEBHOOK_RETRY_WINDOW_SECONDS: '120',
  WEBHOOK_DISABLE_AFTER_SECONDS: '3600',
};

export interface DeliveryHarness extends TestApp {
  /**
   * Starts a deliverers' worker pair with these settings changed, on `queue` or a task queue of its own (the workflows
   * there, their activity on the queue derived from it); returns the queue.
   */
  startWorker(change?: (config: Config) => Config, queue?: string): Promise<string>;
  /** Stops the queue's workers as a SIGTERM would (their deliverers stop at once), and waits for them. */
  stopWorker(queue: string): Promise<void>;
  /** An active endpoint of the organization subscribed to `events`, and its deliverer started on `taskQueue`. */
  createEndpoint(
    organizationId: number,
    options: { url: string; events?: string[]; taskQueue?: string; startDeliverer?: boolean },
  ): Promise<{ id: number; secret: string }>;
  record(
    organizationId: number,
    type: WebhookEventType,
    options?: { campaignId?: number | null; data?: Record<string, unknown> },
  ): Promise<string>;
  delivery(endpointId: number, eventId: string): Promise<DeliveryRow>;
  /** Records `count` `run.completed` events (data `{ index }`), the i-th in `campaignOf(i)`; their ids per campaign. */
  recordBacklog(
    organizationId: number,
    count: number,
    campaignOf: (index: number) => number | null,
  ): Promise<Map<number | null, string[]>>;
}

/** The ids of `ids` in the order the receiver first saw them (a redelivery counts once). */
export function firstArrivals(received: ReadonlyArray<{ json: { id: string } }>, ids: string[]): string[] {
  return received
    .map((entry) => entry.json.id)
    .filter((eventId, index, list) => ids.includes(eventId) && list.indexOf(eventId) === index);
}

type DeliveryRow = {
  id: number;
  state: string;
  sequence: number | null;
  attempt_count: number;
  last_status_code: number | null;
  last_error: string | null;
};

export async function startDeliveryHarness(env: Record<string, string> = {}): Promise<DeliveryHarness> {
  const taskQueue = `webhooks-test-${randomUUID()}`;
  const t = await createTestApp({ TEMPORAL_TASK_QUEUE: taskQueue, ...TEST_WEBHOOK_ENV, ...env });
  const connection = await NativeConnection.connect({ address: inject('temporalAddress') });
  // Each with the signal worker/main.ts aborts on SIGTERM: its deliverers stop at once instead of running out their time.
  const workers: Array<{ queue: string; worker: Worker; running: Promise<void>; stopping: AbortController }> =
    [];
  const cipher = createCredentialsCipher(t.ctx.config);
  const harness: DeliveryHarness = {
    ...t,
    async startWorker(
      change = (config) => config,
      queue = workers.length === 0 ? taskQueue : `webhooks-test-${randomUUID()}`,
    ) {
      const stopping = new AbortController();
      const config = change(t.ctx.config);
      // The engine worker's part the deliverers need: their workflows, on the engine's queue (as worker/main.ts).
      const engine = await Worker.create({
        connection,
        namespace: config.temporal.namespace,
        taskQueue: queue,
        workflowBundle: await workflowBundle(),
      });
      // The activity-only worker of their draining activity, on the queue derived from it.
      const activities = await createWebhookWorker({
        config,
        logger: t.ctx.logger,
        db: t.ctx.db,
        storage: t.ctx.storage,
        connection,
        taskQueue: queue,
        webhookDeliverer: { pollMs: 1000, runForMs: 20_000 },
        workerStopping: stopping.signal,
      });
      for (const worker of [engine, activities])
        workers.push({ queue, worker, running: worker.run(), stopping });
      return queue;
    },
    async stopWorker(queue) {
      for (const entry of workers.filter((candidate) => candidate.queue === queue)) {
        entry.stopping.abort();
        if (entry.worker.getState() === 'RUNNING') entry.worker.shutdown();
        await entry.running;
        workers.splice(workers.indexOf(entry), 1);
      }
    },
    async createEndpoint(organizationId, options) {
      const secret = generateEndpointSecret();
      const { id } = await t.ctx.db
        .insertInto('webhook_endpoints')
        .values({
          organization_id: organizationId,
          url: options.url,
          events: options.events ?? ['*'],
          encrypted_secret: sealEndpointSecret(cipher, organizationId, secret),
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (options.startDeliverer !== false)
        await ensureWebhookDeliverer(
          { client: t.ctx.temporal.client, taskQueue: options.taskQueue ?? taskQueue },
          id,
        );
      return { id, secret };
    },
    async record(organizationId, type, options = {}) {
      const id = await inTransaction(t.ctx.db, (trx) =>
        recordEvent(trx, {
          organizationId,
          type,
          campaignId: options.campaignId ?? null,
          data: { campaign_id: options.campaignId ?? null, ...options.data },
        }),
      );
      if (!id) throw new Error('no endpoint of the organization is subscribed');
      return id;
    },
    async recordBacklog(organizationId, count, campaignOf) {
      const recorded = new Map<number | null, string[]>();
      for (let index = 0; index < count; index += 1) {
        const campaignId = campaignOf(index);
        const eventId = await this.record(organizationId, 'run.completed', { campaignId, data: { index } });
        recorded.set(campaignId, [...(recorded.get(campaignId) ?? []), eventId]);
      }
      return recorded;
    },
    async delivery(endpointId, eventId) {
      return t.ctx.db
        .selectFrom('webhook_deliveries')
        .select(['id', 'state', 'sequence', 'attempt_count', 'last_status_code', 'last_error'])
        .where('endpoint_id', '=', endpointId)
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow();
    },
    async close() {
      for (const { worker, stopping } of workers) {
        stopping.abort();
        if (worker.getState() === 'RUNNING') worker.shutdown();
      }
      await Promise.all(workers.map((entry) => entry.running));
      await connection.close();
      await t.close();
    },
  };
  return harness;
}
