/**
 * False-trigger benchmark (not a test): how often each voice activity detector (voice/vad/) takes a sound that is
 * not speech for speech, side by side, at 8 and 16 kHz. The sounds (sounds.ts: noise, cough-like bursts, music-like
 * chords, mains hum) are generated from fixed seeds. For each detector and sound:
 * - speech frames: the share of 20 ms frames it calls speech;
 * - barge-ins: whether the sound holds `vad_configuration.start_seconds` (0.3 s by default) of speech in a row,
 *   which under the default `turn_start_strategy` interrupts the agent.
 * flite speech is the control (the share of its loud frames each detector hears), so a detector cannot score well by
 * hearing nothing; and the CPU each detector spends per 20 ms frame.
 * Usage: npx tsx bench/vad-false-triggers/main.ts
 * Exits non-zero when a detector gives no verdict for a frame, or hears under half of the control speech.
 */
import { performance } from 'node:perf_hooks';
import { FrameSplitter, frameSamples, rms } from '../../voice/audio/frames';
import type { SampleRate } from '../../voice/media-transport';
import { createVoiceActivityDetector, VAD_ENGINES, type VadEngine } from '../../voice/vad/detector';
import { fliteSpeech } from '../../test/voice/fakes/flite-caller';
import { nonSpeechSounds, type NonSpeechSound } from './sounds';

const BARGE_IN_FRAMES = 15; // 0.3 s, the default start_seconds
const CONTROL = [
  'Hello, this is a call about your appointment tomorrow morning.',
  'Yes.',
  'My number is five five five, one two three four.',
  'Mm-hmm.',
  'Could you say that again, please?',
];

interface Verdicts {
  flags: boolean[];
  cpuMs: number;
}

async function detect(engine: VadEngine, rate: SampleRate, samples: Int16Array): Promise<Verdicts> {
  const vad = await createVoiceActivityDetector(rate, { engine });
  const frames = new FrameSplitter(frameSamples(rate)).push(samples);
  const started = performance.now();
  const flags = frames.map((frame) => vad.isSpeech(frame));
  const cpuMs = performance.now() - started;
  vad.close();
  if (flags.length !== frames.length || flags.some((flag) => typeof flag !== 'boolean'))
    throw new Error(`${engine} at ${rate} Hz gave no verdict for some frames`);
  return { flags, cpuMs };
}

function longestRun(flags: boolean[]): number {
  let longest = 0;
  let run = 0;
  for (const flag of flags) longest = Math.max(longest, (run = flag ? run + 1 : 0));
  return longest;
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

async function main() {
  let failed = false;
  for (const rate of [8000, 16000] as const) {
    const sounds = nonSpeechSounds(rate);
    const kinds = [...new Set(sounds.map((sound) => sound.kind))];
    console.log(`\n## ${rate} Hz: ${sounds.length} non-speech sounds of 3 s\n`);
    console.log('| detector | sound | sounds | speech frames | barge-ins (≥ 0.3 s in a row) |');
    console.log('| --- | --- | --- | --- | --- |');
    const control: Record<string, string> = {};
    const cpu: Record<string, string> = {};
    for (const engine of VAD_ENGINES) {
      const results: Array<{ sound: NonSpeechSound; verdicts: Verdicts }> = [];
      for (const sound of sounds)
        results.push({ sound, verdicts: await detect(engine, rate, sound.samples) });
      for (const kind of [...kinds, 'all'] as const) {
        const chosen = results.filter((result) => kind === 'all' || result.sound.kind === kind);
        const frames = chosen.flatMap((result) => result.verdicts.flags);
        const bargeIns = chosen.filter(
          (result) => longestRun(result.verdicts.flags) >= BARGE_IN_FRAMES,
        ).length;
        console.log(
          `| ${engine} | ${kind} | ${chosen.length} | ${percent(frames.filter(Boolean).length / frames.length)} | ` +
            `${bargeIns} of ${chosen.length} |`,
        );
      }
      let loud = 0;
      let heard = 0;
      for (const text of CONTROL) {
        const speech = await fliteSpeech(text, rate);
        const { flags } = await detect(engine, rate, speech);
        new FrameSplitter(frameSamples(rate)).push(speech).forEach((frame, i) => {
          if (rms(frame) < 300) return;
          loud++;
          if (flags[i]) heard++;
        });
      }
      control[engine] = percent(heard / loud);
      if (heard / loud < 0.5) failed = true;
      const frames = results.reduce((sum, result) => sum + result.verdicts.flags.length, 0);
      const cpuMs = results.reduce((sum, result) => sum + result.verdicts.cpuMs, 0);
      cpu[engine] = `${((cpuMs / frames) * 1000).toFixed(1)} µs`;
    }
    console.log('\n| detector | control: loud frames of flite speech heard | CPU per 20 ms frame |');
    console.log('| --- | --- | --- |');
    for (const engine of VAD_ENGINES) console.log(`| ${engine} | ${control[engine]} | ${cpu[engine]} |`);
  }
  if (failed) {
    console.error('a detector heard under half of the control speech');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
