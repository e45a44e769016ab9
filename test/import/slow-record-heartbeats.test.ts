import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncContactsActivity, type SyncProgress } from '../../activities/sync-contacts';
import { createTestApp, type TestApp } from '../helpers/context';
import { activityDeps, campaignRow, contactsOf, syncingCampaign } from './sync-helpers';

describe('importing a CSV with one record that takes long to read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('heartbeats while the record is read, not only once it is parsed', async () => {
    // A row of a million cells (16 MB) took longer to parse than the 10 s heartbeat timeout: the import timed out on
    // every attempt and the campaign stayed in syncing for good. Here every pause may heartbeat (0 ms).
    const csv = `phone_number,notes\n+14155550100,${'x'.repeat(4 * 1024 * 1024)}\n`;
    const id = await syncingCampaign(t, csv);
    const env = new MockActivityEnvironment();
    const heartbeats: SyncProgress[] = [];
    env.on('heartbeat', (details: SyncProgress) => heartbeats.push(details));
    const { syncContacts } = createSyncContactsActivity(activityDeps(t), { heartbeatEveryMs: 0 });

    await env.run(syncContacts, { campaignId: id });

    expect((await campaignRow(t, id)).state).toBe('running');
    expect((await contactsOf(t, id)).map((c) => c.phone_number)).toEqual(['+14155550100']);
    // Before the row's batch is committed (lastRow 0) the import heartbeat once per chunk of the file read, the
    // storage decides how many; reading only by record, it heartbeat once.
    const beforeCommit = heartbeats.filter((h) => h.lastRow === 0).length;
    expect(beforeCommit).toBeGreaterThan(1);
    expect(heartbeats.at(-1)).toEqual({ lastRow: 1 });
  });
});
