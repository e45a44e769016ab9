import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateRedialContacts } from '../../db/repositories/redial';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { finalAfter, seedCampaign } from './campaign-seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('redial', () => {
  const finishedCampaign = (org: TestOrganization) =>
    seedCampaign(t, org, 'completed', [
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
      const campaignId = await seedCampaign(t, org, state, [{ number: '+14155550301' }]);
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
