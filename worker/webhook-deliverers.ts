import { Client } from '@temporalio/client';
import type { NativeConnection } from '@temporalio/worker';
import { startDeliverersWithPendingWork } from '../client/webhook-deliveries';
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import type { Db } from '../db/client';

/** How often the worker makes sure endpoints with pending deliveries have their deliverer. */
export const WEBHOOK_DELIVERER_SWEEP_INTERVAL_MS = 60_000;

/**
 * Makes sure every endpoint with pending webhook deliveries has its deliverer: at worker start, then every interval.
 * A deliverer is started when its endpoint is created or re-activated; if Temporal could not be reached then, or a
 * deliverer ended while events were being recorded, the sweep starts it. Every worker does it, which is harmless
 * (starting a running deliverer only wakes it). It also moves deliverers left on the old `-webhooks` queue to the
 * engine's (client/webhook-deliveries.ts). A failed sweep is logged and tried again at the next interval.
 * Returns the stop function, which waits for a sweep under way.
 */
export async function startWebhookDelivererSweep(
  connection: NativeConnection,
  config: Pick<Config, 'temporal'>,
  db: Db,
  logger: Logger,
  intervalMs = WEBHOOK_DELIVERER_SWEEP_INTERVAL_MS,
): Promise<() => Promise<void>> {
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const temporal = { client, taskQueue: config.temporal.taskQueue };
  const sweep = async (first: boolean) => {
    try {
      const { ensured, moved } = await startDeliverersWithPendingWork(temporal, db);
      if (first || ensured > 0)
        logger.info(
          { endpoints: ensured, moved_to_engine_queue: moved, task_queue: config.temporal.taskQueue },
          'webhook deliverers ensured for endpoints with pending deliveries',
        );
    } catch (error) {
      logger.error({ err: error }, 'ensuring webhook deliverers failed; tried again at the next sweep');
    }
  };
  await sweep(true);
  let sweeping: Promise<void> | null = null;
  const timer = setInterval(() => {
    sweeping ??= sweep(false).finally(() => {
      sweeping = null;
    });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sweeping;
  };
}
