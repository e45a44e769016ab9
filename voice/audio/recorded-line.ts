/**
 * A recorded line's audio, converted once when its record is created: WAV, MP3 or OGG (told apart by their first
 * bytes, never by the name or the declared type) decoded by ffmpeg (Debian's package) with the container forced, to
 * G.711 μ-law at 8 kHz and 16-bit PCM at 16 kHz, mono. Anything else, or audio ffmpeg cannot decode, is refused with
 * a RecordedLineError; decoding stops at `maxSeconds` plus a little, so a long or endless stream costs no more.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type RecordedAudioFormat = 'wav' | 'mp3' | 'ogg';

export type RecordedLineErrorCode = 'unsupported_audio_format' | 'invalid_audio' | 'audio_too_long';

export class RecordedLineError extends Error {
  constructor(
    readonly code: RecordedLineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RecordedLineError';
  }
}

/** ffmpeg is not installed (or would not run): the server's fault, not the upload's. */
export class AudioConverterUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AudioConverterUnavailableError';
  }
}

export interface ConvertedLine {
  mulaw8000: Buffer;
  pcm16k: Buffer;
  durationMs: number;
}

const CONVERSION_TIMEOUT_MS = 60_000;

/** The container by its first bytes: RIFF/WAVE, an Ogg page, or MP3 (an ID3 tag or an MPEG layer III frame). */
export function sniffAudioFormat(bytes: Uint8Array): RecordedAudioFormat | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (bytes.length >= 4 && ascii(0, 4) === 'OggS') return 'ogg';
  if (bytes.length >= 3 && ascii(0, 3) === 'ID3') return 'mp3';
  // Frame sync (11 bits), any MPEG version but the reserved one, layer III.
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) === 0x02) {
    if ((bytes[1]! & 0x18) !== 0x08) return 'mp3';
  }
  return null;
}

/** Decodes and converts the upload; rejects with RecordedLineError for anything but a decodable WAV, MP3 or OGG. */
export async function convertRecordedLine(
  bytes: Buffer,
  options: { maxSeconds: number },
): Promise<ConvertedLine> {
  if (bytes.length === 0) throw new RecordedLineError('invalid_audio', 'The uploaded file is empty.');
  const format = sniffAudioFormat(bytes);
  if (!format)
    throw new RecordedLineError('unsupported_audio_format', 'The upload is not WAV, MP3 or OGG audio.');
  const dir = await mkdtemp(join(tmpdir(), 'recorded-line-'));
  try {
    const out16 = join(dir, 'pcm16-16000.raw');
    const out8 = join(dir, 'mulaw-8000.ulaw');
    const limit = String(options.maxSeconds + 0.5);
    const output = ['-map', '0:a:0', '-ac', '1', '-t', limit];
    await runFfmpeg(
      ['-nostdin', '-hide_banner', '-v', 'error', '-f', format, '-i', 'pipe:0'].concat(
        output,
        ['-ar', '16000', '-f', 's16le', '-y', out16],
        output,
        ['-ar', '8000', '-f', 'mulaw', '-y', out8],
      ),
      bytes,
    );
    const [pcm16k, mulaw8000] = await Promise.all([readFile(out16), readFile(out8)]);
    const durationMs = Math.round(pcm16k.length / 32);
    if (durationMs === 0) throw new RecordedLineError('invalid_audio', 'The upload holds no audio.');
    if (durationMs > options.maxSeconds * 1000)
      throw new RecordedLineError(
        'audio_too_long',
        `The recording is longer than the limit of ${options.maxSeconds} seconds.`,
      );
    return { mulaw8000, pcm16k, durationMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runFfmpeg(args: string[], input: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), CONVERSION_TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    // ffmpeg may stop reading early (a bad header, or the time limit reached): a closed pipe is no error here.
    child.stdin.on('error', () => {});
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new AudioConverterUnavailableError(`ffmpeg could not be started: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve();
      const why = signal ? `stopped (${signal})` : stderr.trim().split('\n')[0] || `exit ${code}`;
      reject(new RecordedLineError('invalid_audio', `The audio could not be decoded: ${why}`));
    });
    child.stdin.end(input);
  });
}
