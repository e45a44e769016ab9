/**
 * Voice activity detection: whether a 20 ms frame of the caller's audio holds speech. Two engines, chosen by
 * `vad_configuration.engine`: Silero VAD (the default; a small neural model that tells speech from coughs, music,
 * tones and hum, silero.ts) and WebRTC's detector (`webrtc`; energy and spectrum, cheaper, hears most sounds as
 * speech, webrtc.ts). `vad_configuration.confidence` (0–1) is Silero's start threshold (default 0.5) or, for
 * WebRTC, its aggressiveness (`aggressivenessFor`). Each call gets its own detector, freed by `close()`.
 */
import type { SampleRate } from '../media-transport';
import { createSileroDetector } from './silero';
import { aggressivenessFor, createWebrtcDetector } from './webrtc';

export interface VoiceActivityDetector {
  /** True when the 20 ms frame holds speech. Throws on a frame of another length or after `close()`. */
  isSpeech(frame: Int16Array): boolean;
  close(): void;
}

export type VadEngine = 'silero' | 'webrtc';
export const VAD_ENGINES: readonly VadEngine[] = ['silero', 'webrtc'];
export const DEFAULT_VAD_ENGINE: VadEngine = 'silero';

export async function createVoiceActivityDetector(
  sampleRate: SampleRate,
  options: { engine?: VadEngine; confidence?: number | null } = {},
): Promise<VoiceActivityDetector> {
  const confidence = options.confidence ?? null;
  if ((options.engine ?? DEFAULT_VAD_ENGINE) === 'webrtc')
    return createWebrtcDetector(sampleRate, { aggressiveness: aggressivenessFor(confidence) });
  return createSileroDetector(sampleRate, confidence === null ? {} : { threshold: confidence });
}
