import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCampaignCounters } from '../../db/repositories/campaign-counters';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization } from '../helpers/organizations';

/**
 * A campaign's counters move with the transaction that adds to them, at its commit (migration 2026_11_22_001300): not
 * before, not after a rollback, exactly under concurrent writers, and nothing stays behind in the deltas table.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function newCampaign(): Promise<number> {
  const { organizationId } = await createTestOrganization(t.ctx.db);
  const { agentId } = await insertAgent(t.ctx.db, organizationId);
  const configurationId = await insertSimulatorConfiguration(t.ctx.db, organizationId);
  return insertCampaign(t.ctx.db, { organizationId, agentId, configurationId });
}

const countersOf = (campaignId: number) =>
  t.ctx.db
    .selectFrom('campaigns')
    .select(['executed_count', 'processed_rows', 'failed_rows', 'total_queued_count'])
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();

describe('campaign counters', () => {
  it('are added when the transaction commits, and not at all when it rolls back', async () => {
    const campaignId = await newCampaign();
    const before = await countersOf(campaignId);
    await t.ctx.db.transaction().execute(async (trx) => {
      await addToCampaignCounters(trx, campaignId, { executed_count: 1, processed_rows: 2, failed_rows: 1 });
      await addToCampaignCounters(trx, campaignId, { total_queued_count: 3 });
      // Other connections see nothing until the commit.
      expect(await countersOf(campaignId)).toEqual(before);
    });
    expect(await countersOf(campaignId)).toEqual({
      executed_count: before.executed_count + 1,
      processed_rows: before.processed_rows + 2,
      failed_rows: before.failed_rows + 1,
      total_queued_count: before.total_queued_count + 3,
    });
    const committed = await countersOf(campaignId);
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await addToCampaignCounters(trx, campaignId, { executed_count: 5 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await countersOf(campaignId)).toEqual(committed);
  });

  it('stay exact under concurrent writers, never take the queue count below zero, and leave no deltas behind', async () => {
    const campaignId = await newCampaign();
    const before = await countersOf(campaignId);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.ctx.db.transaction().execute((trx) => addToCampaignCounters(trx, campaignId, { processed_rows: 1 })),
      ),
    );
    expect((await countersOf(campaignId)).processed_rows).toBe(before.processed_rows + 20);
    await t.ctx.db.transaction().execute((trx) =>
      addToCampaignCounters(trx, campaignId, { total_queued_count: -(before.total_queued_count + 5) }),
    );
    expect((await countersOf(campaignId)).total_queued_count).toBe(0);
    const left = await t.ctx.db
      .selectFrom('campaign_counter_deltas')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .execute();
    expect(left).toEqual([]);
  });
});
