import { Client } from '@temporalio/client';
import type { NativeConnection } from '@temporalio/worker';
import { ensureRetentionSchedule } from '../client/retention-sweep';
import type { Config } from '../config';
import type { Logger } from '../config/logger';

/**
 * Creates (or updates) the retention sweep's Temporal Schedule at worker start. Every worker does it, which is
 * harmless: the schedule's id is the deployment's. A failure is logged and does not stop the worker, whose other
 * work matters more; the next start tries again.
 */
export async function scheduleRetentionSweep(
  connection: NativeConnection,
  config: Pick<Config, 'temporal' | 'retention'>,
  logger: Logger,
): Promise<void> {
  try {
    const client = new Client({ connection, namespace: config.temporal.namespace });
    await ensureRetentionSchedule(client, {
      taskQueue: config.temporal.taskQueue,
      intervalSeconds: config.retention.sweepIntervalSeconds,
    });
    logger.info({ interval_seconds: config.retention.sweepIntervalSeconds }, 'retention sweep scheduled');
  } catch (error) {
    logger.error(
      { err: error },
      'scheduling the retention sweep failed; expired data stays until a worker schedules it',
    );
  }
}
