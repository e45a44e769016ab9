import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { sql } from 'kysely';
import { createDb } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { completeDocument, claimNextDocument, insertDocument } from '../../db/repositories/knowledge-base';
import type { VectorSetKey } from '../../db/repositories/knowledge-base-vectors';
import { createDatabase, dropDatabase } from '../../devstack/postgres';
import { unitLength } from '../../knowledge-base/embeddings-client';
import { nearestChunks, type DocumentVectors } from '../../knowledge-base/vector-index';
import { VectorIndexCache } from '../../knowledge-base/vector-index-cache';
import { organization } from './corpus';

/**
 * Where to compute cosines at production sizes (not a test): `--chunks` (10,000) chunks of `--dimensions` (1,536,
 * OpenAI's text-embedding-3-small) random unit vectors stored as `real[]`, then, for `--rounds` random questions:
 * the cosine in SQL (`unnest` of the two arrays, what a search without a cache would run), reading every vector
 * into a fresh cache (cold, knowledge-base/vector-index-cache.ts), the same cache checked again (warm: the documents'
 * stamps only), and the in-memory scan (knowledge-base/vector-index.ts). On the local PostgreSQL 5432, a database of its own.
 * Usage: npx tsx bench/knowledge-base/vector-scan.ts [--chunks 10000] [--dimensions 1536] [--rounds 20]
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const CHUNKS = option('chunks', 10_000);
const DIMENSIONS = option('dimensions', 1536);
const ROUNDS = option('rounds', 20);
const randomUnit = () => unitLength(Array.from({ length: DIMENSIONS }, () => Math.random() - 0.5));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed<T>(work: () => Promise<T> | T): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = 'vac_bench_vector_scan';
  await dropDatabase(adminUrl, database).catch(() => {});
  const db = createDb(await createDatabase(adminUrl, database), { max: 2 });
  try {
    await migrateToLatest(db);
    const organizationId = await organization(db);
    const config = await db
      .insertInto('voice_configurations')
      .values({
        organization_id: organizationId,
        name: 'scan',
        tts: '{"provider":"local"}',
        embeddings: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key: VectorSetKey = {
      organizationId,
      voiceConfigId: Number(config.id),
      model: 'random',
      dimensions: DIMENSIONS,
    };
    for (let from = 0; from < CHUNKS; from += 1000) {
      await insertDocument(db, {
        documentUuid: randomUUID(),
        organizationId,
        createdBy: null,
        filename: `scan-${from}.md`,
        s3Key: `bench/scan-${from}`,
        retrievalMode: 'chunked',
        language: 'english',
        customMetadata: {},
      });
      const claimed = (await claimNextDocument(db, 600, { organizationId }))!;
      const count = Math.min(1000, CHUNKS - from);
      const chunks = Array.from({ length: count }, (_, i) => ({
        text: `chunk ${from + i}`,
        context: null,
        metadata: {},
      }));
      const vectors = chunks.map(randomUnit);
      await completeDocument(
        db,
        { id: Number(claimed.id), organizationId, language: 'english', attempt: claimed.processing_attempts },
        { fileSizeBytes: 0, fileHash: '', mimeType: 'text/markdown' },
        chunks,
        {
          status: 'embedded',
          error: null,
          voiceConfigId: key.voiceConfigId,
          model: key.model,
          dimensions: DIMENSIONS,
          vectors,
        },
      );
    }
    await sql`analyze`.execute(db);
    console.error(`[scan] ${CHUNKS} chunks × ${DIMENSIONS} dimensions stored`);
    const inSql: number[] = [];
    const loads: number[] = [];
    const checks: number[] = [];
    const scans: number[] = [];
    let documents: DocumentVectors[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const question = randomUnit();
      if (round < 5)
        inSql.push(
          (
            await timed(() =>
              sql`select c.id, (select sum(e * q) from unnest(c.embedding, ${Array.from(question)}::real[]) as u(e, q))
                    as cosine
                  from knowledge_base_chunks c where c.organization_id = ${organizationId}
                  order by cosine desc limit 20`.execute(db),
            )
          )[0],
        );
      const cache = new VectorIndexCache();
      if (round < 5) {
        const [load, read] = await timed(() => cache.documentsOf(db, key));
        loads.push(load);
        checks.push((await timed(() => cache.documentsOf(db, key)))[0]);
        documents = read;
      }
      scans.push((await timed(() => nearestChunks(documents, question, 20)))[0]);
    }
    console.log(
      `| chunks | dimensions | cosine in SQL (unnest), median of 5 | read into memory (cold cache), median of 5 | ` +
        `stamps checked (warm cache), median of 5 | in-memory scan, median of ${ROUNDS} |`,
    );
    console.log('| --- | --- | --- | --- | --- | --- |');
    console.log(
      `| ${CHUNKS} | ${DIMENSIONS} | ${median(inSql).toFixed(0)} ms | ${median(loads).toFixed(0)} ms | ` +
        `${median(checks).toFixed(1)} ms | ${median(scans).toFixed(1)} ms |`,
    );
    console.log(
      `\n${cpus().length} × ${cpus()[0]?.model}; load ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await db.destroy();
    await dropDatabase(adminUrl, database).catch(() => {});
  }
}

await main();
