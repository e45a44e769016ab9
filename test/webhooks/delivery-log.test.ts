import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../engine/engine-harness';
import { TEST_EVENTS_PER_ENDPOINT, TEST_EVENTS_PER_ORGANIZATION } from '../../api/routes/webhook-deliveries';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startDeliveryHarness, startReceiver, type DeliveryHarness, type Receiver } from './delivery-harness';

let h: DeliveryHarness;
let receiver: Receiver;
let org: TestOrganization;
let endpoint: { id: number; secret: string };
const recorded: string[] = [];
let betweenSecondAndThird: Date;

const base = (id = endpoint.id) => `/api/v1/organizations/webhooks/${id}`;
const inject = (
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = org.headers,
) => h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const received = (eventId: string) => receiver.forEvent(eventId).length;

beforeAll(async () => {
  h = await startDeliveryHarness();
  await h.startWorker();
  receiver = await startReceiver();
  org = await createTestOrganization(h.ctx.db);
  endpoint = await h.createEndpoint(org.organizationId, { url: receiver.url });
  for (let index = 0; index < 3; index += 1) {
    recorded.push(
      await h.record(org.organizationId, 'campaign.started', { campaignId: 500, data: { index } }),
    );
    if (index === 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      betweenSecondAndThird = new Date();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await waitFor(async () => recorded.every((eventId) => received(eventId) === 1), { timeoutMs: 20_000 });
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

describe('the delivery log', () => {
  it('pages the deliveries newest first, each with its event, state, sequence and attempts', async () => {
    const first = await inject('GET', `${base()}/deliveries?page=1&limit=2`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page1.deliveries.map((d: { event_id: string }) => d.event_id)).toEqual([recorded[2], recorded[1]]);
    expect(page1.deliveries[0]).toMatchObject({
      event_type: 'campaign.started',
      state: 'delivered',
      sequence: 3,
      order_key: 'campaign:500',
      attempt_count: 1,
      last_status_code: 200,
      next_attempt_at: null,
    });
    expect(page1.deliveries[0].attempts).toEqual([
      {
        id: expect.any(Number),
        attempted_at: expect.any(String),
        status_code: 200,
        latency_ms: expect.any(Number),
        error: null,
      },
    ]);
    const page2 = (await inject('GET', `${base()}/deliveries?page=2&limit=2`)).json();
    expect(page2.deliveries.map((d: { event_id: string }) => d.event_id)).toEqual([recorded[0]]);
    expect((await inject('GET', `${base()}/deliveries?page=3&limit=2`)).json().deliveries).toEqual([]);
  });

  it("answers 404 for another organization's endpoint and 422 for bad paging or ids", async () => {
    const other = await createTestOrganization(h.ctx.db);
    expect((await inject('GET', `${base()}/deliveries`, undefined, other.headers)).statusCode).toBe(404);
    expect((await inject('POST', `${base()}/test`, undefined, other.headers)).statusCode).toBe(404);
    for (const query of ['page=0', 'limit=0', 'limit=101', 'page=abc', 'page=1e400', 'limit=%00'])
      expect((await inject('GET', `${base()}/deliveries?${query}`)).statusCode).toBe(422);
    for (const id of ['abc', '0', '99999999999999999999', '1%00'])
      expect((await inject('GET', `/api/v1/organizations/webhooks/${id}/deliveries`)).statusCode).toBe(422);
    expect((await inject('GET', `${base(2 ** 52)}/deliveries`)).statusCode).toBe(404);
  });
});

describe('redelivery', () => {
  it('sends one delivery again, with the same id and sequence; an unknown or foreign delivery is 404', async () => {
    const list = (await inject('GET', `${base()}/deliveries`)).json();
    const second = list.deliveries.find((d: { event_id: string }) => d.event_id === recorded[1]);
    const answer = await inject('POST', `${base()}/deliveries/${second.id}/redeliver`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ redelivered: 1 });
    await waitFor(async () => received(recorded[1]!) === 2, { timeoutMs: 15_000 });
    const again = receiver.forEvent(recorded[1]!)[1]!;
    expect(
      new Webhook(endpoint.secret).verify(again.body, again.headers as Record<string, string>),
    ).toMatchObject({
      id: recorded[1],
      sequence: 2,
    });
    expect((await inject('POST', `${base()}/deliveries/${2 ** 52}/redeliver`)).statusCode).toBe(404);
    const other = await createTestOrganization(h.ctx.db);
    const foreign = await h.createEndpoint(other.organizationId, { url: receiver.url });
    expect(
      (
        await inject(
          'POST',
          `${base(foreign.id)}/deliveries/${second.id}/redeliver`,
          undefined,
          other.headers,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', `${base()}/deliveries/${second.id}/redeliver`, undefined, other.headers))
        .statusCode,
    ).toBe(404);
  });

  it('sends again everything recorded since a time, and nothing before it', async () => {
    const before = recorded.map(received);
    const answer = await inject('POST', `${base()}/deliveries/redeliver`, {
      since: betweenSecondAndThird.toISOString(),
    });
    expect(answer.json()).toEqual({ redelivered: 1 });
    await waitFor(async () => received(recorded[2]!) === before[2]! + 1, { timeoutMs: 15_000 });
    expect(recorded.map(received)).toEqual([before[0], before[1], before[2]! + 1]);
    for (const payload of [{}, { since: 'yesterday' }, { since: 5 }, { since: '2026-11-25T00:00:00Z\u0000' }])
      expect((await inject('POST', `${base()}/deliveries/redeliver`, payload)).statusCode).toBe(422);
  });

  it("answers a bad body with the contract's 422 list, after the endpoint's owner is checked", async () => {
    const missing = await inject('POST', `${base()}/deliveries/redeliver`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      detail: [{ loc: ['body', 'since'], msg: expect.any(String), type: expect.any(String) }],
    });
    const other = await createTestOrganization(h.ctx.db);
    for (const payload of [{}, { since: 5 }, { since: new Date().toISOString() }]) {
      const foreign = await inject('POST', `${base()}/deliveries/redeliver`, payload, other.headers);
      expect([foreign.statusCode, foreign.json().detail]).toEqual([404, 'webhook_endpoint_not_found']);
    }
  });

  it('needs the write scope', async () => {
    const readOnly = await createTestOrganization(h.ctx.db, { scopes: ['read'] });
    expect(
      (
        await inject(
          'POST',
          `${base()}/deliveries/redeliver`,
          { since: new Date().toISOString() },
          readOnly.headers,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('test events', () => {
  it('sends a signed webhook.test event through the same path', async () => {
    const answer = await inject('POST', `${base()}/test`);
    expect(answer.statusCode).toBe(200);
    const { event_id: eventId, delivery_id: deliveryId } = answer.json();
    expect(eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    await waitFor(async () => received(eventId) === 1, { timeoutMs: 15_000 });
    const entry = receiver.forEvent(eventId)[0]!;
    expect(
      new Webhook(endpoint.secret).verify(entry.body, entry.headers as Record<string, string>),
    ).toMatchObject({
      id: eventId,
      type: 'webhook.test',
      sequence: 4,
      data: { endpoint_id: endpoint.id },
    });
    const log = (await inject('GET', `${base()}/deliveries?limit=1`)).json();
    expect(log.deliveries[0]).toMatchObject({ id: deliveryId, event_type: 'webhook.test' });
  });

  it('are limited per endpoint and per organization, with 429 and Retry-After', async () => {
    const busy = await createTestOrganization(h.ctx.db);
    const endpoints = [];
    for (let index = 0; index < 4; index += 1)
      endpoints.push(await h.createEndpoint(busy.organizationId, { url: receiver.url }));
    const sendTest = (id: number) => inject('POST', `${base(id)}/test`, undefined, busy.headers);
    const statuses = async (id: number, count: number) => {
      const answers = [];
      for (let index = 0; index < count; index += 1) answers.push((await sendTest(id)).statusCode);
      return answers;
    };

    expect(await statuses(endpoints[0]!.id, TEST_EVENTS_PER_ENDPOINT.limit)).toEqual(
      Array(TEST_EVENTS_PER_ENDPOINT.limit).fill(200),
    );
    const refused = await sendTest(endpoints[0]!.id);
    expect([refused.statusCode, refused.json().detail]).toEqual([429, 'too_many_attempts']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(
      TEST_EVENTS_PER_ENDPOINT.windowSeconds,
    );

    // The organization's other endpoints share its own limit: 30 a minute in all.
    expect(await statuses(endpoints[1]!.id, 10)).toEqual(Array(10).fill(200));
    expect(await statuses(endpoints[2]!.id, 10)).toEqual(Array(10).fill(200));
    expect(TEST_EVENTS_PER_ORGANIZATION.limit).toBe(30);
    expect((await sendTest(endpoints[3]!.id)).statusCode).toBe(429);
    const events = await h.ctx.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where(
        'endpoint_id',
        'in',
        endpoints.map((endpoint) => endpoint.id),
      )
      .execute();
    // A refused test records nothing and sends nothing.
    expect(events).toHaveLength(30);
    // Another organization is not held back by this one.
    expect((await inject('POST', `${base()}/test`)).statusCode).toBe(200);
  });

  it('are refused (409) for an inactive endpoint', async () => {
    const other = await createTestOrganization(h.ctx.db);
    const inactive = await h.createEndpoint(other.organizationId, { url: receiver.url });
    await h.ctx.db
      .updateTable('webhook_endpoints')
      .set({ active: false })
      .where('id', '=', inactive.id)
      .execute();
    const answer = await inject('POST', `${base(inactive.id)}/test`, undefined, other.headers);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe('webhook_endpoint_inactive');
  });
});
