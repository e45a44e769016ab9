/**
 * The voice benchmark callers' lines (script.ts) as 20 ms PCM frames at the transport's sample rate: flite's slt
 * voice, resampled, with the frames the WebRTC VAD hears as speech marked, so the callers time turns and barge-ins
 * from speech as the agent's own VAD would hear it.
 */
import { frameSamples } from '../../voice/audio/frames';
import type { SampleRate } from '../../voice/media-transport';
import { createVoiceActivityDetector } from '../../voice/vad/detector';
import { fliteSpeech } from '../../test/voice/fakes/flite-caller';
import { CALLER_LINES } from './script';

/** One 20 ms frame of a caller's line; `onset` and `lastVoiced` mark its first and last frames with speech in them. */
export interface SpeechFrame {
  pcm: Int16Array;
  onset: boolean;
  lastVoiced: boolean;
}

export async function renderCallerLines(sampleRate: SampleRate): Promise<SpeechFrame[][]> {
  const vad = await createVoiceActivityDetector(sampleRate, { engine: 'webrtc' });
  const samples = frameSamples(sampleRate);
  try {
    return await Promise.all(
      CALLER_LINES.map(async (text) => {
        const speech = await fliteSpeech(text, sampleRate);
        const frames: SpeechFrame[] = [];
        const voiced: number[] = [];
        for (let at = 0; at < speech.length; at += samples) {
          const pcm = new Int16Array(samples);
          pcm.set(speech.subarray(at, at + samples));
          if (vad.isSpeech(pcm)) voiced.push(frames.length);
          frames.push({ pcm, onset: false, lastVoiced: false });
        }
        frames[voiced[0]!]!.onset = true;
        frames[voiced.at(-1)!]!.lastVoiced = true;
        return frames;
      }),
    );
  } finally {
    vad.close();
  }
}
