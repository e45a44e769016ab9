import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeliverersWithPendingWork, webhookDelivererWorkflowId } from '../../client/webhook-deliveries';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import { generateEndpointSecret, sealEndpointSecret } from '../../webhooks/endpoint-secrets';
import { waitFor } from '../engine/engine-harness';
import { createTestOrganization } from '../helpers/organizations';
import {
  firstArrivals,
  startDeliveryHarness,
  startReceiver,
  type DeliveryHarness,
  type Receiver,
} from './delivery-harness';

let h: DeliveryHarness;
let receiver: Receiver;

beforeAll(async () => {
  h = await startDeliveryHarness();
  await h.startWorker();
  receiver = await startReceiver();
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

/** A fresh organization with one endpoint at the receiver, so each test sees only its own events. */
async function endpointAtReceiver(events?: string[]) {
  const org = await createTestOrganization(h.ctx.db);
  const endpoint = await h.createEndpoint(org.organizationId, { url: receiver.url, events });
  return { org, ...endpoint };
}

const delivered = (endpointId: number, eventId: string, what = `delivery of ${eventId}`) =>
  waitFor(async () => (await h.delivery(endpointId, eventId)).state === 'delivered', {
    timeoutMs: 20_000,
    what,
  });

const verify = (secret: string, entry: { body: string; headers: Record<string, unknown> }) =>
  new Webhook(secret).verify(entry.body, entry.headers as Record<string, string>);

describe('webhook delivery', () => {
  it('sends the event signed as Standard Webhooks says, with its sequence, and the receiver can verify it', async () => {
    const { org, id, secret } = await endpointAtReceiver();
    const eventId = await h.record(org.organizationId, 'call.answered', { data: { run_id: 41 } });
    await delivered(id, eventId);
    const [entry] = receiver.forEvent(eventId);
    expect(entry!.headers['webhook-id']).toBe(eventId);
    expect(entry!.headers['content-type']).toBe('application/json');
    expect(entry!.headers['user-agent']).toMatch(/^voice-agent-calling-webhooks\//);
    expect(Math.abs(Number(entry!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(verify(secret, entry!)).toMatchObject({
      id: eventId,
      type: 'call.answered',
      sequence: 1,
      data: { run_id: 41 },
    });
    expect(await h.delivery(id, eventId)).toMatchObject({
      state: 'delivered',
      sequence: 1,
      attempt_count: 1,
      last_status_code: 200,
    });
  });

  it('retries a 500 and a timeout with backoff, then delivers; the attempts are logged', async () => {
    const { org, id, secret } = await endpointAtReceiver();
    let calls = 0;
    receiver.respondWith((request) => {
      if (request.json.data.run_id !== 42) return { status: 200 };
      calls += 1;
      if (calls === 1) return { status: 500 };
      if (calls === 2) return { status: 200, delayMs: 2500 }; // past the 1 s request limit
      return { status: 200 };
    });
    const eventId = await h.record(org.organizationId, 'call.answered', { data: { run_id: 42 } });
    await delivered(id, eventId);
    receiver.respondWith(() => ({ status: 200 }));
    const requests = receiver.forEvent(eventId);
    expect(requests).toHaveLength(3);
    // The same id and sequence on every retry; each attempt signed afresh.
    for (const request of requests)
      expect(verify(secret, request)).toMatchObject({ id: eventId, sequence: 1 });
    // Backoff: 1 s then 2 s, less at most half each (jitter), after the attempt ended.
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(500);
    expect(requests[2]!.at - requests[1]!.at).toBeGreaterThanOrEqual(1000 + 1000);
    const attempts = await h.ctx.db
      .selectFrom('webhook_delivery_attempts')
      .select(['status_code', 'error', 'latency_ms'])
      .where('endpoint_id', '=', id)
      .orderBy('id')
      .execute();
    expect(attempts.map((attempt) => attempt.status_code)).toEqual([500, null, 200]);
    expect(attempts[1]!.error).toMatch(/timed out after 1000 ms/);
    // The length of the cut request: its timer may fire a few ms early by the event loop's cached clock.
    expect(attempts[1]!.latency_ms).toBeGreaterThanOrEqual(990);
    expect(attempts[1]!.latency_ms).toBeLessThan(2500);
  });

  it('treats a 4xx other than 408/429 as final, and the next event of the campaign goes', async () => {
    const { org, id } = await endpointAtReceiver();
    receiver.respondWith((request) => ({ status: request.json.data.step === 1 ? 400 : 200 }));
    const first = await h.record(org.organizationId, 'campaign.started', {
      campaignId: 9001,
      data: { step: 1 },
    });
    const second = await h.record(org.organizationId, 'campaign.completed', {
      campaignId: 9001,
      data: { step: 2 },
    });
    await delivered(id, second);
    receiver.respondWith(() => ({ status: 200 }));
    expect(await h.delivery(id, first)).toMatchObject({
      state: 'failed',
      attempt_count: 1,
      last_status_code: 400,
    });
    expect(receiver.forEvent(first)).toHaveLength(1);
    expect((await h.delivery(id, second)).sequence).toBe(2);
  });

  it('loses nothing while the receiver is down, and keeps each campaign in order', async () => {
    const own = await startReceiver();
    const org = await createTestOrganization(h.ctx.db);
    const { id } = await h.createEndpoint(org.organizationId, { url: own.url });
    await own.down();
    const recorded = await h.recordBacklog(org.organizationId, 30, (index) =>
      index % 3 === 2 ? null : 7000 + (index % 3),
    );
    // The deliverer's stored decision while the receiver is down: a failed send recorded and its retry scheduled.
    await waitFor(
      async () =>
        h.ctx.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('endpoint_id', '=', id)
          .where('state', '=', 'pending')
          .where('attempt_count', '>=', 1)
          .where('last_error', 'is not', null)
          .where((eb) => eb('next_attempt_at', '>', eb.ref('last_attempt_at')))
          .executeTakeFirst(),
      { timeoutMs: 30_000, what: 'a failed send recorded with its retry scheduled' },
    );
    await own.reopen();
    const all = [...recorded.values()].flat();
    await waitFor(
      async () =>
        (await Promise.all(all.map((eventId) => h.delivery(id, eventId)))).every(
          (row) => row.state === 'delivered',
        ),
      {
        timeoutMs: 30_000,
        what: 'every event delivered after the receiver came back',
      },
    );
    const firstSeen = (ids: string[]) => firstArrivals(own.received, ids);
    for (const [campaignId, ids] of recorded) {
      expect(new Set(firstSeen(ids))).toEqual(new Set(ids));
      if (campaignId !== null) expect(firstSeen(ids)).toEqual(ids);
    }
    // Sequences are gapless for the endpoint: 1..30, each once.
    const sequences = await h.ctx.db
      .selectFrom('webhook_deliveries')
      .select('sequence')
      .where('endpoint_id', '=', id)
      .execute();
    expect(sequences.map((row) => row.sequence).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
    await own.close();
  });

  it('never has two events of one campaign in flight, while unordered events go in parallel', async () => {
    const own = await startReceiver();
    const inFlight = new Map<string, number>();
    let mostPerCampaign = 0;
    let mostOverall = 0;
    let overall = 0;
    own.respondWith((request) => {
      const key = String(request.json.data.campaign_id);
      const now = (inFlight.get(key) ?? 0) + 1;
      inFlight.set(key, now);
      overall += 1;
      if (key !== 'null') mostPerCampaign = Math.max(mostPerCampaign, now);
      mostOverall = Math.max(mostOverall, overall);
      setTimeout(() => {
        inFlight.set(key, inFlight.get(key)! - 1);
        overall -= 1;
      }, 150);
      return { status: 200, delayMs: 150 };
    });
    const org = await createTestOrganization(h.ctx.db);
    const { id } = await h.createEndpoint(org.organizationId, { url: own.url });
    const ids: string[] = [];
    for (let index = 0; index < 24; index += 1)
      ids.push(
        await h.record(org.organizationId, 'run.completed', {
          campaignId: index < 12 ? 8000 + (index % 2) : null,
          data: { index },
        }),
      );
    for (const eventId of ids) await delivered(id, eventId);
    expect(mostPerCampaign).toBe(1);
    expect(mostOverall).toBeGreaterThan(2);
    await own.close();
  });

  it('signs with both secrets during a rotation, each verifying alone', async () => {
    const { org, id, secret: previous } = await endpointAtReceiver();
    const current = generateEndpointSecret();
    const cipher = createCredentialsCipher(h.ctx.config);
    await h.ctx.db
      .updateTable('webhook_endpoints')
      .set({
        encrypted_secret: sealEndpointSecret(cipher, org.organizationId, current),
        encrypted_previous_secret: sealEndpointSecret(cipher, org.organizationId, previous),
        previous_secret_expires_at: new Date(Date.now() + 24 * 3600 * 1000),
      })
      .where('id', '=', id)
      .execute();
    const eventId = await h.record(org.organizationId, 'call.answered');
    await delivered(id, eventId);
    const [entry] = receiver.forEvent(eventId);
    expect(String(entry!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(current, entry!)).toMatchObject({ id: eventId });
    expect(verify(previous, entry!)).toMatchObject({ id: eventId });
    // Past the overlap only the current secret signs.
    await h.ctx.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const later = await h.record(org.organizationId, 'call.answered');
    await delivered(id, later);
    const [next] = receiver.forEvent(later);
    expect(String(next!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => verify(previous, next!)).toThrow();
  });

  it("ends the endpoint's deliverer when the endpoint is deleted", async () => {
    const { org, id } = await endpointAtReceiver();
    const eventId = await h.record(org.organizationId, 'call.answered');
    await delivered(id, eventId);
    await h.ctx.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    const handle = h.ctx.temporal.client.workflow.getHandle(webhookDelivererWorkflowId(id));
    await waitFor(async () => (await handle.describe()).status.name === 'COMPLETED', {
      timeoutMs: 15_000,
      what: 'the deliverer to end',
    });
  });

  it('loses nothing when its worker stops mid-send: the next worker sends it again (at least once)', async () => {
    const own = await startReceiver();
    own.respondWith(() => ({ status: 200, delayMs: 700 }));
    const queue = await h.startWorker();
    const org = await createTestOrganization(h.ctx.db);
    const { id } = await h.createEndpoint(org.organizationId, { url: own.url, taskQueue: queue });
    const eventId = await h.record(org.organizationId, 'call.answered');
    await waitFor(async () => own.forEvent(eventId).length === 1, { what: 'the first send' });
    await h.stopWorker(queue);
    // The answer was cut off by the stop: no attempt is recorded, the delivery waits for the next deliverer.
    expect(await h.delivery(id, eventId)).toMatchObject({ state: 'pending', attempt_count: 0, sequence: 1 });
    own.respondWith(() => ({ status: 200 }));
    await h.startWorker(undefined, queue);
    await delivered(id, eventId);
    expect(own.forEvent(eventId).map((entry) => entry.json.sequence)).toEqual([1, 1]);
    await own.close();
  });

  it('at worker start, gets a deliverer going for every endpoint with pending deliveries', async () => {
    const org = await createTestOrganization(h.ctx.db);
    const { id } = await h.createEndpoint(org.organizationId, { url: receiver.url, startDeliverer: false });
    const eventId = await h.record(org.organizationId, 'call.answered');
    // Stored: the delivery waits, untried, and no deliverer workflow exists to send it.
    expect(await h.delivery(id, eventId)).toMatchObject({ state: 'pending', attempt_count: 0 });
    await expect(
      h.ctx.temporal.client.workflow.getHandle(webhookDelivererWorkflowId(id)).describe(),
    ).rejects.toThrow(/not found/i);
    expect(receiver.forEvent(eventId)).toHaveLength(0);
    expect((await startDeliverersWithPendingWork(h.ctx.temporal, h.ctx.db)).ensured).toBeGreaterThanOrEqual(
      1,
    );
    await delivered(id, eventId);
  });
});
