/**
 * A recorded line as the agent's voice: a synthesiser that plays the recording, whatever the text (the text is its
 * transcript, which the conversation records). Chunks of 100 ms, so that a barge-in stops it as it stops speech.
 */
import type { RecordedLine } from './live-call';
import type { SpeechSynthesizer } from './speech';

const CHUNK_MS = 100;

export function recordedLineVoice(line: RecordedLine): SpeechSynthesizer {
  return {
    name: `recording:${line.recordingId}`,
    recorded: true,
    async *synthesize(_text, { sampleRate, signal }) {
      const step = (sampleRate * CHUNK_MS) / 1000;
      for (let at = 0; at < line.pcm.length && !signal.aborted; at += step)
        yield line.pcm.subarray(at, Math.min(at + step, line.pcm.length));
    },
  };
}
