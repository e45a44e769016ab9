import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimNextDocument } from '../../db/repositories/knowledge-base';
import { storageIdentity } from '../../storage/identity';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';
import { settled, uploadDocument } from './kb-helpers';

/**
 * A document is ingested only by a process reading the object store it was uploaded to (storage/identity.ts): an
 * API process with another store (here the embedded one, beside the S3-compatible server) leaves it to the others
 * instead of failing it as "not uploaded".
 */
describe('knowledge-base ingestion and the object store', () => {
  let s3: TestApp;
  let embedded: TestApp;
  const folder = mkdtempSync(path.join(tmpdir(), 'kb-store-'));
  beforeAll(async () => {
    [s3, embedded] = await Promise.all([
      createTestApp(),
      createTestApp({ S3_BUCKET: '', STORAGE_DIR: folder }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([s3?.close(), embedded?.close()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it('records the store at process time, and only a process of that store claims the document', async () => {
    const s3Identity = storageIdentity(s3.ctx.config.storage);
    const embeddedIdentity = storageIdentity(embedded.ctx.config.storage);
    expect(s3Identity).toMatch(/^s3:/);
    expect(embeddedIdentity).toBe(`embedded:${folder}`);

    const org = await createTestOrganization(s3.ctx.db);
    // Both apps' ingestion loops run against the same database while the document waits.
    for (let round = 0; round < 3; round++) {
      const document = await uploadDocument(s3, org, {
        filename: `notes-${round}.md`,
        mimeType: 'text/markdown',
        bytes: Buffer.from(`# Notes ${round}\n\nThe warehouse opens at nine.`),
      });
      const row = await s3.ctx.db
        .selectFrom('knowledge_base_documents')
        .select('storage_identity')
        .where('document_uuid', '=', document.document_uuid)
        .executeTakeFirstOrThrow();
      expect(row.storage_identity).toBe(s3Identity);
      expect(await settled(s3, org, document.document_uuid)).toMatchObject({
        processing_status: 'completed',
        processing_error: null,
      });
    }
  });

  it('claims by store: another store finds nothing to take, its own store or an unrecorded one does', async () => {
    const org = await createTestOrganization(s3.ctx.db);
    const options = { organizationId: org.organizationId };
    // In a transaction rolled back at the end: no other process's ingestion loop ever sees these rows.
    const rollback = new Error('rolled back');
    await expect(
      s3.ctx.db.transaction().execute(async (trx) => {
        const insert = (uuid: string, identity: string | null) =>
          trx
            .insertInto('knowledge_base_documents')
            .values({
              document_uuid: uuid,
              organization_id: org.organizationId,
              filename: 'x.md',
              s3_key: `knowledge_base/${org.organizationId}/${uuid}/x.md`,
              retrieval_mode: 'chunked',
              language: 'english',
              custom_metadata: '{}',
              storage_identity: identity,
            })
            .execute();
        await insert('6c0b7a52-7d1e-4d7e-9c39-9d3a3f0c0001', 'embedded:/elsewhere');
        expect(await claimNextDocument(trx, 60, { ...options, storageIdentity: 's3:x/y' })).toBeNull();
        expect(
          await claimNextDocument(trx, 60, { ...options, storageIdentity: 'embedded:/elsewhere' }),
        ).toMatchObject({ document_uuid: '6c0b7a52-7d1e-4d7e-9c39-9d3a3f0c0001' });
        await insert('6c0b7a52-7d1e-4d7e-9c39-9d3a3f0c0002', null);
        expect(await claimNextDocument(trx, 60, { ...options, storageIdentity: 's3:x/y' })).toMatchObject({
          document_uuid: '6c0b7a52-7d1e-4d7e-9c39-9d3a3f0c0002',
        });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
