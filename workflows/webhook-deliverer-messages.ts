import { defineSignal } from '@temporalio/workflow';

/**
 * Sent with every start of an endpoint's deliverer (client/webhook-deliveries.ts): an endpoint re-activated while its
 * deliverer was about to end (it had just seen the endpoint inactive) must not be left without one, so a deliverer
 * woken during its last activity continues instead of ending.
 */
export const webhookDelivererWakeSignal = defineSignal('webhookDelivererWake');
