/**
 * A local OpenAI-compatible transcription server (`POST /v1/audio/transcriptions`), checking requests as OpenAI
 * documents them: `Authorization: Bearer <key>`, a multipart/form-data body with a `file` part (here: a mono
 * 16-bit PCM WAV, read with its own parser below, not the code under test) and a `model` field; `language` and
 * `response_format` optional. It answers `{ text }` from the test's handler, or the error the test asks for.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TranscriptionRequest {
  authorization: string | undefined;
  fields: Record<string, string>;
  fileName: string;
  fileType: string;
  wav: { sampleRate: number; samples: Int16Array };
}

export type TranscriptionReply = { text: string } | { status: number; message: string };

export interface TranscriptionFake {
  /** Base URL as OpenAI's (`http://127.0.0.1:port/v1`). */
  baseUrl: string;
  apiKey: string;
  requests: TranscriptionRequest[];
  handle(handler: (request: TranscriptionRequest) => TranscriptionReply): void;
  close(): Promise<void>;
}

interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

/** Splits a multipart/form-data body into its parts (RFC 7578). */
function multipartParts(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) throw new Error('multipart body without its closing delimiter');
    const part = body.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const split = part.indexOf('\r\n\r\n');
    const headers: Record<string, string> = {};
    for (const line of part.subarray(0, split).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}

/** A canonical WAV: RIFF/WAVE, `fmt ` PCM mono 16-bit, then `data` whose size is the rest of the file. */
function readWav(file: Buffer): { sampleRate: number; samples: Int16Array } {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('the file is not a WAV file');
  if (file.readUInt16LE(20) !== 1 || file.readUInt16LE(22) !== 1 || file.readUInt16LE(34) !== 16)
    throw new Error('the WAV file is not 16-bit mono PCM');
  if (file.toString('ascii', 36, 40) !== 'data' || file.readUInt32LE(40) !== file.length - 44)
    throw new Error('the WAV data size does not match the file');
  const samples = new Int16Array(file.readUInt32LE(40) / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = file.readInt16LE(44 + i * 2);
  return { sampleRate: file.readUInt32LE(24), samples };
}

function parseRequest(request: IncomingMessage, body: Buffer): TranscriptionRequest {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers['content-type'] ?? '');
  if (!request.headers['content-type']?.startsWith('multipart/form-data') || !boundary)
    throw new Error('the body must be multipart/form-data');
  const fields: Record<string, string> = {};
  let file: Part | null = null;
  let fileName = '';
  for (const part of multipartParts(body, boundary[1] ?? boundary[2]!)) {
    const disposition = part.headers['content-disposition'] ?? '';
    const name = /name="([^"]*)"/.exec(disposition)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(disposition)?.[1];
    if (filename !== undefined && name === 'file') {
      file = part;
      fileName = filename;
    } else fields[name] = part.body.toString('utf8');
  }
  if (!file) throw new Error("'file' is a required property");
  if (!fields.model) throw new Error("'model' is a required property");
  if (!/\.(flac|mp3|mp4|mpeg|mpga|m4a|ogg|wav|webm)$/.test(fileName))
    throw new Error(`Unrecognized file format: ${fileName}`);
  return {
    authorization: request.headers.authorization,
    fields,
    fileName,
    fileType: file.headers['content-type'] ?? '',
    wav: readWav(file.body),
  };
}

export async function startTranscriptionFake(apiKey = 'sk-transcribe'): Promise<TranscriptionFake> {
  const requests: TranscriptionRequest[] = [];
  let handler: (request: TranscriptionRequest) => TranscriptionReply = () => ({ text: '' });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const error = (status: number, message: string) =>
        answer(status, { error: { message, type: 'invalid_request_error', param: null, code: null } });
      if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions')
        return error(404, 'Not found');
      if (request.headers.authorization !== `Bearer ${apiKey}`)
        return error(401, 'Incorrect API key provided');
      let parsed: TranscriptionRequest;
      try {
        parsed = parseRequest(request, Buffer.concat(chunks));
      } catch (problem) {
        return error(400, (problem as Error).message);
      }
      requests.push(parsed);
      const reply = handler(parsed);
      if ('status' in reply) return error(reply.status, reply.message);
      answer(200, { text: reply.text });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    handle: (next) => void (handler = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
