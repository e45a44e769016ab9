/** What the webhook pages' browser tests share: the service with its worker, the deliverers' worker and a receiver. */
import { NativeConnection, type Worker } from '@temporalio/worker';
import { Webhook } from 'standardwebhooks';
import { createWebhookWorker } from '../../worker/create-webhook-worker';
import { startReceiver, TEST_WEBHOOK_ENV, type Receiver, type Received } from '../webhooks/delivery-harness';
import { startDashboardHarness, type DashboardHarness } from './browser';

/** Verifies a request as a customer's receiver would, with the Standard Webhooks library and the secret shown. */
export const verify = (secret: string, entry: Received) =>
  new Webhook(secret).verify(entry.body, entry.headers as Record<string, string>) as {
    id: string;
    type: string;
  };

export interface WebhooksWorld {
  d: DashboardHarness;
  /** Each event's first request gets a 500; every later one (the retry, a redelivery) a 200. */
  receiver: Receiver;
  close(): Promise<void>;
}

/**
 * The service (retries a second apart, an endpoint failing for 4 seconds disabled) with the engine's worker (which runs
 * the deliverer workflows) and the deliverers' activity-only worker, as the worker process runs them side by side
 * (worker/main.ts), and a local receiver.
 */
export async function startWebhooksWorld(): Promise<WebhooksWorld> {
  const d = await startDashboardHarness({
    worker: true,
    env: { ...TEST_WEBHOOK_ENV, WEBHOOK_DISABLE_AFTER_SECONDS: '4' },
  });
  const connection = await NativeConnection.connect({ address: d.h.env.TEMPORAL_ADDRESS });
  const stopping = new AbortController();
  const webhookWorker: Worker = await createWebhookWorker({
    ...d.h.ctx,
    connection,
    taskQueue: d.h.taskQueue,
    workerStopping: stopping.signal,
    webhookDeliverer: { pollMs: 1000 },
  });
  const running = webhookWorker.run();
  const receiver = await startReceiver();
  const seen = new Set<string>();
  receiver.respondWith((request) => {
    const id = String(request.headers['webhook-id']);
    if (seen.has(id)) return { status: 200 };
    seen.add(id);
    return { status: 500 };
  });
  return {
    d,
    receiver,
    async close() {
      // As worker/main.ts does on SIGTERM: the deliverers stop at once.
      stopping.abort();
      if (webhookWorker.getState() === 'RUNNING') webhookWorker.shutdown();
      await running;
      await connection.close();
      await d.close();
      await receiver.close();
    },
  };
}
