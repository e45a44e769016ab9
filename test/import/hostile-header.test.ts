import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { campaignRow, logsOf, runSync, syncingCampaign } from './sync-helpers';

describe('importing a CSV whose header has no phone_number column and huge cells', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('fails the campaign quoting at most 50 header cells of at most 100 characters each', async () => {
    // A cell of a megabyte was stored whole in the log entry (served by every GET of the campaign) and in the
    // activity's failure details, which Temporal refuses over 4 MB.
    const cells = [
      'a'.repeat(1024 * 1024),
      `x${'😀'.repeat(60)}`,
      ...Array.from({ length: 60 }, (_, i) => `c${i}`),
    ];
    const id = await syncingCampaign(t, `${cells.join(',')}\n+14155550100,b,c\n`);

    await expect(runSync(t, id)).rejects.toMatchObject({ type: 'SourceInvalid', nonRetryable: true });

    expect((await campaignRow(t, id)).state).toBe('failed');
    const entry = (await logsOf(t, id)).find((l) => l.event === 'source_sync_failed')!;
    expect(entry.message).toBe(
      'The contact source could not be imported: the header has no phone_number column',
    );
    // The emoji cell is cut at 100 UTF-16 units, less the high half of the pair the cut would split.
    expect((entry.details as { header: string[] }).header).toEqual([
      'a'.repeat(100),
      `x${'😀'.repeat(49)}`,
      ...Array.from({ length: 48 }, (_, i) => `c${i}`),
    ]);
  });
});
