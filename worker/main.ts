import { getHeapStatistics } from 'node:v8';
import { NativeConnection } from '@temporalio/worker';
import { temporalConnectionOptions } from '../client/temporal-connection-options';
import { loadConfig } from '../config';
import { createLogger } from '../config/logger';
import { createDb, processDbOptions } from '../db/client';
import { createStorage } from '../storage';
import { createWorker } from './create-worker';
import { createWebhookWorker } from './create-webhook-worker';
import { webhookTaskQueue } from '../workflows/webhook-task-queue';
import { startRunTotalsCompaction } from './run-totals-compaction';
import { installTemporalRuntime } from './temporal-runtime';
import { workerStoppingSignal } from './stopping-signal';
import { startTracing } from '../observability/tracing';
import { startWorkerHealthServer } from './health-server';
import { scheduleRetentionSweep } from './retention-schedule';
import { startWebhookDelivererSweep } from './webhook-deliverers';

/** Worker process entry: connects to Temporal and polls the campaign task queue until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, name: 'worker' });
  installTemporalRuntime(logger, { metricsAddress: config.temporal.metricsAddress });
  const tracing = startTracing(config, 'worker');
  const { workerHealthAddress } = config.observability;
  const health = workerHealthAddress
    ? await startWorkerHealthServer({
        address: workerHealthAddress,
        logger,
        sdkMetricsAddress: config.temporal.metricsAddress,
      })
    : null;
  if (!config.databaseUrl)
    throw new Error('DATABASE_URL is required for the worker (the dev command sets it).');
  const db = createDb(config.databaseUrl, processDbOptions(config, logger));
  const connection = await NativeConnection.connect(temporalConnectionOptions(config.temporal));
  const workerStopping = workerStoppingSignal(logger, config.temporal.workerShutdown);
  const storage = createStorage(config);
  const worker = await createWorker({
    config,
    logger,
    db,
    storage,
    connection,
    tracing,
    workerStopping,
    ...(config.temporal.workflowBundlePath
      ? { workflowBundle: { codePath: config.temporal.workflowBundlePath } }
      : {}),
  });
  const webhookWorker = await createWebhookWorker({
    config,
    logger,
    db,
    storage,
    connection,
    tracing,
    workerStopping,
  });
  health?.watch(worker);
  await scheduleRetentionSweep(connection, config, logger);
  const stopDelivererSweep = await startWebhookDelivererSweep(connection, config, db, logger);
  const stopCompaction = startRunTotalsCompaction(db, logger);
  logger.info(
    {
      task_queue: config.temporal.taskQueue,
      webhook_task_queue: webhookTaskQueue(config.temporal.taskQueue),
      address: config.temporal.address,
      max_cached_workflows: config.temporal.maxCachedWorkflows,
      heap_limit_mib: Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024),
    },
    'worker polling',
  );
  // Both resolve after shutdown (the SDK handles SIGINT/SIGTERM for every worker of the process).
  await Promise.all([worker.run(), webhookWorker.run()]);
  await stopCompaction();
  await stopDelivererSweep();
  await connection.close();
  await db.destroy();
  await health?.close();
  await tracing?.shutdown();
  logger.info('worker stopped');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
