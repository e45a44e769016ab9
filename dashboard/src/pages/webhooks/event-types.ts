/**
 * The webhook event catalogue as the endpoint form offers it (docs/events.md), with a line on each. The dashboard
 * talks HTTP only and the API publishes the types as text, so the list is kept here too:
 * test/dashboard/webhooks-catalogue.test.ts fails when it drifts from the service's own (domain/webhook-events.ts).
 */
export const WEBHOOK_EVENTS = [
  { type: 'run.completed', about: 'A run finished, whatever its outcome.' },
  { type: 'run.updated', about: "A finished run's outcome changed (a late answering-machine verdict)." },
  { type: 'call.failed', about: 'A call failed, errored, or the number was invalid.' },
  { type: 'call.answered', about: 'A call was answered.' },
  { type: 'call.received', about: 'An inbound call came in.' },
  { type: 'campaign.started', about: 'A campaign started.' },
  { type: 'campaign.paused', about: 'A campaign paused (by a person or its circuit breaker).' },
  { type: 'campaign.resumed', about: 'A paused campaign resumed.' },
  { type: 'campaign.completed', about: 'A campaign finished every contact.' },
  { type: 'campaign.failed', about: 'A campaign failed.' },
  { type: 'campaign.circuit_breaker_tripped', about: "A campaign's circuit breaker tripped." },
  { type: 'do_not_call.added', about: 'Numbers joined the do-not-call list (an opt-out included).' },
] as const;

/** Subscribing to this alone sends every type, including types added later. */
export const ALL_EVENTS = '*';
