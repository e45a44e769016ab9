import { WorkflowIdReusePolicy } from '@temporalio/common';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Db } from '../db/client';
import { endpointsWithPendingDeliveries } from '../db/repositories/webhook-deliveries';
import { webhookDelivererWakeSignal } from '../workflows/webhook-deliverer-messages';
import { webhookTaskQueue } from '../workflows/webhook-task-queue';
// A type only: the worker bundles workflows by path, and the compiler checks the start's arguments against it.
import type { webhookDelivererWorkflow } from '../workflows/webhook-deliverer-workflow';

/** The one place an endpoint's deliverer workflow id is made: one deliverer per endpoint. */
export function webhookDelivererWorkflowId(endpointId: number): string {
  return `webhook-endpoint-${endpointId}`;
}

/** Why a deliverer still on the old `-webhooks` queue is terminated (its Temporal history keeps it). */
export const MOVED_TO_ENGINE_QUEUE = 'moved to the engine queue';

/** What starting a deliverer needs: a Temporal client and the engine's task queue (the API's TemporalGateway fits). */
export interface DelivererStarter {
  readonly client: Client;
  readonly taskQueue: string;
}

/**
 * Makes sure the endpoint's deliverer runs on the engine's task queue: starts it, or wakes the one already running
 * (signal-with-start is idempotent). Called after an endpoint is created, re-activated or asked to redeliver, and by
 * the worker at start and every minute for endpoints with pending deliveries. A deliverer ends by itself when its
 * endpoint is gone, inactive or disabled. Returns true when a deliverer was moved off the old queue first.
 */
export async function ensureWebhookDeliverer(
  temporal: DelivererStarter,
  endpointId: number,
): Promise<boolean> {
  const moved = await terminateOnOldQueue(temporal, endpointId);
  await temporal.client.workflow.signalWithStart<typeof webhookDelivererWorkflow, []>(
    'webhookDelivererWorkflow',
    {
      workflowId: webhookDelivererWorkflowId(endpointId),
      taskQueue: temporal.taskQueue,
      args: [{ endpointId }],
      signal: webhookDelivererWakeSignal,
      signalArgs: [],
      // A deliverer that ended (its endpoint was inactive), or was moved off the old queue, starts again under its id.
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
    },
  );
  return moved;
}

/**
 * Deliverers once ran on `<engine queue>-webhooks`, which no worker polls for workflow tasks any more: one still running
 * there would never move again, and signal-with-start would only signal it. It is terminated (that run only, by its id)
 * so the start above runs it on the engine's queue. Nothing is lost: the outbox rows are the state, and a send the
 * terminated run's activity had in flight is cut off at its next heartbeat (cancellation) and left pending, sent again.
 * For the release that moved the deliverers only (one `describe` per ensure): remove it, with the engine worker's
 * `deliverWebhooks` (worker/create-worker.ts), in the release after.
 */
async function terminateOnOldQueue(temporal: DelivererStarter, endpointId: number): Promise<boolean> {
  const workflowId = webhookDelivererWorkflowId(endpointId);
  try {
    const running = await temporal.client.workflow.getHandle(workflowId).describe();
    if (running.status.name !== 'RUNNING' || running.taskQueue !== webhookTaskQueue(temporal.taskQueue))
      return false;
    await temporal.client.workflow.getHandle(workflowId, running.runId).terminate(MOVED_TO_ENGINE_QUEUE);
    return true;
  } catch (error) {
    // Never started, or that run ended meanwhile (another ensure moved it): the start takes it from here.
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

/**
 * Makes sure every endpoint with pending deliveries has a deliverer (worker start: a deliverer that ended, or that was
 * never started because its start failed after the events were recorded, would leave them waiting). Returns how many
 * were ensured and how many of those were moved off the old queue.
 */
export async function startDeliverersWithPendingWork(
  temporal: DelivererStarter,
  db: Db,
): Promise<{ ensured: number; moved: number }> {
  const endpointIds = await endpointsWithPendingDeliveries(db);
  let moved = 0;
  for (const endpointId of endpointIds) if (await ensureWebhookDeliverer(temporal, endpointId)) moved += 1;
  return { ensured: endpointIds.length, moved };
}
