/**
 * Voice activity detection: whether a 20 ms frame of the caller's audio holds speech. Two engines, chosen by
 * `vad_configuration.engine`: Silero VAD (the default; a small neural model that tells speech from coughs, music,
 * tones and hum, silero.ts) and WebRTC's detector (`webrtc`; energy and spectrum, cheaper, hears most sounds as
 * speech, webrtc.ts). `vad_configuration.confidence` (0–1) is Silero's start threshold (default 0.5) or, for
 * WebRTC, its aggressiveness (`aggressivenessFor`). Each call gets its own detector, freed by `close()`.
 * A call hears its frames through `openCallDetector`: the media process runs Silero in a helper process
 * (`runSileroInHelper`, silero-helper-process.ts), everything else decides each frame on its event loop at once.
 */
import type { SampleRate } from '../media-transport';
import { createSileroDetector } from './silero';
import { SileroHelper } from './silero-helper-process';
import type { CallVoiceDetector, VoiceActivityDetector } from './types';
import { aggressivenessFor, createWebrtcDetector } from './webrtc';

export type { CallVoiceDetector, VoiceActivityDetector } from './types';

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

let sileroHelper: SileroHelper | null = null;

/** From now on this process's calls run Silero in a helper process (the media process: startMediaServer). */
export function runSileroInHelper(): void {
  sileroHelper ??= new SileroHelper();
}

/** Stops the helper, if one runs; calls still open carry on with Silero on this event loop. */
export async function closeSileroHelper(): Promise<void> {
  const helper = sileroHelper;
  sileroHelper = null;
  await helper?.close();
}

export async function openCallDetector(
  sampleRate: SampleRate,
  options: { engine?: VadEngine; confidence?: number | null } = {},
): Promise<CallVoiceDetector> {
  const confidence = options.confidence ?? null;
  if (sileroHelper && (options.engine ?? DEFAULT_VAD_ENGINE) === 'silero')
    return sileroHelper.open(sampleRate, confidence ?? undefined);
  const detector = await createVoiceActivityDetector(sampleRate, options);
  return { hear: (frame, decided) => decided(detector.isSpeech(frame)), close: () => detector.close() };
}
