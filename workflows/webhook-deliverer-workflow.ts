import { continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { WebhookDeliveryActivities } from '../activities/webhook-delivery';
import { webhookDelivererWakeSignal } from './webhook-deliverer-messages';
import { webhookTaskQueue } from './webhook-task-queue';

// The activity keeps no state of its own (every delivery's state is in its row), so retrying it after a crash, a lost
// worker or a database outage resends at most what was in flight: at least once. Retried without end, slowly. The
// workflow runs on the engine's task queue; the activity goes to the queue derived from it, which the worker process's
// activity-only webhook worker polls (tests give each file its own engine queue, hence derived, not configured).
const deliverer = () =>
  proxyActivities<WebhookDeliveryActivities>({
    taskQueue: webhookTaskQueue(workflowInfo().taskQueue),
    startToCloseTimeout: '15m',
    heartbeatTimeout: '30s',
    retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m' },
  });

export interface WebhookDelivererInput {
  endpointId: number;
}

/**
 * One endpoint's deliverer (id `webhook-endpoint-<id>`, on the engine's task queue): runs `deliverWebhooks`, which
 * drains the endpoint's pending deliveries for a few minutes and returns, then continues as new (a short history
 * however long it lives). Ends when the activity reports the endpoint gone, inactive or disabled, unless a start woke
 * it meanwhile.
 */
export async function webhookDelivererWorkflow(input: WebhookDelivererInput): Promise<void> {
  const { deliverWebhooks } = deliverer();
  let wakes = 0;
  setHandler(webhookDelivererWakeSignal, () => {
    wakes += 1;
  });
  // setHandler hands over the start's own signal at once; only wakes during the activity count.
  const wakesBefore = wakes;
  const result = await deliverWebhooks({ endpointId: input.endpointId });
  if (result.stopped !== null && wakes === wakesBefore) return;
  await continueAsNew<typeof webhookDelivererWorkflow>({ endpointId: input.endpointId });
}
