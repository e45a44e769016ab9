import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDelivererWorkflowId } from '../../client/webhook-deliveries';
import { waitFor } from '../engine/engine-harness';
import { createTestOrganization } from '../helpers/organizations';
import { startDeliveryHarness, startReceiver, type DeliveryHarness, type Receiver } from './delivery-harness';

let h: DeliveryHarness;
let receiver: Receiver;
/** A worker whose deliveries give up 3 s after their first attempt. */
let shortWindowQueue: string;
/** A worker whose operator allows no loopback destination. */
let noPrivateQueue: string;

beforeAll(async () => {
  h = await startDeliveryHarness({ WEBHOOK_DISABLE_AFTER_SECONDS: '3' });
  await h.startWorker();
  shortWindowQueue = await h.startWorker((config) => ({
    ...config,
    webhooks: { ...config.webhooks, retryWindowSeconds: 3, disableAfterSeconds: 3600 },
  }));
  noPrivateQueue = await h.startWorker((config) => ({
    ...config,
    webhooks: { ...config.webhooks, disableAfterSeconds: 3600 },
    security: { ...config.security, allowedPrivateDestinations: ['10.1.2.3'] },
  }));
  receiver = await startReceiver();
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

const attemptsOf = (endpointId: number) =>
  h.ctx.db
    .selectFrom('webhook_delivery_attempts')
    .select(['status_code', 'error'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('id')
    .execute();

describe('failing webhook endpoints', () => {
  it('are disabled once every attempt has failed for the disable period, which ends their deliverer', async () => {
    const own = await startReceiver();
    own.respondWith(() => ({ status: 503 }));
    const org = await createTestOrganization(h.ctx.db);
    const { id } = await h.createEndpoint(org.organizationId, { url: own.url });
    const eventId = await h.record(org.organizationId, 'call.answered');
    const row = await waitFor(
      async () => {
        const endpoint = await h.ctx.db
          .selectFrom('webhook_endpoints')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return endpoint.disabled_at ? endpoint : null;
      },
      { timeoutMs: 20_000, what: 'the endpoint to be disabled' },
    );
    expect(row.disabled_at!.getTime() - row.failing_since!.getTime()).toBeGreaterThanOrEqual(3000);
    expect(row.disabled_reason).toMatch(/every attempt failed since/);
    const handle = h.ctx.temporal.client.workflow.getHandle(webhookDelivererWorkflowId(id));
    await waitFor(async () => (await handle.describe()).status.name === 'COMPLETED', { timeoutMs: 15_000 });
    // Still pending: re-activating the endpoint would send it.
    expect((await h.delivery(id, eventId)).state).toBe('pending');
    // Every send the receiver got is a stored attempt, none after the stored decision to disable: the deliverer that
    // made them has completed, and nothing else sends for the endpoint.
    const attemptTimes = await h.ctx.db
      .selectFrom('webhook_delivery_attempts')
      .select('attempted_at')
      .where('endpoint_id', '=', id)
      .execute();
    expect(own.received.length).toBe(attemptTimes.length);
    for (const { attempted_at } of attemptTimes)
      expect(attempted_at.getTime()).toBeLessThanOrEqual(row.disabled_at!.getTime());
    await own.close();
  });

  it('give up on an event after the retry window, and the next event of the campaign goes', async () => {
    const own = await startReceiver();
    own.respondWith((request) => ({ status: request.json.data.step === 1 ? 500 : 200 }));
    const org = await createTestOrganization(h.ctx.db);
    const { id } = await h.createEndpoint(org.organizationId, { url: own.url, taskQueue: shortWindowQueue });
    const first = await h.record(org.organizationId, 'campaign.started', {
      campaignId: 600,
      data: { step: 1 },
    });
    const second = await h.record(org.organizationId, 'campaign.paused', {
      campaignId: 600,
      data: { step: 2 },
    });
    await waitFor(async () => (await h.delivery(id, second)).state === 'delivered', { timeoutMs: 20_000 });
    const failed = await h.delivery(id, first);
    expect(failed).toMatchObject({ state: 'failed', last_status_code: 500 });
    expect(failed.attempt_count).toBeGreaterThanOrEqual(3);
    const tries = own.forEvent(first);
    // The last retry is at the window's end (3 s after the first attempt), give or take the request's own time.
    expect(tries.at(-1)!.at - tries[0]!.at).toBeGreaterThanOrEqual(2900);
    expect(own.forEvent(second)[0]!.at).toBeGreaterThanOrEqual(tries.at(-1)!.at);
    await own.close();
  });

  it('never reach a private address the operator has not allowed, even through a name (checked at connect)', async () => {
    const org = await createTestOrganization(h.ctx.db);
    // Written straight to the database: the check on save is the API's; this one is the deliverer's, at connect time,
    // so a name whose DNS answer changes to a private address after the save is refused too.
    const byName = await h.createEndpoint(org.organizationId, {
      url: `http://localhost:${receiver.port}/hooks`,
      taskQueue: noPrivateQueue,
    });
    const byAddress = await h.createEndpoint(org.organizationId, {
      url: receiver.url,
      taskQueue: noPrivateQueue,
    });
    const before = receiver.received.length;
    await h.record(org.organizationId, 'call.answered');
    for (const endpoint of [byName, byAddress]) {
      const attempts = await waitFor(
        async () => {
          const found = await attemptsOf(endpoint.id);
          return found.length >= 2 ? found : null;
        },
        { timeoutMs: 15_000 },
      );
      for (const attempt of attempts) {
        expect(attempt.status_code).toBeNull();
        expect(attempt.error).toMatch(/^destination_not_allowed: .*(loopback, link-local or private)/);
      }
    }
    expect(receiver.received.length).toBe(before);
  });
});
