/**
 * Speech-to-text through any OpenAI-compatible transcription endpoint (`POST {base}/audio/transcriptions`,
 * multipart: `file` (WAV), `model`, `language`, `response_format=json` → `{ text }`). The API is batch only, so
 * the session keeps the caller's frames since the last end of turn and sends them as one WAV when the turn ends.
 * The frames of a turn include the time the agent spoke; the quiet frames at both ends (RMS under ~-44 dBFS) are
 * trimmed before sending, which keeps the bill (per audio second) to the caller's speech, and a turn with no
 * speech sends nothing. The base URL is user-set: every request goes through the guarded request of net/.
 */
import { guardedRequest } from '../../net/guarded-request';
import { destinationUrlProblem, type DestinationPolicy } from '../../net/outbound-destinations';
import { rms } from '../audio/frames';
import { encodeWav } from '../audio/wav';
import type { SampleRate } from '../media-transport';
import { SpeechVendorError, type RecognitionSession, type SpeechRecognizer } from '../speech';
import { PADDING_FRAMES, QUIET_RMS } from './speech-gate';

/** At most this much of a turn is kept (the latest), well under the API's 25 MB file limit. */
const MAX_TURN_SECONDS = 300;
const REQUEST_TIMEOUT_MS = 30_000;

interface TranscriberOptions {
  apiKey: string;
  baseUrl: string;
  model?: string /* whisper-1 */;
  destinations: DestinationPolicy;
}

export function createOpenAiTranscriber(options: TranscriberOptions): SpeechRecognizer {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    name: 'openai',
    open({ sampleRate, language, signal }) {
      const problem = destinationUrlProblem(base, ['https', 'http'], { base: true });
      if (problem)
        return Promise.reject(new SpeechVendorError('stt', `transcription base URL '${base}': ${problem}`));
      return Promise.resolve(
        new TranscriptionSession({ ...options, baseUrl: base }, sampleRate, language, signal),
      );
    },
  };
}

class TranscriptionSession implements RecognitionSession {
  private frames: Int16Array[] = [];
  private samples = 0;
  private billedSamples = 0;
  private readonly closed = new AbortController();
  private readonly signal: AbortSignal;

  constructor(
    private readonly options: TranscriberOptions,
    private readonly sampleRate: SampleRate,
    private readonly language: string,
    signal: AbortSignal,
  ) {
    this.signal = AbortSignal.any([signal, this.closed.signal]);
  }

  get billedSeconds(): number {
    return this.billedSamples / this.sampleRate;
  }

  write(frame: Int16Array): void {
    if (this.signal.aborted) return;
    this.frames.push(frame.slice());
    this.samples += frame.length;
    while (this.samples > MAX_TURN_SECONDS * this.sampleRate) this.samples -= this.frames.shift()!.length;
  }

  async endOfTurn(): Promise<string> {
    const speech = trimQuiet(this.frames);
    this.frames = [];
    this.samples = 0;
    if (speech.length === 0 || this.signal.aborted) return '';
    const utterance = new Int16Array(speech.reduce((total, frame) => total + frame.length, 0));
    speech.reduce((offset, frame) => (utterance.set(frame, offset), offset + frame.length), 0);
    this.billedSamples += utterance.length;
    return this.transcribe(encodeWav(utterance, this.sampleRate));
  }

  close(): Promise<void> {
    this.closed.abort();
    this.frames = [];
    return Promise.resolve();
  }

  private async transcribe(wav: Buffer): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([wav], { type: 'audio/wav' }), 'utterance.wav');
    form.append('model', this.options.model ?? 'whisper-1');
    form.append('language', this.language.split('-')[0]!.toLowerCase());
    form.append('response_format', 'json');
    // The platform writes the multipart body and its boundary; the guarded request sends it.
    const multipart = new Response(form);
    let response: Response;
    try {
      response = await guardedRequest(
        `${this.options.baseUrl}/audio/transcriptions`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${this.options.apiKey}`,
            'content-type': multipart.headers.get('content-type')!,
          },
          body: new Uint8Array(await multipart.arrayBuffer()),
          signal: AbortSignal.any([this.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        },
        this.options.destinations,
      );
    } catch (error) {
      if (this.closed.signal.aborted) return '';
      throw new SpeechVendorError('stt', `transcription request failed: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => null)) as {
      text?: unknown;
      error?: { message?: string };
    } | null;
    if (!response.ok)
      throw new SpeechVendorError(
        'stt',
        `transcription failed (HTTP ${response.status}): ${answer?.error?.message ?? 'no error message'}`,
      );
    if (typeof answer?.text !== 'string')
      throw new SpeechVendorError('stt', 'transcription answer carries no text');
    return answer.text.trim();
  }
}

/** The frames from the first loud one to the last, with quiet padding kept on each side; none when all are quiet. */
function trimQuiet(frames: Int16Array[]): Int16Array[] {
  const first = frames.findIndex((frame) => rms(frame) >= QUIET_RMS);
  if (first === -1) return [];
  const last = frames.findLastIndex((frame) => rms(frame) >= QUIET_RMS);
  return frames.slice(Math.max(0, first - PADDING_FRAMES), last + 1 + PADDING_FRAMES);
}
