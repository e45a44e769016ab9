import { NativeConnection, Worker } from '@temporalio/worker';
import { fileURLToPath } from 'node:url';
import { createActivities, type ActivityDeps } from '../activities';

/** A worker on the configured task queue with every workflow and activity of the engine. */
export async function createWorker(deps: ActivityDeps & { connection: NativeConnection }): Promise<Worker> {
  return Worker.create({
    connection: deps.connection,
    namespace: deps.config.temporal.namespace,
    taskQueue: deps.config.temporal.taskQueue,
    workflowsPath: fileURLToPath(new URL('../workflows/index.ts', import.meta.url)),
    activities: createActivities(deps),
  });
}
