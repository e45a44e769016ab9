import { CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncProgress } from '../../activities/sync-contacts';
import { createTestApp, type TestApp } from '../helpers/context';
import { campaignRow, contactsOf, logsOf, rejectsOf, runSync, syncingCampaign } from './sync-helpers';

// 12 data rows: 9 valid numbers, one invalid, two duplicates spread over several batches.
const rows = [
  ...Array.from({ length: 9 }, (_, i) => `+1415555010${i},person ${i}`),
  'garbage,bad',
  '+14155550100,dup of row 1',
  '(415) 555-0108,dup of row 9',
];
const CSV = ['phone_number,name', ...rows].join('\n');
const EXPECTED = { outcome: 'running', totalRows: 12, validRows: 9, invalidRows: 1, duplicateRows: 2 };

describe('resuming an interrupted import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Cancels the import (as a worker crash would end it) once a heartbeat reports `rows` committed. */
  async function interruptAfter(campaignId: number, rows: number): Promise<SyncProgress> {
    const env = new MockActivityEnvironment();
    const seen: SyncProgress[] = [];
    env.on('heartbeat', (details: SyncProgress) => {
      seen.push(details);
      if (details.lastRow >= rows) env.cancel();
    });
    // The activity stops with the cancellation itself (the signal's reason), not with some other failure.
    const stopped = await runSync(t, campaignId, { batchSize: 2, env }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(CancelledFailure);
    expect((stopped as CancelledFailure).message).toBe('CANCELLED');
    return seen[seen.length - 1]!;
  }

  async function expectExactImport(campaignId: number) {
    const contacts = await contactsOf(t, campaignId);
    expect(contacts.map((c) => c.row_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(contacts.map((c) => c.phone_number)).size).toBe(9);
    expect((await rejectsOf(t, campaignId)).map((r) => [r.row_number, r.reason])).toEqual([
      [10, 'invalid_phone_number'],
      [11, 'duplicate'],
      [12, 'duplicate'],
    ]);
    expect(await campaignRow(t, campaignId)).toMatchObject({
      state: 'running',
      total_rows: 9,
      invalid_rows: 1,
      duplicate_rows: 2,
    });
    const events = (await logsOf(t, campaignId)).map((l) => l.event);
    expect(events.filter((e) => e === 'sync_started')).toHaveLength(1);
    expect(events.filter((e) => e === 'sync_completed')).toHaveLength(1);
  }

  it('goes on after the last committed row from the heartbeat, losing and doubling nothing', async () => {
    const id = await syncingCampaign(t, CSV);
    const progress = await interruptAfter(id, 4);
    expect(progress).toEqual({ lastRow: 4 });
    expect(await contactsOf(t, id)).toHaveLength(4);
    expect((await campaignRow(t, id)).state).toBe('syncing');

    expect(await runSync(t, id, { batchSize: 2, progress })).toEqual(EXPECTED);
    await expectExactImport(id);
  });

  it('writes nothing twice when the heartbeat was lost and the import starts over', async () => {
    const id = await syncingCampaign(t, CSV);
    await interruptAfter(id, 6);
    expect(await runSync(t, id, { batchSize: 5 })).toEqual(EXPECTED);
    await expectExactImport(id);
  });

  it('answers a retry after it finished with the same counts and no new log entries', async () => {
    const id = await syncingCampaign(t, CSV);
    expect(await runSync(t, id)).toEqual(EXPECTED);
    expect(await runSync(t, id, { progress: { lastRow: 12 } })).toEqual(EXPECTED);
    await expectExactImport(id);
  });
});
