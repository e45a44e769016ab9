/**
 * Runs a local text-to-speech binary once, without a shell, the text as one argument, and yields the WAV file it
 * writes as the bytes become readable. A synthesis helper (local-synthesis-helper.ts) runs it, not the media process.
 * espeak-ng writes to its stdout as it speaks. flite opens its output by name, and `/dev/stdout` cannot be opened
 * when stdout is a socket (what Node's stdio pipes are), so flite writes to a file in a private temporary folder
 * that is read once it exits (it synthesises a sentence in ~12 ms per second of audio, so little is lost) and
 * removed. An aborted signal kills the process and ends the output without an error.
 */
import { spawn } from 'node:child_process';
import { createReadStream, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SpeechVendorError } from '../speech';
import type { LocalEngine } from './local-voices';

const STDERR_KEPT = 2000;

export async function* runLocalEngine(input: {
  engine: LocalEngine;
  binary: string;
  voice: string;
  text: string;
  signal: AbortSignal;
}): AsyncGenerator<Buffer> {
  const { engine, binary, voice, text, signal } = input;
  const folder = engine === 'flite' ? await fs.mkdtemp(path.join(os.tmpdir(), 'vac-flite-')) : null;
  const outputFile = folder ? path.join(folder, 'speech.wav') : null;
  // flite takes the text after -t; espeak-ng after `--`, so a text starting with '-' is not read as an option.
  const args = outputFile
    ? ['-voice', voice, '-o', outputFile, '-t', text]
    : ['--stdout', '-v', voice, '--', text];
  const child = spawn(binary, args, { stdio: ['ignore', outputFile ? 'ignore' : 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
  });
  const exited = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('close', (code) => resolve({ code }));
  });
  const kill = () => child.kill('SIGKILL');
  signal.addEventListener('abort', kill, { once: true });
  try {
    if (child.stdout) yield* child.stdout as AsyncIterable<Buffer>;
    const { code, error } = await exited;
    if (signal.aborted) return;
    if (error) throw new SpeechVendorError('tts', `${engine} (${binary}) cannot be run: ${error.message}`);
    if (code !== 0)
      throw new SpeechVendorError('tts', `${engine} exited with ${code}: ${stderr.trim() || 'no message'}`);
    if (outputFile)
      yield* createReadStream(outputFile, { highWaterMark: 16 * 1024 }) as AsyncIterable<Buffer>;
  } finally {
    signal.removeEventListener('abort', kill);
    // The consumer may stop early (break): the process must not outlive the sentence.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (folder) await fs.rm(folder, { recursive: true, force: true });
  }
}
