import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignForecast } from '../../campaigns/forecast';
import { saveCallingRules } from '../../db/repositories/calling-rules';
import { addDoNotCallNumbers } from '../../db/repositories/do-not-call';
import { contactSourceKey } from '../../storage/contact-sources';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertContact, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

/**
 * The forecast endpoint without an engine: a campaign not started is read from its file (nothing imported), a started
 * one from its contacts; every count checked against contacts built for it; bad input gets the contract's errors.
 */

let t: TestApp;
let org: TestOrganization;
let agentId: number;
let configurationId: number;

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db);
  ({ agentId } = await insertAgent(t.ctx.db, org.organizationId));
  configurationId = await insertSimulatorConfiguration(t.ctx.db, org.organizationId, {
    ring_seconds: 4,
    talk_seconds: 26,
  });
});

afterAll(async () => {
  await t?.close();
});

async function createCampaign(csv: string, body: Record<string, unknown> = {}) {
  const key = contactSourceKey(org.organizationId, 'forecast.csv');
  await t.ctx.storage.putObject({ key, body: csv, contentType: 'text/csv' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaign/create',
    headers: org.headers,
    payload: {
      name: 'Forecast',
      workflow_id: agentId,
      source_type: 'csv',
      source_id: key,
      telephony_configuration_id: configurationId,
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: (response.json() as { id: number }).id, key };
}

const forecast = (campaignId: number | string, query = '', headers = org.headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/campaign/${campaignId}/forecast${query}`, headers });

const numbers = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `+1212555${String(from + i).padStart(4, '0')}`);

describe('the forecast of a campaign not started', () => {
  it('counts the file’s rows as the import would, and imports and dials nothing', async () => {
    const valid = numbers(1000, 10);
    await addDoNotCallNumbers(t.ctx.db, {
      organizationId: org.organizationId,
      numbers: [{ number: valid[0]! }, { number: valid[1]! }],
      source: 'api',
    });
    const csv = [
      'phone_number,name',
      ...valid.map((n) => `${n},x`),
      'nope,x',
      ',x',
      `${valid[2]},again`,
    ].join('\n');
    const { id } = await createCampaign(csv, { max_concurrency: 4 });
    const response = await forecast(id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.contacts).toEqual({
      total: 10,
      callable_now: 8,
      waiting_for_window: 0,
      waiting_for_retry: 0,
      in_flight: 0,
      do_not_call: 2,
      invalid: 2,
      duplicate: 1,
      over_cap: 0,
      done: 0,
    });
    expect(body.partial).toBe(false);
    expect(body.next_openings).toEqual([]);
    // No history: the simulator's ring + talk seconds, no retries expected.
    expect(body.assumptions).toMatchObject({
      mean_call_seconds: 30,
      call_seconds_source: 'simulator',
      max_concurrency: 4,
      retry_probability: 0,
      expected_attempts: 8,
    });
    const contacts = await t.ctx.db
      .selectFrom('contacts')
      .select('id')
      .where('campaign_id', '=', id)
      .execute();
    expect(contacts).toEqual([]);
    const campaign = await t.ctx.db
      .selectFrom('campaigns')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(campaign.state).toBe('created');
  });

  it('takes assume_call_seconds: 8 calls of 600 s on 4 lines end after 2 rounds', async () => {
    const { id } = await createCampaign(['phone_number', ...numbers(2000, 8)].join('\n'), {
      max_concurrency: 4,
    });
    const before = Date.now();
    const body = (await forecast(id, '?assume_call_seconds=600')).json();
    const after = Date.now();
    expect(body.assumptions.call_seconds_source).toBe('assumed');
    // Two rounds of 600 s plus the engine's overhead per attempt and the start: a few seconds, not minutes. The
    // forecast's own "now" lies between the request's start and its answer, however long the request took.
    const finish = Date.parse(body.expected_finish_at);
    expect(finish).toBeGreaterThanOrEqual(before + 1200_000);
    expect(finish).toBeLessThan(after + 1205_000);
  });

  it('reads a file over 1 MiB in the background: 202 with partial counts, then 200 with the result', async () => {
    const rows = numbers(0, 9999).flatMap((n) => [
      n,
      n.replace('+1212', '+1646'),
      n.replace('+1212', '+1718'),
    ]);
    const csv = ['phone_number,name', ...rows.map((n) => `${n},Someone with a longer name`)].join('\n');
    expect(Buffer.byteLength(csv)).toBeGreaterThan(1024 * 1024);
    const { id } = await createCampaign(csv);
    const first = await forecast(id);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ partial: true, expected_finish_at: null });
    const done = await (async () => {
      for (let i = 0; i < 600; i++) {
        const response = await forecast(id);
        if (response.statusCode === 200) return response.json();
        expect(response.statusCode).toBe(202);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the forecast never finished');
    })();
    expect(done.partial).toBe(false);
    expect(done.contacts.total).toBe(rows.length);
    // Two of the numbers went on the do-not-call list in the first test.
    expect(done.contacts.do_not_call).toBe(2);
    expect(done.contacts.callable_now).toBe(rows.length - 2);
  });

  it('answers 409 with the import’s reason when the file cannot be read as the import reads it', async () => {
    const gone = await createCampaign('phone_number\n+12125550100\n');
    await t.ctx.storage.deleteObjects([gone.key]);
    const goneResponse = await forecast(gone.id);
    expect(goneResponse.statusCode).toBe(409);
    expect(goneResponse.json().detail).toBe('source_not_found');

    const replaced = await createCampaign('phone_number\n+12125550100\n');
    await t.ctx.storage.putObject({
      key: replaced.key,
      body: 'phone_number\n+12125550100\n+12125550101\n',
      contentType: 'text/csv',
    });
    expect((await forecast(replaced.id)).json().detail).toBe('source_changed');

    // A large file is read in the background, but a missing one is still answered at once.
    const large = await createCampaign(`phone_number,note\n+12125550100,${'x'.repeat(1024 * 1024 + 10)}\n`);
    await t.ctx.storage.deleteObjects([large.key]);
    const largeResponse = await forecast(large.id);
    expect(largeResponse.statusCode).toBe(409);
    expect(largeResponse.json().detail).toBe('source_not_found');

    const noPhone = await createCampaign('name,number\nAda,+12125550100\n');
    const noPhoneResponse = await forecast(noPhone.id);
    expect(noPhoneResponse.statusCode).toBe(409);
    expect(noPhoneResponse.json().detail).toBe('no_phone_number_column');
  });
});

describe('the forecast of a started campaign', () => {
  it('puts each contact in exactly one count', async () => {
    const { id } = await createCampaign('phone_number\n+12125550100\n');
    await t.ctx.db.updateTable('campaigns').set({ state: 'running' }).where('id', '=', id).execute();
    const [done, due, retrying, inFlight, listed, capped] = numbers(3000, 6);
    const contact = async (phoneNumber: string, rowNumber: number) =>
      insertContact(t.ctx.db, { campaignId: id, organizationId: org.organizationId, phoneNumber, rowNumber });
    const doneId = await contact(done!, 1);
    await t.ctx.db
      .updateTable('contacts')
      .set({ final_outcome: 'completed', attempts_made: 1 })
      .where('id', '=', doneId)
      .execute();
    await contact(due!, 2);
    const retryingId = await contact(retrying!, 3);
    await t.ctx.db
      .updateTable('contacts')
      .set({ attempts_made: 1, last_outcome: 'busy', next_attempt_at: new Date(Date.now() + 3600_000) })
      .where('id', '=', retryingId)
      .execute();
    const inFlightId = await contact(inFlight!, 4);
    await t.ctx.db
      .insertInto('attempts')
      .values({
        organization_id: org.organizationId,
        campaign_id: id,
        contact_id: inFlightId,
        attempt_number: 1,
        state: 'placed',
        phone_number: inFlight!,
        placing_at: new Date(),
      })
      .execute();
    await contact(listed!, 5);
    await addDoNotCallNumbers(t.ctx.db, {
      organizationId: org.organizationId,
      numbers: [{ number: listed! }],
      source: 'api',
    });
    await contact(capped!, 6);
    // A call to the capped number an hour ago, from a one-off call: the cap of 1 a day holds it 23 hours more.
    const cappedCall = await t.ctx.db
      .insertInto('attempts')
      .values({
        organization_id: org.organizationId,
        attempt_number: 1,
        state: 'finished',
        outcome: 'completed',
        phone_number: capped!,
        placing_at: new Date(Date.now() - 3600_000),
        finished_at: new Date(Date.now() - 3590_000),
      })
      .returning('placing_at')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('contact_rejects')
      .values({ campaign_id: id, row_number: 7, reason: 'invalid_phone_number', raw: {} })
      .execute();
    await saveCallingRules(t.ctx.db, org.organizationId, {
      legal_hours: { enabled: false, start: '08:00', end: '21:00' },
      frequency_caps: { per_24h: 1, per_7d: null },
    });
    try {
      const response = await forecast(id);
      expect(response.statusCode).toBe(200);
      expect(response.json().contacts).toEqual({
        total: 6,
        callable_now: 1,
        waiting_for_window: 0,
        waiting_for_retry: 1,
        in_flight: 1,
        do_not_call: 1,
        invalid: 1,
        duplicate: 0,
        over_cap: 1,
        done: 1,
      });
      // The capped contact is dialed once the cap frees it, 24 hours after the stored claim of the earlier call, and
      // its call ends within minutes of that.
      const finish = Date.parse(response.json().expected_finish_at);
      const capFreesAt = cappedCall.placing_at!.getTime() + 24 * 3600_000;
      expect(finish).toBeGreaterThan(capFreesAt);
      expect(finish).toBeLessThan(capFreesAt + 0.1 * 3600_000);
    } finally {
      await saveCallingRules(t.ctx.db, org.organizationId, {
        legal_hours: { enabled: false, start: '08:00', end: '21:00' },
        frequency_caps: { per_24h: null, per_7d: null },
      });
    }
  });

  it('gives a completed campaign its completion time, and a failed one none', async () => {
    const completedAt = new Date('2026-11-20T10:00:00.000Z');
    const completed = await createCampaign('phone_number\n+12125550100\n');
    await t.ctx.db
      .updateTable('campaigns')
      .set({ state: 'completed', completed_at: completedAt })
      .where('id', '=', completed.id)
      .execute();
    const doneId = await insertContact(t.ctx.db, {
      campaignId: completed.id,
      organizationId: org.organizationId,
      phoneNumber: '+12125550100',
      rowNumber: 1,
    });
    await t.ctx.db.updateTable('contacts').set({ final_outcome: 'busy' }).where('id', '=', doneId).execute();
    const body = (await forecast(completed.id)).json();
    expect(body.expected_finish_at).toBe(completedAt.toISOString());
    expect(body.contacts).toMatchObject({ total: 1, done: 1, callable_now: 0 });

    const failed = await createCampaign('phone_number\n+12125550100\n');
    await t.ctx.db.updateTable('campaigns').set({ state: 'failed' }).where('id', '=', failed.id).execute();
    expect((await forecast(failed.id)).json().expected_finish_at).toBeNull();
  });

  it('counts contacts outside legal hours in their own zones as waiting, with each zone’s next opening', async () => {
    const { id } = await createCampaign('phone_number\n+12125550100\n');
    await t.ctx.db.updateTable('campaigns').set({ state: 'running' }).where('id', '=', id).execute();
    // New York (212) and Los Angeles (213) numbers; at 14:30 UTC it is 09:30 in New York and 06:30 in Los Angeles.
    await insertContact(t.ctx.db, {
      campaignId: id,
      organizationId: org.organizationId,
      phoneNumber: '+12125550123',
      rowNumber: 1,
    });
    await insertContact(t.ctx.db, {
      campaignId: id,
      organizationId: org.organizationId,
      phoneNumber: '+12135550123',
      rowNumber: 2,
    });
    const campaign = await t.ctx.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await saveCallingRules(t.ctx.db, org.organizationId, {
      legal_hours: { enabled: true, start: '08:00', end: '21:00' },
      frequency_caps: { per_24h: null, per_7d: null },
    });
    try {
      const nowMs = Date.UTC(2026, 10, 24, 14, 30);
      const result = await campaignForecast(
        { db: t.ctx.db, storage: t.ctx.storage, defaultPhoneRegion: 'US', logger: t.ctx.logger },
        campaign,
        { assumeCallSeconds: 60, nowMs },
      );
      expect(result.contacts).toMatchObject({ total: 2, callable_now: 1, waiting_for_window: 1 });
      expect(result.next_openings).toEqual([
        { timezone: 'America/Los_Angeles', at: '2026-11-24T16:00:00.000Z' },
      ]);
      // The Los Angeles call starts at the opening and lasts its 60 s plus the engine's overhead.
      expect(Date.parse(result.expected_finish_at!)).toBeGreaterThan(Date.UTC(2026, 10, 24, 16, 1));
      expect(Date.parse(result.expected_finish_at!)).toBeLessThan(Date.UTC(2026, 10, 24, 16, 1, 1));
    } finally {
      await saveCallingRules(t.ctx.db, org.organizationId, {
        legal_hours: { enabled: false, start: '08:00', end: '21:00' },
        frequency_caps: { per_24h: null, per_7d: null },
      });
    }
  });
});

describe('bad requests', () => {
  it('answers 404 for another organization’s campaign and one that does not exist', async () => {
    const { id } = await createCampaign('phone_number\n+12125550100\n');
    const other = await createTestOrganization(t.ctx.db);
    const response = await forecast(id, '', other.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('campaign_not_found');
    expect((await forecast(2_000_000_000)).statusCode).toBe(404);
  });

  it('answers 422 in the FastAPI shape for an assume_call_seconds outside 1 … 86400 or not a number', async () => {
    const { id } = await createCampaign('phone_number\n+12125550100\n');
    for (const value of ['0', '86401', 'abc', '-5', '1e400', '%00', '']) {
      const response = await forecast(id, `?assume_call_seconds=${value}`);
      expect(response.statusCode, value).toBe(422);
      expect(response.json().detail[0].loc, `${value}: ${response.body}`).toEqual([
        'query',
        'assume_call_seconds',
      ]);
    }
    expect((await forecast(id, '?assume_call_seconds=86400')).statusCode).toBe(200);
    expect((await forecast('abc')).statusCode).toBe(422);
    expect((await forecast('99999999999999999999')).statusCode).toBe(422);
  });
});
