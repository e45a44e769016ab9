/**
 * What the local text-to-speech tests share: collecting a synthesiser's audio, the engine's own output run by hand
 * (what the synthesiser must yield, resampled), an engine that never finishes, and the processes below this one
 * (the synthesis helpers and the engines they run), read from `ps`.
 */
import { execFile, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SampleRate } from '../../voice/media-transport';
import type { SpeechSynthesizer } from '../../voice/speech';

const run = promisify(execFile);

export const SENTENCE = 'Your appointment is on Tuesday at ten in the morning.';
/** Some twenty minutes of speech: an engine is still running it long after the test has looked. */
export const LONG_TEXT = Array.from(
  { length: 400 },
  (_, i) => `This is sentence number ${i + 1} of a long answer.`,
).join(' ');

export async function collect(
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

export const joined = (chunks: Int16Array[]) => Int16Array.from(chunks.flatMap((chunk) => Array.from(chunk)));

/** The engine run by hand, its WAV file read whole: what the synthesiser must yield, resampled. */
export async function engineOutput(
  engine: 'flite' | 'espeak-ng',
  voice: string,
  text: string,
): Promise<Buffer> {
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

/**
 * An engine that starts speaking and never finishes (64 KiB on its stdout, then `sleep`): whether a run is killed
 * is seen on it, where a real engine would end by itself. Written into `folder`; its process shows as `sleep`.
 */
export async function writeStalledEngine(folder: string): Promise<string> {
  const file = path.join(folder, 'stalled-engine');
  await fs.writeFile(file, '#!/bin/sh\nhead -c 65536 /dev/zero\nexec sleep 300\n', { mode: 0o755 });
  return file;
}

export interface ProcessRow {
  pid: number;
  ppid: number;
  command: string;
}

/**
 * Every process below `root` (default: this one), children and theirs; a killed one not yet reaped is left out, and
 * so is the `ps` that reads them.
 */
export async function descendants(root = process.pid): Promise<ProcessRow[]> {
  const reading = spawn('ps', ['-e', '-o', 'pid=,ppid=,stat=,comm='], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  reading.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  await new Promise((resolve) => reading.once('close', resolve));
  const rows = stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, , state]) => state !== undefined && !state.startsWith('Z') && Number(pid) !== reading.pid)
    .map(([pid, ppid, , command]) => ({ pid: Number(pid), ppid: Number(ppid), command: command ?? '' }));
  const found: ProcessRow[] = [];
  const parents = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (parents.has(row.ppid) && !parents.has(row.pid)) {
        parents.add(row.pid);
        found.push(row);
        grew = true;
      }
    }
  }
  return found;
}

/** The processes below this one running `command` (an engine: `flite`, `espeak-ng`). */
export async function running(command: string): Promise<ProcessRow[]> {
  return (await descendants()).filter((row) => row.command === command);
}

/** Whether a process exists (a zombie not yet reaped counts as gone). */
export async function alive(pid: number): Promise<boolean> {
  const { stdout } = await run('ps', ['-o', 'stat=', '-p', String(pid)]).catch(() => ({ stdout: '' }));
  return stdout.trim() !== '' && !stdout.trim().startsWith('Z');
}

/** Asks again until `check` gives something other than undefined or false (a test that never gets it times out). */
export async function until<T>(check: () => Promise<T | undefined | false>): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
