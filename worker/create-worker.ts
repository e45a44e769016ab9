import { Worker, type NativeConnection, type WorkflowBundleOption } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities';
import { createWebhookDeliveryActivities } from '../activities/webhook-delivery';

import { WORKFLOWS_PATH } from './workflows-path';
import { workerTracingOptions } from '../observability/temporal';
import type { Tracing } from '../observability/tracing';

/** A worker on the configured task queue with every workflow and activity of the engine. */
export async function createWorker(
  deps: ActivityDeps & {
    connection: NativeConnection;
    /** Overrides the configured task queue (tests give each file its own). */
    taskQueue?: string;
    /** A prebuilt bundle (tests bundle once); the workflows are bundled from source when absent. */
    workflowBundle?: WorkflowBundleOption;
    /** The process's tracing (observability/tracing.ts); null or absent: workflow spans are dropped. */
    tracing?: Tracing | null;
  },
): Promise<Worker> {
  return Worker.create({
    connection: deps.connection,
    namespace: deps.config.temporal.namespace,
    taskQueue: deps.taskQueue ?? deps.config.temporal.taskQueue,
    ...(deps.workflowBundle ? { workflowBundle: deps.workflowBundle } : { workflowsPath: WORKFLOWS_PATH }),
    // deliverWebhooks too, for the release that moved the deliverer workflows to this queue only: during its rolling
    // deploy a worker of the previous release may run a moved deliverer's workflow task and schedule its activity here
    // (the old code's queue is its own); without it here that activity would fail as unregistered for ever. New code
    // schedules it on `-webhooks` (worker/create-webhook-worker.ts). Remove in the release after.
    activities: { ...createActivities(deps), ...createWebhookDeliveryActivities(deps) },
    // Explicit: the SDK's default follows the V8 heap limit (~50 workflows under the worker's 256 MB old-space cap).
    maxCachedWorkflows: deps.config.temporal.maxCachedWorkflows,
    ...workerTracingOptions(deps.tracing ?? null),
    // On SIGTERM running activities get the grace to finish (placements hand back what they have not dialed at once),
    // then are cancelled; past the force time the worker gives up and its process exits 1.
    shutdownGraceTime: deps.config.temporal.workerShutdown.graceSeconds * 1000,
    shutdownForceTime: deps.config.temporal.workerShutdown.forceSeconds * 1000,
  });
}
