import { Client } from '@temporalio/client';
import type { NativeConnection } from '@temporalio/worker';
import { startDeliverersWithPendingWork } from '../client/webhook-deliveries';
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import type { Db } from '../db/client';

/**
 * At worker start, makes sure every endpoint with pending webhook deliveries has its deliverer. Every worker does it,
 * which is harmless (starting a running deliverer only wakes it). A failure is logged and does not stop the worker:
 * the next start, or the next event for the endpoint, starts the deliverer.
 */
export async function ensurePendingWebhookDeliverers(
  connection: NativeConnection,
  config: Pick<Config, 'temporal'>,
  db: Db,
  logger: Logger,
): Promise<void> {
  try {
    const client = new Client({ connection, namespace: config.temporal.namespace });
    const started = await startDeliverersWithPendingWork(
      { client, taskQueue: config.temporal.taskQueue },
      db,
    );
    logger.info({ endpoints: started }, 'webhook deliverers ensured for endpoints with pending deliveries');
  } catch (error) {
    logger.error(
      { err: error },
      'ensuring webhook deliverers failed; pending deliveries wait for the next start',
    );
  }
}
