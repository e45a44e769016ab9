import { WorkflowIdReusePolicy } from '@temporalio/common';
import type { Client } from '@temporalio/client';
import type { Db } from '../db/client';
import { endpointsWithPendingDeliveries } from '../db/repositories/webhook-deliveries';
import { webhookDelivererWakeSignal } from '../workflows/webhook-deliverer-messages';
// A type only: the worker bundles workflows by path, and the compiler checks the start's arguments against it.
import type { webhookDelivererWorkflow } from '../workflows/webhook-deliverer-workflow';

/** The one place an endpoint's deliverer workflow id is made: one deliverer per endpoint. */
export function webhookDelivererWorkflowId(endpointId: number): string {
  return `webhook-endpoint-${endpointId}`;
}

/**
 * The task queue of the deliverers: the engine's with `-webhooks` appended, polled by the worker process's second
 * worker (worker/create-webhook-worker.ts), so deliverers never take the engine's activity slots.
 */
export function webhookTaskQueue(engineTaskQueue: string): string {
  return `${engineTaskQueue}-webhooks`;
}

/** What starting a deliverer needs: a Temporal client and the engine's task queue (the API's TemporalGateway fits). */
export interface DelivererStarter {
  readonly client: Client;
  readonly taskQueue: string;
}

/**
 * Makes sure the endpoint's deliverer runs: starts it, or wakes the one already running (signal-with-start is
 * idempotent). Called after an endpoint is created, re-activated or asked to redeliver, and by the worker at start
 * for endpoints with pending deliveries. A deliverer ends by itself when its endpoint is gone, inactive or disabled.
 */
export async function ensureWebhookDeliverer(temporal: DelivererStarter, endpointId: number): Promise<void> {
  await temporal.client.workflow.signalWithStart<typeof webhookDelivererWorkflow, []>(
    'webhookDelivererWorkflow',
    {
      workflowId: webhookDelivererWorkflowId(endpointId),
      taskQueue: webhookTaskQueue(temporal.taskQueue),
      args: [{ endpointId }],
      signal: webhookDelivererWakeSignal,
      signalArgs: [],
      // A deliverer that ended (its endpoint was inactive) may be started again under the same id.
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
    },
  );
}

/**
 * Makes sure every endpoint with pending deliveries has a deliverer (worker start: a deliverer that ended, or that was
 * never started because its start failed after the events were recorded, would leave them waiting). Returns how many.
 */
export async function startDeliverersWithPendingWork(temporal: DelivererStarter, db: Db): Promise<number> {
  const endpointIds = await endpointsWithPendingDeliveries(db);
  for (const endpointId of endpointIds) await ensureWebhookDeliverer(temporal, endpointId);
  return endpointIds.length;
}
