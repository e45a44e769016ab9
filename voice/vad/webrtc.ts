/**
 * WebRTC's voice activity detector (libfvad compiled to wasm, npm @echogarden/fvad-wasm): whether a 20 ms frame
 * holds speech, by its energy and spectrum. The wasm module loads once per process; each call gets its own detector state (it
 * adapts to the call's noise), freed by `close()`.
 */
import loadFvad, { type FvadModule } from '@echogarden/fvad-wasm';
import { frameSamples } from '../audio/frames';
import type { SampleRate } from '../media-transport';
import type { VoiceActivityDetector } from './types';

let fvad: Promise<FvadModule> | null = null;

/** `vad_configuration.confidence` (0–1) as WebRTC's aggressiveness; null: 2, the detector's usual mode. */
export function aggressivenessFor(confidence: number | null): 0 | 1 | 2 | 3 {
  if (confidence === null) return 2;
  return Math.min(3, Math.max(0, Math.floor(confidence * 4))) as 0 | 1 | 2 | 3;
}

/**
 * A detector for frames at `sampleRate`. Aggressiveness 0 (reports speech most readily) to 3 (least readily, for
 * noisy lines); 2 by default.
 */
export async function createWebrtcDetector(
  sampleRate: SampleRate,
  options: { aggressiveness?: 0 | 1 | 2 | 3 } = {},
): Promise<VoiceActivityDetector> {
  fvad ??= loadFvad().catch((error: unknown) => {
    fvad = null;
    throw error;
  });
  const module = await fvad;
  const samples = frameSamples(sampleRate);
  const handle = module._fvad_new();
  if (handle === 0) throw new Error('voice activity detector: out of memory');
  const buffer = module._malloc(samples * 2);
  const aggressiveness = options.aggressiveness ?? 2;
  if (
    module._fvad_set_sample_rate(handle, sampleRate) !== 0 ||
    module._fvad_set_mode(handle, aggressiveness) !== 0
  ) {
    module._free(buffer);
    module._fvad_free(handle);
    throw new RangeError(`voice activity detector: unsupported rate ${sampleRate} or mode ${aggressiveness}`);
  }
  let open = true;
  return {
    isSpeech(frame) {
      if (!open) throw new Error('voice activity detector is closed');
      if (frame.length !== samples)
        throw new RangeError(`voice activity detector: ${frame.length} samples, expected ${samples} (20 ms)`);
      module.HEAP16.set(frame, buffer >> 1);
      const result = module._fvad_process(handle, buffer, samples);
      if (result < 0) throw new Error('voice activity detector refused the frame');
      return result === 1;
    },
    close() {
      if (!open) return;
      open = false;
      module._free(buffer);
      module._fvad_free(handle);
    },
  };
}
