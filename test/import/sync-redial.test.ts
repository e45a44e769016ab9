import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRedialContacts, REDIAL_SOURCE_TYPE, redialSourceId } from '../../db/repositories/redial';
import { createTestApp, type TestApp } from '../helpers/context';
import { campaignRow, contactsOf, logsOf, runSync, syncingCampaign } from './sync-helpers';

describe("importing a redial campaign's contacts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes the contacts copied from the parent due, without reading any CSV', async () => {
    const parentId = await syncingCampaign(
      t,
      'phone_number,name\n+14155550100,a\n+14155550106,b\n+14155550107,c\n',
    );
    await runSync(t, parentId);
    const parentContacts = await contactsOf(t, parentId);
    const outcomes = ['completed', 'busy', 'no_answer'];
    for (const [index, contact] of parentContacts.entries()) {
      await t.ctx.db
        .updateTable('contacts')
        .set({
          final_outcome: outcomes[index]!,
          last_outcome: outcomes[index]!,
          next_attempt_at: null,
          attempts_made: 1,
        })
        .where('id', '=', contact.id)
        .execute();
    }
    await t.ctx.db.updateTable('campaigns').set({ state: 'completed' }).where('id', '=', parentId).execute();

    const childId = await syncingCampaign(t, 'not read');
    await t.ctx.db
      .updateTable('campaigns')
      .set({
        source_type: REDIAL_SOURCE_TYPE,
        source_id: redialSourceId(parentId),
        parent_campaign_id: parentId,
      })
      .where('id', '=', childId)
      .execute();
    await t.ctx.db.transaction().execute((trx) =>
      copyRedialContacts(trx, {
        campaignId: childId,
        parentCampaignId: parentId,
        outcomes: ['busy', 'no_answer'],
      }),
    );

    const result = await runSync(t, childId);

    expect(result).toMatchObject({ outcome: 'running', validRows: 2 });
    const contacts = await contactsOf(t, childId);
    expect(contacts.map((c) => c.phone_number).sort()).toEqual(['+14155550106', '+14155550107']);
    expect(contacts.every((c) => c.next_attempt_at !== null && c.final_outcome === null)).toBe(true);
    expect(await campaignRow(t, childId)).toMatchObject({ state: 'running', total_rows: 2 });
    expect((await logsOf(t, childId)).map((l) => l.event)).toEqual(['sync_started', 'sync_completed']);
  });
});
