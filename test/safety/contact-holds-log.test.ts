import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteContactsHeld, noteHoldsOpened } from '../../activities/contact-holds-log';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization } from '../helpers/organizations';

/**
 * The campaign log's hold entries (activities/contact-holds-log.ts): one `contacts_held` per opening however many
 * batches are held until it, and one `contacts_released` once that opening has come, judged at an injected instant.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('contact holds in the campaign log', () => {
  it('writes one entry per hold until an opening, and one release once the opening has come', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const { agentId } = await insertAgent(t.ctx.db, org.organizationId);
    const configurationId = await insertSimulatorConfiguration(t.ctx.db, org.organizationId);
    const campaignId = await insertCampaign(t.ctx.db, {
      organizationId: org.organizationId,
      agentId,
      configurationId,
    });
    const entries = async () =>
      (
        await t.ctx.db
          .selectFrom('campaign_logs')
          .select(['event', 'message', 'details'])
          .where('campaign_id', '=', campaignId)
          .where('event', 'in', ['contacts_held', 'contacts_released'])
          .orderBy('id')
          .execute()
      ).map((entry) => [entry.event, entry.details]);
    const morning = new Date('2027-03-02T13:00:00.000Z');

    await noteContactsHeld(t.ctx.db, campaignId, { reason: 'legal_hours', contacts: 2000, until: morning });
    await noteContactsHeld(t.ctx.db, campaignId, { reason: 'legal_hours', contacts: 500, until: morning });
    await noteHoldsOpened(t.ctx.db, campaignId, morning.getTime() - 1);
    expect(await entries()).toEqual([
      ['contacts_held', { reason: 'legal_hours', contacts: 2000, until: morning.toISOString() }],
    ]);
    const [held] = await t.ctx.db
      .selectFrom('campaign_logs')
      .select('message')
      .where('campaign_id', '=', campaignId)
      .execute();
    expect(held!.message).toBe(
      'Contacts outside legal calling hours in their zone are held (2000 now); the first can be called at 13:00 UTC, 2 Mar.',
    );

    await noteHoldsOpened(t.ctx.db, campaignId, morning.getTime());
    await noteHoldsOpened(t.ctx.db, campaignId, morning.getTime() + 60_000);
    // The next night: held again until the next morning.
    const nextMorning = new Date('2027-03-03T13:00:00.000Z');
    await noteContactsHeld(t.ctx.db, campaignId, { reason: 'legal_hours', contacts: 3, until: nextMorning });
    expect(await entries()).toEqual([
      ['contacts_held', { reason: 'legal_hours', contacts: 2000, until: morning.toISOString() }],
      ['contacts_released', { reason: 'legal_hours', until: morning.toISOString() }],
      ['contacts_held', { reason: 'legal_hours', contacts: 3, until: nextMorning.toISOString() }],
    ]);
  });
});
