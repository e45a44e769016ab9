/**
 * Caller audio in the OpenAI Realtime API's input formats: `g711_ulaw` (8 kHz μ-law) for telephone calls, which
 * already arrived as μ-law, so nothing is resampled and a sixth of the bytes go out; `pcm16` (24 kHz, 16-bit
 * little-endian mono, the only PCM rate the API takes) for 16 kHz calls, resampled with state kept across frames.
 * Each chunk is base64, ready for an `input_audio_buffer.append`.
 */
import { pcmToMulaw } from '../audio/mulaw';
import { Resampler } from '../audio/resample';
import { samplesToBytes } from '../audio/wav';
import type { SampleRate } from '../media-transport';

export type RealtimeInputFormat = 'g711_ulaw' | 'pcm16';

/** The API's pcm16 rate. */
export const REALTIME_PCM_RATE = 24000;

export class RealtimeInputAudio {
  readonly format: RealtimeInputFormat;
  private readonly resampler: Resampler | null;

  constructor(sampleRate: SampleRate) {
    this.format = sampleRate === 8000 ? 'g711_ulaw' : 'pcm16';
    this.resampler = this.format === 'pcm16' ? new Resampler(sampleRate, REALTIME_PCM_RATE) : null;
  }

  /** One frame as base64 in the session's format (empty while the resampler is still filling). */
  encode(frame: Int16Array): string {
    if (!this.resampler) return Buffer.from(pcmToMulaw(frame)).toString('base64');
    return base64Pcm(this.resampler.push(frame));
  }

  /** The resampler's tail at the end of a turn (empty for μ-law); the next turn starts afresh. */
  flush(): string {
    return this.resampler ? base64Pcm(this.resampler.flush()) : '';
  }
}

const base64Pcm = (pcm: Int16Array) => (pcm.length === 0 ? '' : samplesToBytes(pcm).toString('base64'));
