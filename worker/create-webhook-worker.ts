import { Worker, type NativeConnection } from '@temporalio/worker';
import type { ActivityDeps } from '../activities';
import { createWebhookDeliveryActivities } from '../activities/webhook-delivery';
import { webhookTaskQueue } from '../workflows/webhook-task-queue';
import { workerTracingOptions } from '../observability/temporal';
import type { Tracing } from '../observability/tracing';

/**
 * Each endpoint's deliverer activity holds one slot for minutes at a time, mostly waiting: were it on the engine's
 * task queue, a few hundred endpoints would fill the slots campaigns dial through. The deliverer WORKFLOWS run on the
 * engine's task queue (the engine's worker loads every workflow); only their draining activity is scheduled on a queue
 * of its own (`<TEMPORAL_TASK_QUEUE>-webhooks`), polled by this activity-only worker in the same process, with slots
 * sized for idle waiters. Activity-only (no workflows, no workflow cache): a worker that runs workflows creates its own
 * workflow thread (a V8 isolate), which lifted the worker process's memory (docs/benchmarks.md, "webhook worker").
 */
const MAX_DELIVERERS_PER_WORKER = 1000;

/** The activity-only worker of the webhook deliverers' activity, beside the engine's in the worker process. */
export async function createWebhookWorker(
  deps: ActivityDeps & {
    connection: NativeConnection;
    /** The engine's task queue (tests give each file its own); this worker polls the queue derived from it. */
    taskQueue?: string;
    tracing?: Tracing | null;
  },
): Promise<Worker> {
  return Worker.create({
    connection: deps.connection,
    namespace: deps.config.temporal.namespace,
    taskQueue: webhookTaskQueue(deps.taskQueue ?? deps.config.temporal.taskQueue),
    activities: createWebhookDeliveryActivities(deps),
    maxConcurrentActivityTaskExecutions: MAX_DELIVERERS_PER_WORKER,
    ...workerTracingOptions(deps.tracing ?? null),
    // Deliverers stop at once on SIGTERM (the worker-stopping signal); their in-flight sends stay pending.
    shutdownGraceTime: deps.config.temporal.workerShutdown.graceSeconds * 1000,
    shutdownForceTime: deps.config.temporal.workerShutdown.forceSeconds * 1000,
  });
}
