/** Test audio made on the spot: flite speaks a line as WAV; ffmpeg re-encodes it as MP3 or OGG. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../helpers/context';

/** `text` spoken by flite's slt voice (16 kHz WAV), re-encoded as `format`. */
export function spokenLine(text: string, format: 'wav' | 'mp3' | 'ogg'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'line-'));
  try {
    const wav = join(dir, 'line.wav');
    execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', wav]);
    if (format === 'wav') return readFileSync(wav);
    const out = join(dir, `line.${format}`);
    const codec = format === 'mp3' ? ['-c:a', 'libmp3lame'] : ['-c:a', 'libvorbis'];
    execFileSync('ffmpeg', ['-v', 'error', '-i', wav, ...codec, '-y', out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A tone of `seconds` at `hz` as a 16-bit mono WAV at `rate`, written by hand (a vector computed apart from ffmpeg). */
export function toneWav(seconds: number, hz: number, rate = 16000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const MIME = { wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg' } as const;

/** Dograh's two steps: an upload URL, the PUT, then the record; answers the create response. */
export async function uploadRecording(
  t: TestApp,
  org: { headers: Record<string, string> },
  audio: Buffer,
  options: { format: 'wav' | 'mp3' | 'ogg'; transcript: string; extra?: Record<string, unknown> },
) {
  const urls = await t.app.inject({
    method: 'POST',
    url: '/api/v1/workflow-recordings/upload-url',
    headers: org.headers,
    payload: {
      files: [
        { filename: `line.${options.format}`, mime_type: MIME[options.format], file_size: audio.length },
      ],
    },
  });
  if (urls.statusCode !== 200) throw new Error(`upload-url: ${urls.statusCode} ${urls.body}`);
  const item = urls.json().items[0];
  const put = await fetch(item.upload_url, {
    method: 'PUT',
    headers: { 'content-type': MIME[options.format] },
    body: audio,
  });
  if (put.status !== 200) throw new Error(`PUT: ${put.status}`);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/workflow-recordings/',
    headers: org.headers,
    payload: {
      recordings: [
        {
          recording_id: item.recording_id,
          storage_key: item.storage_key,
          transcript: options.transcript,
          ...options.extra,
        },
      ],
    },
  });
  return { item, created };
}
