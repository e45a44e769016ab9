/**
 * A caller for the recogniser tests: speech rendered by flite's `slt` voice (16 kHz, the way the tests and
 * the simulator's callee speak), fed to a recognition session as a media transport would, in 20 ms frames.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FrameSplitter, frameSamples, silenceFrame } from '../../../voice/audio/frames';
import { resample } from '../../../voice/audio/resample';
import { parseWav } from '../../../voice/audio/wav';
import type { SampleRate } from '../../../voice/media-transport';
import type { RecognitionSession } from '../../../voice/speech';

const run = promisify(execFile);
const rendered = new Map<string, Int16Array>();

/** `text` spoken by flite's slt voice at `sampleRate` (rendered at 16 kHz once per text, resampled for 8 kHz). */
export async function fliteSpeech(text: string, sampleRate: SampleRate = 16000): Promise<Int16Array> {
  let speech = rendered.get(text);
  if (!speech) {
    const dir = await mkdtemp(join(tmpdir(), 'flite-caller-'));
    try {
      const file = join(dir, 'speech.wav');
      await run('flite', ['-voice', 'slt', '-t', text, '-o', file]);
      const wav = parseWav(await readFile(file));
      if (wav.sampleRate !== 16000) throw new Error(`flite slt spoke at ${wav.sampleRate} Hz`);
      speech = wav.samples;
      rendered.set(text, speech);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return sampleRate === 16000 ? speech : resample(speech, 16000, sampleRate);
}

/** Writes `pcm` then `silenceSeconds` of silence to the session in 20 ms frames; returns the frames written. */
export function say(
  session: RecognitionSession,
  pcm: Int16Array,
  sampleRate: SampleRate,
  silenceSeconds = 1,
): number {
  const splitter = new FrameSplitter(frameSamples(sampleRate));
  const frames = [...splitter.push(pcm), ...[splitter.flush()].filter((frame) => frame !== null)];
  for (let i = 0; i < Math.round((silenceSeconds * 1000) / 20); i++) frames.push(silenceFrame(sampleRate));
  for (const frame of frames) session.write(frame);
  return frames.length;
}
