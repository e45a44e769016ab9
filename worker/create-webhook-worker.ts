import { Worker, type NativeConnection, type WorkflowBundleOption } from '@temporalio/worker';
import type { ActivityDeps } from '../activities';
import { createWebhookDeliveryActivities } from '../activities/webhook-delivery';
import { webhookTaskQueue } from '../client/webhook-deliveries';
import { workerTracingOptions } from '../observability/temporal';
import type { Tracing } from '../observability/tracing';
import { WORKFLOWS_PATH } from './workflows-path';

/**
 * Each endpoint's deliverer holds one activity slot for minutes at a time, mostly waiting: were it on the engine's
 * task queue, a few hundred endpoints would fill the slots campaigns dial through. It polls a queue of its own
 * (`<TEMPORAL_TASK_QUEUE>-webhooks`), in the same process, with slots sized for idle waiters.
 */
const MAX_DELIVERERS_PER_WORKER = 1000;

/** The worker of the webhook deliverers, beside the engine's in the worker process. */
export async function createWebhookWorker(
  deps: ActivityDeps & {
    connection: NativeConnection;
    /** The engine's task queue (tests give each file its own); the deliverers poll the queue derived from it. */
    taskQueue?: string;
    workflowBundle?: WorkflowBundleOption;
    tracing?: Tracing | null;
  },
): Promise<Worker> {
  return Worker.create({
    connection: deps.connection,
    namespace: deps.config.temporal.namespace,
    taskQueue: webhookTaskQueue(deps.taskQueue ?? deps.config.temporal.taskQueue),
    ...(deps.workflowBundle ? { workflowBundle: deps.workflowBundle } : { workflowsPath: WORKFLOWS_PATH }),
    activities: createWebhookDeliveryActivities(deps),
    maxConcurrentActivityTaskExecutions: MAX_DELIVERERS_PER_WORKER,
    maxCachedWorkflows: deps.config.temporal.maxCachedWorkflows,
    ...workerTracingOptions(deps.tracing ?? null),
    // Deliverers stop at once on SIGTERM (the worker-stopping signal); their in-flight sends stay pending.
    shutdownGraceTime: deps.config.temporal.workerShutdown.graceSeconds * 1000,
    shutdownForceTime: deps.config.temporal.workerShutdown.forceSeconds * 1000,
  });
}
