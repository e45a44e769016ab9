/**
 * Text-to-speech on this machine, no vendor: flite (default voice `slt`, 16 kHz; also kal, awb, rms) or espeak-ng
 * (22.05 kHz). The engine runs in one of the process's synthesis helpers (local-synthesis-pool.ts), never in this
 * process; its WAV output (local-engine-run.ts) is resampled to the call's rate and yielded as it arrives. A missing
 * binary, an unknown voice or a failed run reject with SpeechVendorError('tts'); an aborted signal ends the audio
 * early.
 */
import { Resampler } from '../audio/resample';
import { WavStreamReader } from '../audio/wav-stream';
import { SpeechVendorError, type SpeechSynthesizer } from '../speech';
import { sharedLocalSynthesisPool, type LocalSynthesisPool } from './local-synthesis-pool';
import { isKnownVoice, voicesOf, type LocalEngine } from './local-voices';

const DEFAULT_VOICES: Record<LocalEngine, string> = { flite: 'slt', 'espeak-ng': 'en-us' };

export function createLocalSynthesizer(
  options: {
    engine?: LocalEngine;
    defaultVoice?: string;
    /** The executable to run (default: the engine's name, found on PATH). */
    binary?: string;
    /** The helpers that run the engine (default: the process's shared pool, looked up at each sentence). */
    pool?: LocalSynthesisPool;
  } = {},
): SpeechSynthesizer {
  const engine = options.engine ?? 'flite';
  const binary = options.binary ?? engine;
  const defaultVoice = options.defaultVoice ?? DEFAULT_VOICES[engine];

  return {
    name: engine,
    async *synthesize(text, { sampleRate, voice, signal }) {
      const chosen = voice ?? defaultVoice;
      if (!isKnownVoice(await voicesOf(engine, binary), chosen))
        throw new SpeechVendorError('tts', `${engine} has no voice '${chosen}'`);
      if (signal.aborted || text.trim() === '') return;
      const reader = new WavStreamReader();
      let resampler: Resampler | null = null;
      try {
        const pool = options.pool ?? sharedLocalSynthesisPool();
        for await (const chunk of pool.run({ engine, binary, voice: chosen, text, signal })) {
          const samples = reader.push(chunk);
          resampler ??= reader.sampleRate ? new Resampler(reader.sampleRate, sampleRate) : null;
          const out = resampler?.push(samples);
          if (out && out.length > 0 && !signal.aborted) yield out;
        }
        if (signal.aborted) return;
        reader.end();
      } catch (error) {
        if (error instanceof SpeechVendorError) throw error;
        throw new SpeechVendorError('tts', `${engine} output unreadable: ${(error as Error).message}`);
      }
      const tail = resampler?.flush();
      if (tail && tail.length > 0) yield tail;
    },
  };
}
