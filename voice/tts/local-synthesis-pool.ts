/**
 * A small pool of synthesis helper processes (local-synthesis-helper.ts), so that local speech does not spawn an
 * engine per sentence from the process that carries the calls' audio. Helpers start when first needed, up to `size`
 * (default 2); a request goes to the helper with the fewest in flight, and a new one starts only while every helper
 * is busy. A helper that dies fails the requests it carried (SpeechVendorError('tts')) and is replaced by the next
 * request. `close()` ends them all; a helper also exits by itself when its parent goes, so none outlives it. Each
 * process shares one pool (`sharedLocalSynthesisPool`), which the media process closes when it stops.
 */
import { SpeechVendorError } from '../speech';
import { SynthesisHelperProcess } from './local-synthesis-helper-process';
import type { LocalEngine } from './local-voices';

export const DEFAULT_LOCAL_SYNTHESIS_HELPERS = 2;

export interface LocalSynthesisPool {
  /**
   * Runs the engine in a helper and yields its WAV output as it arrives, as runLocalEngine (local-engine-run.ts)
   * does in this process: an aborted signal (or a consumer that stops reading) kills the run and ends the output
   * without an error; a failed run rejects with SpeechVendorError('tts').
   */
  run(input: {
    engine: LocalEngine;
    binary: string;
    voice: string;
    text: string;
    signal: AbortSignal;
  }): AsyncGenerator<Buffer>;
  /** The helpers' process ids and requests in flight (tests, diagnostics). */
  helpers(): Array<{ pid: number | undefined; inFlight: number }>;
  /** Ends every helper (requests in flight fail); the pool takes no requests after. */
  close(): Promise<void>;
}

export function createLocalSynthesisPool(options: { size?: number } = {}): LocalSynthesisPool {
  const size = Math.max(1, options.size ?? DEFAULT_LOCAL_SYNTHESIS_HELPERS);
  const helpers: SynthesisHelperProcess[] = [];
  let nextId = 1;
  let closed = false;

  const forget = (helper: SynthesisHelperProcess) => {
    const index = helpers.indexOf(helper);
    if (index >= 0) helpers.splice(index, 1);
  };

  const pick = (): SynthesisHelperProcess => {
    let least: SynthesisHelperProcess | undefined;
    for (const helper of helpers) if (helper.alive && (!least || helper.load < least.load)) least = helper;
    if (least && (least.load === 0 || helpers.length >= size)) return least;
    const started = new SynthesisHelperProcess(forget);
    helpers.push(started);
    return started;
  };

  return {
    async *run({ engine, binary, voice, text, signal }) {
      if (closed) throw new SpeechVendorError('tts', 'local speech is closed');
      if (signal.aborted) return;
      const helper = pick();
      const id = nextId++;
      const run = helper.start({ id, engine, binary, voice, text });
      const wake = () => run.wake();
      signal.addEventListener('abort', wake, { once: true });
      try {
        for (;;) {
          if (signal.aborted) return;
          const chunk = run.chunks.shift();
          if (chunk) yield chunk;
          else if (run.error) throw run.error;
          else if (run.ended) return;
          else await run.next();
        }
      } finally {
        signal.removeEventListener('abort', wake);
        helper.release(id);
      }
    },
    helpers: () => helpers.map((helper) => ({ pid: helper.pid, inFlight: helper.load })),
    async close() {
      closed = true;
      await Promise.all(helpers.map((helper) => helper.close()));
    },
  };
}

let shared: LocalSynthesisPool | null = null;

/** This process's pool, started on first use. */
export function sharedLocalSynthesisPool(): LocalSynthesisPool {
  return (shared ??= createLocalSynthesisPool());
}

/** Closes this process's pool (at shutdown); a later use starts a new one. */
export async function closeSharedLocalSynthesisPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
