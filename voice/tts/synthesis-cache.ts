/**
 * Sentences already spoken, kept per process: calls of one agent say the same lines again and again (greetings,
 * disclosures, "Are you still there?", the apology), and a local engine pays a process spawn, a synthesis and a
 * resampling for each. A finished synthesis (not an aborted one) is kept under its engine, voice, rate and text, the
 * least recently used dropped first beyond `maxBytes`; a hit plays the kept audio in the engine's chunk sizes.
 */
import type { SpeechSynthesizer } from '../speech';
import { concatSamples } from '../audio/frames';

/** Default bound: 32 MiB is about 35 minutes of 8 kHz speech, or 17 of 16 kHz. */
export const DEFAULT_SYNTHESIS_CACHE_BYTES = 32 * 1024 * 1024;
const CHUNK_SAMPLES = 4096;

export class SynthesisCache {
  private readonly entries = new Map<string, Int16Array>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes = DEFAULT_SYNTHESIS_CACHE_BYTES) {}

  get(key: string): Int16Array | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    // Map order is insertion order: re-inserting marks it most recently used.
    this.entries.delete(key);
    this.entries.set(key, found);
    return found;
  }

  set(key: string, audio: Int16Array): void {
    if (audio.byteLength > this.maxBytes || this.entries.has(key)) return;
    this.entries.set(key, audio);
    this.bytes += audio.byteLength;
    for (const [oldest, kept] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= kept.byteLength;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * `synthesizer` answering from `cache` when it has spoken the same text, voice and rate before. `identity` tells
 * synthesisers apart whose output differs for the same request (engine and default voice).
 */
export function cachedSynthesizer(
  synthesizer: SpeechSynthesizer,
  cache: SynthesisCache,
  identity: string,
): SpeechSynthesizer {
  return {
    name: synthesizer.name,
    async *synthesize(text, options) {
      const key = `${identity}\u0000${options.voice ?? ''}\u0000${options.sampleRate}\u0000${text}`;
      const kept = cache.get(key);
      if (kept) {
        cache.hits += 1;
        for (let at = 0; at < kept.length && !options.signal.aborted; at += CHUNK_SAMPLES)
          yield kept.subarray(at, at + CHUNK_SAMPLES);
        return;
      }
      cache.misses += 1;
      const chunks: Int16Array[] = [];
      for await (const chunk of synthesizer.synthesize(text, options)) {
        chunks.push(chunk);
        yield chunk;
      }
      if (options.signal.aborted) return;
      cache.set(key, concatSamples(chunks));
    },
  };
}
