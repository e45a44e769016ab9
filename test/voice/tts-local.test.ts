import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { rms } from '../../voice/audio/frames';
import { resample } from '../../voice/audio/resample';
import { parseWav } from '../../voice/audio/wav';
import type { SampleRate } from '../../voice/media-transport';
import { SpeechVendorError, type SpeechSynthesizer } from '../../voice/speech';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';

const run = promisify(execFile);
const SENTENCE = 'Your appointment is on Tuesday at ten in the morning.';

async function collect(
  synthesizer: SpeechSynthesizer,
  text: string,
  options: { sampleRate: SampleRate; voice?: string | null; signal?: AbortSignal },
): Promise<Int16Array[]> {
  const chunks: Int16Array[] = [];
  const signal = options.signal ?? new AbortController().signal;
  for await (const chunk of synthesizer.synthesize(text, { voice: null, ...options, signal }))
    chunks.push(chunk);
  return chunks;
}

const joined = (chunks: Int16Array[]) => Int16Array.from(chunks.flatMap((chunk) => Array.from(chunk)));

/** The engine run by hand, its WAV file read whole: what the synthesiser must yield, resampled. */
async function engineOutput(engine: 'flite' | 'espeak-ng', voice: string, text: string): Promise<Buffer> {
  if (engine === 'espeak-ng')
    return (await run('espeak-ng', ['--stdout', '-v', voice, text], { encoding: 'buffer' })).stdout;
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'tts-test-'));
  try {
    await run('flite', ['-voice', voice, '-o', path.join(folder, 'out.wav'), '-t', text]);
    return await fs.readFile(path.join(folder, 'out.wav'));
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** Child processes of this test process running `name` (a killed one not yet reaped is a zombie: left out). */
async function running(name: string): Promise<string[]> {
  const { stdout } = await run('ps', ['-o', 'stat=,comm=', '--ppid', String(process.pid)]);
  return stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([state, command]) => command === name && !state!.startsWith('Z'))
    .map(([, command]) => command!);
}

describe.each([
  ['flite', 'slt', 16000],
  ['espeak-ng', 'en-us', 22050],
] as const)('local text-to-speech with %s', (engine, voice, nativeRate) => {
  const synthesizer = createLocalSynthesizer({ engine });

  it.each([8000, 16000] as const)(
    'speaks at %i Hz exactly what the engine renders, resampled',
    async (rate) => {
      const chunks = await collect(synthesizer, SENTENCE, { sampleRate: rate });
      const native = parseWav(await engineOutput(engine, voice, SENTENCE));
      expect(native.sampleRate).toBe(nativeRate);
      const audio = joined(chunks);
      expect(audio).toHaveLength(Math.ceil((native.samples.length * rate) / nativeRate));
      expect(Array.from(audio)).toEqual(Array.from(resample(native.samples, nativeRate, rate)));
      expect(audio.length / rate).toBeGreaterThan(1.5);
      expect(rms(audio)).toBeGreaterThan(500);
    },
  );

  it('stops and kills the engine when the signal aborts', async () => {
    const controller = new AbortController();
    const long = Array.from({ length: 400 }, (_, i) => `This is sentence number ${i + 1} of a long answer.`);
    const pending = collect(synthesizer, long.join(' '), { sampleRate: 8000, signal: controller.signal });
    while ((await running(engine)).length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect(await running(engine)).toEqual([]);
    const chunks = await pending;
    // The whole text is some twenty minutes of audio; what came before the abort is a small part of it.
    expect(joined(chunks).length / 8000).toBeLessThan(600);
    expect(await running(engine)).toEqual([]);
  });

  it('refuses a voice the engine does not have, without running it', async () => {
    const error = await collect(synthesizer, SENTENCE, { sampleRate: 8000, voice: 'no-such-voice' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect(error).toMatchObject({ kind: 'tts', message: `${engine} has no voice 'no-such-voice'` });
  });

  it('fails with a tts error when the binary is missing', async () => {
    const missing = createLocalSynthesizer({ engine, binary: `/nonexistent/${engine}` });
    const error = await collect(missing, SENTENCE, { sampleRate: 8000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect(error).toMatchObject({ kind: 'tts', message: expect.stringContaining('ENOENT') });
  });
});

describe('local text-to-speech voices', () => {
  it('accepts flite voices and espeak-ng voices with variants, and text starting with a dash', async () => {
    const flite = createLocalSynthesizer({ engine: 'flite' });
    for (const voice of ['kal', 'awb', 'rms'])
      expect(joined(await collect(flite, 'Hello.', { sampleRate: 8000, voice })).length).toBeGreaterThan(0);
    const espeak = createLocalSynthesizer({ engine: 'espeak-ng', defaultVoice: 'en-us+f3' });
    expect(joined(await collect(espeak, '-5 degrees outside.', { sampleRate: 8000 })).length).toBeGreaterThan(
      8000 / 2,
    );
    const unknownVariant = collect(espeak, 'Hello.', { sampleRate: 8000, voice: 'en-us+nosuch' });
    await expect(unknownVariant).rejects.toThrow(SpeechVendorError);
  });
});
