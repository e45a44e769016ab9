import { readdir, readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createLogger } from '../../config/logger';
import { createDb } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { searchChunks, type ChunkHit } from '../../db/repositories/knowledge-base-search';
import { canConnect, createDatabase, dropDatabase, startEmbeddedPostgres } from '../../devstack/postgres';
import { freePort } from '../../devstack/processes';
import { searchKnowledgeBase, DEFAULT_FUSION } from '../../knowledge-base/hybrid-search';
import type { Fusion } from '../../knowledge-base/rank-fusion';
import { parseDocument } from '../../knowledge-base/parse';
import { benchCipher, embeddingsConfiguration, indexDocument, loopback, organization } from './corpus';
import { startEmbeddingsServer } from './embeddings-server';
import { HELD_OUT_QUESTIONS, QUESTIONS, type Question } from './questions';
import { loadSentenceEncoder } from './sentence-encoder';
import { loadWordVectors } from './word-vectors';

/**
 * Knowledge-base retrieval benchmark (not a test). Indexes the project's docs/*.md as an organization's documents
 * (parsed and chunked as ingestion does), asks QUESTIONS (and HELD_OUT_QUESTIONS) through the search the tool uses
 * (3 passages), and reports the hit rate at 3; then fills another organization with copies of the docs up to
 * `--chunks` chunks and times the same searches (p50, p95, max over `--rounds` rounds), on a database of its own on
 * the local PostgreSQL (`BENCH_ADMIN_URL`), or on an embedded one when none answers. With `--hybrid` the
 * organizations have an embeddings configuration served by a local model (`--model wink`, the default: averaged word
 * vectors, word-vectors.ts; `--model use`: a sentence encoder, sentence-encoder.ts) and the hybrid search
 * (vectors fused with the text rank, each fusion) is measured beside full-text search.
 * Usage: npx tsx bench/knowledge-base/main.ts [--hybrid] [--model use|wink] [--chunks 10000] [--rounds 10]
 *   [--show-misses] [--keep]
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const CHUNKS = option('chunks', 10_000);
const ROUNDS = option('rounds', 10);
const HYBRID = args.includes('--hybrid');
const MODEL = args.includes('--model') ? args[args.indexOf('--model') + 1] : 'wink';
if (MODEL !== 'use' && MODEL !== 'wink') throw new Error(`--model is use or wink, not ${MODEL}`);
const log = (line: string) => console.error(`[bench] ${line}`);
const fold = (text: string) => text.replace(/\s+/g, ' ');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const logger = createLogger({ level: 'warn', pretty: false });
const API_KEY = 'bench-embeddings-key';

type Search = (organizationId: number, query: string) => Promise<ChunkHit[]>;

async function main(): Promise<void> {
  const docsDir = path.resolve(import.meta.dirname, '../../docs');
  const names = (await readdir(docsDir)).filter((name) => name.endsWith('.md')).sort();
  const docs = await Promise.all(
    names.map(async (name) => ({
      name,
      text: (await parseDocument(await readFile(path.join(docsDir, name)), 'markdown')).text,
    })),
  );
  const embedder = HYBRID ? (MODEL === 'use' ? await loadSentenceEncoder(log) : loadWordVectors(log)) : null;
  const server = embedder ? await startEmbeddingsServer(embedder, API_KEY) : null;
  // The local server when there is one (as the other benchmarks), else an embedded one in a scratch folder.
  const serverUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const postgres = (await canConnect(serverUrl))
    ? { adminUrl: serverUrl, stop: async () => {} }
    : await startEmbeddedPostgres({ dir: '/tmp/vac-kb-bench/postgres', port: await freePort(), log });
  const database = 'vac_bench_knowledge_base';
  await dropDatabase(postgres.adminUrl, database).catch(() => {});
  const db = createDb(await createDatabase(postgres.adminUrl, database), { max: 4 });
  const searchDeps = { db, cipher: benchCipher, destinations: loopback, logger };
  const searches: Record<string, Search> = {
    fts: (organizationId, query) => searchChunks(db, { organizationId, query, limit: 3 }),
  };
  if (HYBRID)
    for (const fusion of ['rrf', 'weighted'] as Fusion[])
      searches[`hybrid-${fusion}`] = (organizationId, query) =>
        searchKnowledgeBase({ ...searchDeps, fusion }, { organizationId, query, limit: 3 });
  const withEmbeddings = async (organizationId: number) => {
    if (server && embedder)
      await embeddingsConfiguration(db, organizationId, {
        ...server,
        apiKey: API_KEY,
        model: embedder.model,
      });
    return organizationId;
  };
  try {
    await migrateToLatest(db);
    const small = await withEmbeddings(await organization(db));
    let docChunks = 0;
    for (const doc of docs) docChunks += await indexDocument(db, logger, small, doc.name, doc.text);
    log(
      `indexed ${docs.length} docs as ${docChunks} chunks${embedder ? ` (embedded by ${embedder.model})` : ''}`,
    );

    const hitRate = async (search: Search, questions: Question[], label: string) => {
      let hits = 0;
      for (const { question, answer } of questions) {
        const found = await search(small, question);
        if (found.some((chunk) => fold(chunk.chunk_text).includes(answer))) hits++;
        else if (args.includes('--show-misses'))
          log(
            `${label} miss: ${question} -> ${found.map((c) => `${c.filename}#${c.chunk_index}`).join(', ')}`,
          );
      }
      return `${(hits / questions.length).toFixed(2)} (${hits}/${questions.length})`;
    };
    const rates: Record<string, [string, string]> = {};
    for (const [mode, search] of Object.entries(searches))
      rates[mode] = [
        await hitRate(search, QUESTIONS, mode),
        await hitRate(search, HELD_OUT_QUESTIONS, `${mode} held-out`),
      ];

    const large = await withEmbeddings(await organization(db));
    let total = 0;
    for (let copy = 0; total < CHUNKS; copy++)
      for (const doc of docs) {
        if (total >= CHUNKS) break;
        total += await indexDocument(db, logger, large, `copy${copy}-${doc.name}`, doc.text);
      }
    await sql`analyze`.execute(db);
    log(`organization with ${total} chunks ready`);
    const timed = [['fts', searches.fts!]] as Array<[string, Search]>;
    if (HYBRID) timed.push([`hybrid-${DEFAULT_FUSION}`, searches[`hybrid-${DEFAULT_FUSION}`]!]);
    const latency: Record<string, string> = {};
    for (const [mode, search] of timed) {
      const first = performance.now();
      await search(large, QUESTIONS[0]!.question);
      const cold = performance.now() - first;
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round++)
        for (const { question } of QUESTIONS) {
          const started = performance.now();
          await search(large, question);
          times.push(performance.now() - started);
        }
      times.sort((a, b) => a - b);
      latency[mode] =
        `${total} | ${times.length} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ` +
        `${times.at(-1)!.toFixed(1)} | ${cold.toFixed(1)}`;
    }
    console.log(
      '| mode | chunks (hit-rate org) | hit rate at 3 (20 questions) | held out (10) | chunks (latency org) | searches | p50 ms | p95 ms | max ms | first search ms |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [mode, [rate, heldOut]] of Object.entries(rates))
      console.log(
        `| ${mode} | ${docChunks} | ${rate} | ${heldOut} | ${latency[mode] ?? '– | – | – | – | – | –'} |`,
      );
    console.log(
      `\n${cpus().length} × ${cpus()[0]?.model}; load ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await db.destroy();
    await server?.close();
    if (!args.includes('--keep')) await dropDatabase(postgres.adminUrl, database).catch(() => {});
    await postgres.stop();
  }
}

await main();
