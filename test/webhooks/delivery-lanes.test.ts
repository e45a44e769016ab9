import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../engine/engine-harness';
import { createTestOrganization } from '../helpers/organizations';
import { firstArrivals, startDeliveryHarness, startReceiver, type DeliveryHarness } from './delivery-harness';

let h: DeliveryHarness;

beforeAll(async () => {
  h = await startDeliveryHarness();
  await h.startWorker();
});
afterAll(async () => {
  await h?.close();
});

describe('webhook delivery lanes', () => {
  it('drains a backlog longer than a batch: each campaign in order, one at a time, sequences gapless in recording order', async () => {
    const own = await startReceiver();
    const inFlight = new Map<string, number>();
    let mostPerCampaign = 0;
    own.respondWith((request) => {
      const key = String(request.json.data.campaign_id);
      const now = (inFlight.get(key) ?? 0) + 1;
      inFlight.set(key, now);
      if (key !== 'null') mostPerCampaign = Math.max(mostPerCampaign, now);
      setTimeout(() => inFlight.set(key, inFlight.get(key)! - 1), 5);
      return { status: 200, delayMs: 5 };
    });
    const org = await createTestOrganization(h.ctx.db);
    const { id } = await h.createEndpoint(org.organizationId, { url: own.url });
    await own.down();
    // 2 campaigns of 60 events (more than a lane's batch of 50) and 30 without a campaign, interleaved.
    const recorded = await h.recordBacklog(org.organizationId, 150, (index) =>
      index % 5 === 4 ? null : 9100 + (index % 2),
    );
    await own.reopen();
    const all = [...recorded.values()].flat();
    await waitFor(
      async () => {
        const { count } = await h.ctx.db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('endpoint_id', '=', id)
          .where('state', '=', 'delivered')
          .executeTakeFirstOrThrow();
        return Number(count) === all.length;
      },
      { timeoutMs: 60_000, what: 'the whole backlog delivered' },
    );
    expect(mostPerCampaign).toBe(1);
    const rows = await h.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'sequence'])
      .where('endpoint_id', '=', id)
      .execute();
    const sequenceOf = new Map(rows.map((row) => [row.event_id, row.sequence!]));
    // Gapless for the endpoint: 1..150, each once.
    expect([...sequenceOf.values()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: all.length }, (_, index) => index + 1),
    );
    const firstSeen = (ids: string[]) => firstArrivals(own.received, ids);
    for (const [campaignId, ids] of recorded) {
      expect(new Set(firstSeen(ids))).toEqual(new Set(ids));
      if (campaignId === null) continue;
      // Arrived in recording order, numbered in recording order, and each body carried its row's sequence.
      expect(firstSeen(ids)).toEqual(ids);
      const sequences = ids.map((eventId) => sequenceOf.get(eventId)!);
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    }
    for (const entry of own.received) expect(entry.json.sequence).toBe(sequenceOf.get(entry.json.id));
    // Nothing failed, so nothing was sent twice: one request per event, each event once.
    expect(own.received.map((entry) => entry.json.id).sort()).toEqual([...all].sort());
    await own.close();
  });
});
