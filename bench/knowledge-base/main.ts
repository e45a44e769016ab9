import { readdir, readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, type Db } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { completeDocument, claimNextDocument, insertDocument } from '../../db/repositories/knowledge-base';
import { searchChunks } from '../../db/repositories/knowledge-base-search';
import { canConnect, createDatabase, dropDatabase, startEmbeddedPostgres } from '../../devstack/postgres';
import { freePort } from '../../devstack/processes';
import { documentChunks } from '../../knowledge-base/document-chunks';
import { parseDocument } from '../../knowledge-base/parse';
import { QUESTIONS } from './questions';

/**
 * Knowledge-base retrieval benchmark (not a test). Indexes the project's docs/*.md as an organization's documents
 * (parsed and chunked as ingestion does), asks QUESTIONS through the search the tool uses (3 passages), and reports
 * the hit rate at 3; then fills another organization with copies of the docs up to `--chunks` chunks and times the
 * same searches (p50, p95, max over `--rounds` rounds), on a database of its own on the local PostgreSQL
 * (`BENCH_ADMIN_URL`), or on an embedded one when none answers.
 * Usage: npx tsx bench/knowledge-base/main.ts [--chunks 10000] [--rounds 10] [--show-misses] [--keep]
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const CHUNKS = option('chunks', 10_000);
const ROUNDS = option('rounds', 10);
const log = (line: string) => console.error(`[bench] ${line}`);
const fold = (text: string) => text.replace(/\s+/g, ' ');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function organization(db: Db): Promise<number> {
  const row = await db
    .insertInto('organizations')
    .values({ name: `kb-bench-${randomUUID().slice(0, 8)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** One document indexed the way ingestion does it (claim, chunk, complete), without the file store. */
async function index(db: Db, organizationId: number, filename: string, text: string): Promise<number> {
  await insertDocument(db, {
    documentUuid: randomUUID(),
    organizationId,
    createdBy: null,
    filename,
    s3Key: `bench/${filename}`,
    retrievalMode: 'chunked',
    language: 'english',
    customMetadata: {},
  });
  const claimed = (await claimNextDocument(db, 60, { organizationId }))!;
  const chunks = documentChunks({ kind: 'markdown', retrievalMode: 'chunked' }, { text });
  const facts = { fileSizeBytes: text.length, fileHash: '', mimeType: 'text/markdown' };
  const document = {
    id: Number(claimed.id),
    organizationId,
    language: 'english',
    attempt: claimed.processing_attempts,
  };
  await completeDocument(db, document, facts, chunks);
  return chunks.length;
}

async function main(): Promise<void> {
  const docsDir = path.resolve(import.meta.dirname, '../../docs');
  const names = (await readdir(docsDir)).filter((name) => name.endsWith('.md')).sort();
  const docs = await Promise.all(
    names.map(async (name) => ({
      name,
      text: (await parseDocument(await readFile(path.join(docsDir, name)), 'markdown')).text,
    })),
  );
  // The local server when there is one (as the other benchmarks), else an embedded one in a scratch folder.
  const serverUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const postgres = (await canConnect(serverUrl))
    ? { adminUrl: serverUrl, stop: async () => {} }
    : await startEmbeddedPostgres({ dir: '/tmp/vac-kb-bench/postgres', port: await freePort(), log });
  const database = 'vac_bench_knowledge_base';
  await dropDatabase(postgres.adminUrl, database).catch(() => {});
  const db = createDb(await createDatabase(postgres.adminUrl, database), { max: 4 });
  try {
    await migrateToLatest(db);
    const small = await organization(db);
    let docChunks = 0;
    for (const doc of docs) docChunks += await index(db, small, doc.name, doc.text);
    log(`indexed ${docs.length} docs as ${docChunks} chunks`);

    let hits = 0;
    for (const { question, answer } of QUESTIONS) {
      const found = await searchChunks(db, { organizationId: small, query: question, limit: 3 });
      const hit = found.some((chunk) => fold(chunk.chunk_text).includes(answer));
      if (hit) hits++;
      else if (args.includes('--show-misses'))
        log(
          `miss: ${question} -> ${found.map((chunk) => `${chunk.filename}#${chunk.chunk_index}`).join(', ')}`,
        );
    }

    const large = await organization(db);
    let total = 0;
    for (let copy = 0; total < CHUNKS; copy++)
      for (const doc of docs) {
        if (total >= CHUNKS) break;
        total += await index(db, large, `copy${copy}-${doc.name}`, doc.text);
      }
    await sql`analyze knowledge_base_chunks`.execute(db);
    log(`organization with ${total} chunks ready`);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++)
      for (const { question } of QUESTIONS) {
        const started = performance.now();
        await searchChunks(db, { organizationId: large, query: question, limit: 3 });
        times.push(performance.now() - started);
      }
    times.sort((a, b) => a - b);
    console.log(
      `| docs | chunks (hit-rate org) | questions | hit rate at 3 | chunks (latency org) | searches | p50 ms | p95 ms | max ms |`,
    );
    console.log(`| --- | --- | --- | --- | --- | --- | --- | --- | --- |`);
    console.log(
      `| ${docs.length} | ${docChunks} | ${QUESTIONS.length} | ${(hits / QUESTIONS.length).toFixed(2)} (${hits}/${QUESTIONS.length}) | ` +
        `${total} | ${times.length} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ` +
        `${times.at(-1)!.toFixed(1)} |`,
    );
    console.log(
      `\n${cpus().length} × ${cpus()[0]?.model}; load ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await db.destroy();
    if (!args.includes('--keep')) await dropDatabase(postgres.adminUrl, database).catch(() => {});
    await postgres.stop();
  }
}

await main();
