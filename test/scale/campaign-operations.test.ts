import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateRedialContacts } from '../../db/repositories/redial';
import { nextOpeningAfter } from '../../domain/schedule';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface SeedContact {
  number: string;
  attempts?: Array<{
    outcome?: string;
    state?: 'queued' | 'placing' | 'placed' | 'finished';
    seconds?: number;
  }>;
  final?: string;
  waitingForRetry?: boolean;
}

/** A campaign of the organization with contacts and their attempts written straight into the tables. */
async function seedCampaign(org: TestOrganization, state: string, contacts: SeedContact[]) {
  const db = t.ctx.db;
  const { agentId } = await insertAgent(db, org.organizationId);
  const configurationId = await insertSimulatorConfiguration(db, org.organizationId);
  const campaignId = await insertCampaign(db, {
    organizationId: org.organizationId,
    agentId,
    configurationId,
  });
  await db
    .updateTable('campaigns')
    .set({ state: state as 'running', max_concurrency: 4 })
    .where('id', '=', campaignId)
    .execute();
  const now = Date.now();
  for (const [index, contact] of contacts.entries()) {
    const attempts = contact.attempts ?? [];
    const finished = attempts.filter((a) => (a.state ?? 'finished') === 'finished');
    const last = finished[finished.length - 1]?.outcome ?? null;
    const { id: contactId } = await db
      .insertInto('contacts')
      .values({
        campaign_id: campaignId,
        organization_id: org.organizationId,
        row_number: index + 1,
        phone_number: contact.number,
        initial_context: { phone_number: contact.number, first_name: `Contact ${index + 1}` },
        attempts_made: finished.length,
        last_outcome: last,
        final_outcome: contact.final ?? null,
        next_attempt_at:
          contact.final || attempts.some((a) => a.state && a.state !== 'finished')
            ? null
            : new Date(contact.waitingForRetry ? now + 600_000 : now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [n, attempt] of attempts.entries()) {
      const state = attempt.state ?? 'finished';
      await db
        .insertInto('attempts')
        .values({
          organization_id: org.organizationId,
          campaign_id: campaignId,
          contact_id: contactId,
          attempt_number: n + 1,
          state,
          phone_number: contact.number,
          outcome: state === 'finished' ? (attempt.outcome ?? null) : null,
          placing_at: new Date(now - 100_000),
          finished_at: state === 'finished' ? new Date(now - 100_000 + (attempt.seconds ?? 0) * 1000) : null,
        })
        .execute();
    }
  }
  return campaignId;
}

const finalAfter = (outcome: string, seconds = 10): SeedContact['attempts'] => [{ outcome, seconds }];

describe('campaign progress', () => {
  it('counts contacts, outcomes, calls in flight and pending retries, with an ETA from the observed calls', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const campaignId = await seedCampaign(org, 'running', [
      { number: '+14155550101', attempts: finalAfter('completed', 30), final: 'completed' },
      { number: '+14155550102', attempts: finalAfter('failed', 10), final: 'failed' },
      { number: '+14155550103', attempts: finalAfter('busy', 20), waitingForRetry: true },
      { number: '+14155550104', attempts: [{ state: 'placed' }] },
      { number: '+14155550105' },
      { number: '+14155550106', attempts: finalAfter('voicemail', 40), final: 'voicemail' },
    ]);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaignId}/progress`,
      headers: org.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      campaign_id: campaignId,
      state: 'running',
      total_rows: 6,
      processed_rows: 3,
      failed_rows: 1,
      do_not_call_rows: 0,
      in_flight: 1,
      max_concurrency: 4,
      outcomes: {
        completed: 1,
        voicemail: 1,
        busy: 1,
        no_answer: 0,
        failed: 1,
        canceled: 0,
        invalid_number: 0,
        error: 0,
        transferred: 0,
        no_callable_window: 0,
        do_not_call: 0,
      },
      retries_pending: 1,
      waiting_for_legal_hours: 0,
      next_window_at: null,
      // Mean attempt 25 s; a quarter of attempts end in a retried outcome (busy); 2 retries allowed.
      // Remaining attempts: 1.25 (the busy contact) + 2 × 1.3125 (two without an outcome) = 3.875; × 25 s ÷ 4.
      eta_seconds: Math.ceil((3.875 * 25) / 4),
      // Dograh's fields (test/dograh-compat/shapes.test.ts pins them): the failed and busy calls; 3 of 6 contacts
      // final; rows written straight into the tables, so no import ran and the campaign never started.
      failed_calls: 2,
      progress_percentage: 50,
      source_sync: { status: 'pending', last_synced_at: null, error: null, reason: null },
      rate_limit: null,
      started_at: null,
      completed_at: null,
    });
  });

  it("bounds the ETA by the configuration's calls_per_second when that is slower than the lines", async () => {
    const org = await createTestOrganization(t.ctx.db);
    const campaignId = await seedCampaign(org, 'running', [
      { number: '+14155550121', attempts: finalAfter('completed', 30), final: 'completed' },
      { number: '+14155550122', attempts: finalAfter('failed', 10), final: 'failed' },
      { number: '+14155550123', attempts: finalAfter('busy', 20), waitingForRetry: true },
      { number: '+14155550124', attempts: [{ state: 'placed' }] },
      { number: '+14155550125' },
      { number: '+14155550126', attempts: finalAfter('voicemail', 40), final: 'voicemail' },
    ]);
    const { telephony_configuration_id } = await t.ctx.db
      .selectFrom('campaigns')
      .select('telephony_configuration_id')
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('telephony_configurations')
      .set({ config: JSON.stringify({ provider: 'simulator', calls_per_second: 0.02 }) })
      .where('id', '=', telephony_configuration_id!)
      .execute();
    const body = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/campaign/${campaignId}/progress`,
        headers: org.headers,
      })
    ).json();
    // The same 3.875 remaining attempts as above; one call per 50 s is slower than 25 s each on 4 lines.
    expect(body.eta_seconds).toBe(Math.ceil(3.875 * 50));
  });

  it('names the next window of a scheduled campaign outside it, and has no ETA before any call ended', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const campaignId = await seedCampaign(org, 'running', [{ number: '+14155550111' }]);
    const now = new Date();
    // JS counts from Sunday = 0, the contract from Monday = 0: this is six days from today.
    const otherDay = (now.getUTCDay() + 5) % 7;
    const schedule = {
      enabled: true,
      timezone: 'UTC',
      slots: [{ day_of_week: otherDay, start_time: '10:00', end_time: '11:00' }],
      contact_timezone: 'campaign',
    };
    await t.ctx.db
      .updateTable('campaigns')
      .set({ schedule_config: JSON.stringify(schedule) })
      .where('id', '=', campaignId)
      .execute();
    const body = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/campaign/${campaignId}/progress`,
        headers: org.headers,
      })
    ).json();
    expect(body.next_window_at).toBe(new Date(nextOpeningAfter(schedule, now.getTime())!).toISOString());
    expect(Date.parse(body.next_window_at)).toBeGreaterThan(now.getTime() + 24 * 3600 * 1000);
    expect(body.eta_seconds).toBeNull();
  });

  it("with per-contact zones, names when the earliest waiting contact's own window opens", async () => {
    const org = await createTestOrganization(t.ctx.db);
    const campaignId = await seedCampaign(org, 'running', [
      { number: '+14155550131', waitingForRetry: true },
      { number: '+14155550132', waitingForRetry: true },
    ]);
    const schedule = {
      enabled: true,
      timezone: 'UTC',
      slots: [{ day_of_week: 0, start_time: '00:00', end_time: '24:00' }],
      contact_timezone: 'contact',
    };
    await t.ctx.db
      .updateTable('campaigns')
      .set({ schedule_config: JSON.stringify(schedule) })
      .where('id', '=', campaignId)
      .execute();
    const opening = new Date(Date.now() + 3 * 3600 * 1000);
    await t.ctx.db
      .updateTable('contacts')
      .set({ next_attempt_at: opening })
      .where('campaign_id', '=', campaignId)
      .where('phone_number', '=', '+14155550131')
      .execute();
    const progress = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/campaign/${campaignId}/progress`,
          headers: org.headers,
        })
      ).json();
    // The other contact waits 10 minutes for its retry: it is due first.
    const first = await progress();
    const retrying = await t.ctx.db
      .selectFrom('contacts')
      .select('next_attempt_at')
      .where('campaign_id', '=', campaignId)
      .where('phone_number', '=', '+14155550132')
      .executeTakeFirstOrThrow();
    expect(first.next_window_at).toBe(retrying.next_attempt_at!.toISOString());
    expect(Date.parse(first.next_window_at)).toBeLessThan(opening.getTime());
    await t.ctx.db
      .updateTable('contacts')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('campaign_id', '=', campaignId)
      .where('phone_number', '=', '+14155550132')
      .execute();
    expect((await progress()).next_window_at).toBeNull();
    await t.ctx.db
      .updateTable('contacts')
      .set({ final_outcome: 'completed', next_attempt_at: null })
      .where('campaign_id', '=', campaignId)
      .where('phone_number', '=', '+14155550132')
      .execute();
    expect((await progress()).next_window_at).toBe(opening.toISOString());
  });

  it("is 404 for another organization's campaign", async () => {
    const owner = await createTestOrganization(t.ctx.db);
    const stranger = await createTestOrganization(t.ctx.db);
    const campaignId = await seedCampaign(owner, 'running', [{ number: '+14155550121' }]);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaignId}/progress`,
      headers: stranger.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('campaign_not_found');
  });
});

describe('redial', () => {
  const finishedCampaign = (org: TestOrganization) =>
    seedCampaign(org, 'completed', [
      { number: '+14155550201', attempts: finalAfter('completed'), final: 'completed' },
      {
        number: '+14155550202',
        attempts: [{ outcome: 'no_answer' }, { outcome: 'busy' }, { outcome: 'busy' }],
        final: 'busy',
      },
      { number: '+14155550203', attempts: finalAfter('no_answer'), final: 'no_answer' },
      { number: '+14155550204', attempts: finalAfter('voicemail'), final: 'voicemail' },
      { number: '+14155550205', attempts: finalAfter('failed'), final: 'failed' },
      {
        number: '+14155550206',
        attempts: [{ outcome: 'busy' }, { outcome: 'no_answer' }],
        final: 'no_answer',
      },
      { number: '+14155550207', attempts: finalAfter('busy'), final: 'busy' },
    ]);

  it('creates a campaign in created over exactly the contacts whose last outcome was picked', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const parentId = await finishedCampaign(org);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/campaign/${parentId}/redial`,
      headers: org.headers,
      payload: { retry_on_busy: true, retry_on_voicemail: true, retry_config: { max_retries: 5 } },
    });
    expect(response.statusCode).toBe(201);
    const child = response.json();
    expect(child).toMatchObject({
      name: 'Test campaign (redial)',
      state: 'created',
      source_type: 'redial',
      source_id: `campaign:${parentId}`,
      parent_campaign_id: parentId,
      redialed_campaign_id: null,
      max_concurrency: 4,
      retry_config: { max_retries: 5, retry_on_busy: true, retry_on_no_answer: true },
    });
    expect(child.logs[0]).toMatchObject({
      event: 'created',
      details: { contacts: 3, outcomes: ['busy', 'voicemail'] },
    });

    const contacts = await t.ctx.db
      .selectFrom('contacts')
      .selectAll()
      .where('campaign_id', '=', child.id)
      .orderBy('row_number')
      .execute();
    expect(contacts.map((c) => c.phone_number)).toEqual(['+14155550202', '+14155550204', '+14155550207']);
    for (const contact of contacts) {
      expect(contact).toMatchObject({
        attempts_made: 0,
        last_outcome: null,
        final_outcome: null,
        next_attempt_at: null,
      });
      expect(contact.initial_context).toMatchObject({ phone_number: contact.phone_number });
    }

    const parent = (
      await t.app.inject({ method: 'GET', url: `/api/v1/campaign/${parentId}`, headers: org.headers })
    ).json();
    expect(parent.redialed_campaign_id).toBe(child.id);
    expect(parent.logs[0]).toMatchObject({ event: 'redialed', details: { redial_campaign_id: child.id } });

    // The import step of the redial campaign makes its contacts due, once.
    expect(await activateRedialContacts(t.ctx.db, { campaignId: child.id })).toBe(3);
    expect(await activateRedialContacts(t.ctx.db, { campaignId: child.id })).toBe(0);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/campaign/${parentId}/redial`,
      headers: org.headers,
      payload: { retry_on_no_answer: true },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('campaign_already_redialed');
  });

  it('is 409 invalid_state_transition for a campaign that has not completed', async () => {
    const org = await createTestOrganization(t.ctx.db);
    for (const state of ['created', 'running', 'paused', 'failed']) {
      const campaignId = await seedCampaign(org, state, [{ number: '+14155550301' }]);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/campaign/${campaignId}/redial`,
        headers: org.headers,
        payload: { retry_on_busy: true },
      });
      expect(response.statusCode, state).toBe(409);
      expect(response.json().detail).toBe('invalid_state_transition');
    }
  });

  it('is 422 without an outcome to redial, and 404 for another organization', async () => {
    const owner = await createTestOrganization(t.ctx.db);
    const stranger = await createTestOrganization(t.ctx.db);
    const parentId = await finishedCampaign(owner);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/v1/campaign/${parentId}/redial`,
      headers: owner.headers,
      payload: { retry_on_busy: false },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().detail[0].loc).toEqual(['body', 'retry_on_busy']);
    const blank = await t.app.inject({
      method: 'POST',
      url: `/api/v1/campaign/${parentId}/redial`,
      headers: owner.headers,
      payload: { retry_on_busy: true, name: ' \t ' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail.map((issue: { loc: string[] }) => issue.loc)).toEqual([['body', 'name']]);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/campaign/${parentId}/redial`,
      headers: stranger.headers,
      payload: { retry_on_busy: true },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('campaign_not_found');
  });
});
