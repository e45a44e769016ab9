/**
 * The webhook side of the chaos scenarios that kill a process during a burst of webhook-producing outcomes: an
 * endpoint subscribed to every event, the deliveries in flight at the kill, and the check that every recorded event
 * reached the endpoint with its id, twice only if it was in flight.
 */
import { expect } from 'vitest';
import type { EngineHarness } from '../engine/engine-harness';
import { waitThrough } from './chaos-campaign';
import type { ReceivedWebhook } from './webhook-receiver';

/** A webhook endpoint of the harness's organization at `url`, for every event; its id. */
export async function subscribeToEveryEvent(h: EngineHarness, url: string): Promise<number> {
  const endpoint = await h.app.inject({
    method: 'POST',
    url: '/api/v1/organizations/webhooks',
    headers: h.org.headers,
    payload: { url, events: ['*'] },
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  return endpoint.json().id as number;
}

/** The events the endpoint received but no worker marked delivered: in flight at the kill just done. */
export async function deliveriesInFlight(
  h: EngineHarness,
  endpointId: number,
  received: readonly ReceivedWebhook[],
): Promise<Set<string>> {
  const delivered = await h.ctx.db
    .selectFrom('webhook_deliveries')
    .select('event_id')
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'delivered')
    .execute();
  const deliveredIds = new Set(delivered.map((row) => row.event_id));
  return new Set(received.map((r) => r.id).filter((id) => !deliveredIds.has(id)));
}

/** Waits until the campaign's every run completed and every delivery to the endpoint is delivered. */
export function waitForEveryDelivery(h: EngineHarness, endpointId: number, campaignId: number) {
  return waitThrough(
    async () => {
      const pending = await h.ctx.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', endpointId)
        .where('state', '<>', 'delivered')
        .execute();
      const open = await h.ctx.db
        .selectFrom('runs')
        .select('id')
        .where('campaign_id', '=', campaignId)
        .where('is_completed', '=', false)
        .execute();
      return pending.length === 0 && open.length === 0;
    },
    { timeoutMs: 120_000, intervalMs: 500, what: 'every delivery delivered' },
  );
}

/**
 * Every event of the organization (at least `contacts` `run.completed`) reached the endpoint with its id as
 * `webhook-id`; none twice unless it was in flight at the kill, none three times.
 */
export async function assertEveryEventReceived(
  h: EngineHarness,
  received: readonly ReceivedWebhook[],
  inFlight: ReadonlySet<string>,
  contacts: number,
) {
  const events = await h.ctx.db
    .selectFrom('webhook_events')
    .select(['id', 'type'])
    .where('organization_id', '=', h.org.organizationId)
    .execute();
  expect(events.filter((e) => e.type === 'run.completed').length).toBeGreaterThanOrEqual(contacts);
  const receivedIds = new Set(received.map((r) => r.id));
  expect(events.filter((e) => !receivedIds.has(e.id)).map((e) => e.id)).toEqual([]);
  expect(received.filter((r) => r.webhookId !== r.id)).toEqual([]);
  const times = new Map<string, number>();
  for (const r of received) times.set(r.id, (times.get(r.id) ?? 0) + 1);
  const duplicates = [...times].filter(([, n]) => n > 1).map(([id]) => id);
  console.log(`${duplicates.length} events received twice, ${inFlight.size} in flight at the kill`);
  expect(duplicates.filter((id) => !inFlight.has(id))).toEqual([]);
  expect([...times.values()].every((n) => n <= 2)).toBe(true);
}
