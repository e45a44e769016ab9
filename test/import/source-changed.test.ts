import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { campaignFixture, createCampaign, SAMPLE_CSV } from '../campaigns/fixtures';
import { campaignRow, contactsOf, logsOf, runSync } from './sync-helpers';

const stores = {
  s3: () => createTestApp(),
  embedded: () =>
    createTestApp({
      S3_BUCKET: undefined,
      STORAGE_DIR: mkdtempSync(path.join(inject('scratchDir'), 'embedded-storage-')),
    }),
};

describe.each(Object.keys(stores) as Array<keyof typeof stores>)(
  'a source replaced after create (%s store)',
  (store) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await stores[store]();
    });
    afterAll(async () => {
      await t.close();
    });

    /** A campaign created through the API over SAMPLE_CSV, then moved to `syncing` as its start does. */
    async function createdCampaign() {
      const fixture = await campaignFixture(t);
      const { id } = await createCampaign(t, fixture);
      await t.ctx.db.updateTable('campaigns').set({ state: 'syncing' }).where('id', '=', id).execute();
      return { id, key: fixture.sourceId };
    }

    it('imports the object as it was when the campaign was created', async () => {
      expect(t.ctx.storage.kind).toBe(store);
      const { id } = await createdCampaign();
      const head = (await t.ctx.storage.headObject((await campaignRow(t, id)).source_id))!;
      expect(await campaignRow(t, id)).toMatchObject({
        source_size: SAMPLE_CSV.length,
        source_etag: head.etag,
      });
      expect(await runSync(t, id)).toMatchObject({ outcome: 'running', validRows: 2 });
    });

    it.each([
      ['the same size', SAMPLE_CSV.replace('Ada', 'Eve')],
      ['another size', `${SAMPLE_CSV}+14155550102,Mallory\n`],
    ])(
      'fails with source_changed when it was overwritten with %s, and reads none of it',
      async (_label, body) => {
        const { id, key } = await createdCampaign();
        await t.ctx.storage.putObject({ key, body, contentType: 'text/csv' });

        await expect(runSync(t, id)).rejects.toMatchObject({ type: 'SourceInvalid', nonRetryable: true });
        expect(await campaignRow(t, id)).toMatchObject({ state: 'failed' });
        expect(await contactsOf(t, id)).toEqual([]);
        const entry = (await logsOf(t, id)).find((l) => l.event === 'source_sync_failed')!;
        expect(entry.message).toBe(
          'The contact source could not be imported: the source file was replaced after the campaign was created',
        );
        expect(entry.details).toMatchObject({ reason: 'source_changed', source_id: key });
      },
    );
  },
);
