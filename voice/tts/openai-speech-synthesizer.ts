/**
 * Text-to-speech through any OpenAI-compatible speech endpoint: `POST {base}/audio/speech` with
 * `{ model, input, voice, response_format: "pcm" }`, whose answer is raw PCM16 little-endian mono at 24 kHz,
 * resampled here to the call's rate. The base URL is user-set: the request goes through the guarded request of net/,
 * which hands back the whole answer (it does not stream), so a sentence's audio is yielded once it has all arrived.
 * The signal aborts the request. An HTTP error, a refused destination or a dropped connection reject with
 * SpeechVendorError('tts').
 */
import { guardedRequest } from '../../net/guarded-request';
import { destinationUrlProblem, type DestinationPolicy } from '../../net/outbound-destinations';
import { Resampler } from '../audio/resample';
import { bytesToSamples } from '../audio/wav';
import { SpeechVendorError, type SpeechSynthesizer } from '../speech';

/** OpenAI's `pcm` format: 24 kHz, 16-bit signed little-endian, mono. */
export const OPENAI_PCM_RATE = 24000;
export const DEFAULT_OPENAI_SPEECH_MODEL = 'gpt-4o-mini-tts';
export const DEFAULT_OPENAI_VOICE = 'alloy';
const REQUEST_TIMEOUT_MS = 30_000;
/** About 5 minutes of 24 kHz audio: more than any one sentence. */
const MAX_AUDIO_BYTES = 16 * 1024 * 1024;
const CHUNK_SAMPLES = 4096;

export function createOpenAiSpeechSynthesizer(options: {
  apiKey: string;
  baseUrl: string;
  model?: string;
  /** The voice when the agent names none. */
  defaultVoice?: string;
  destinations: DestinationPolicy;
}): SpeechSynthesizer {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    name: 'openai',
    async *synthesize(text, { sampleRate, voice, signal }) {
      const problem = destinationUrlProblem(base, ['https', 'http'], { base: true });
      if (problem) throw new SpeechVendorError('tts', `speech base URL '${base}': ${problem}`);
      if (signal.aborted || text.trim() === '') return;
      let response: Response;
      try {
        response = await guardedRequest(
          `${base}/audio/speech`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              model: options.model ?? DEFAULT_OPENAI_SPEECH_MODEL,
              input: text,
              voice: voice ?? options.defaultVoice ?? DEFAULT_OPENAI_VOICE,
              response_format: 'pcm',
            }),
            signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
            maxResponseBytes: MAX_AUDIO_BYTES,
          },
          options.destinations,
        );
      } catch (error) {
        if (signal.aborted) return;
        throw new SpeechVendorError('tts', `speech request failed: ${(error as Error).message}`);
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok)
        throw new SpeechVendorError('tts', `speech failed (HTTP ${response.status}): ${errorOf(body)}`);
      const resampler = new Resampler(OPENAI_PCM_RATE, sampleRate);
      const pcm = bytesToSamples(body);
      const audio = [resampler.push(pcm), resampler.flush()];
      for (const part of audio)
        for (let at = 0; at < part.length; at += CHUNK_SAMPLES) {
          if (signal.aborted) return;
          yield part.subarray(at, at + CHUNK_SAMPLES);
        }
    },
  };
}

function errorOf(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // not JSON
  }
  return 'no error message';
}
