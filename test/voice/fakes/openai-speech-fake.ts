/**
 * A local OpenAI-compatible speech server (`POST /v1/audio/speech`), checking requests as OpenAI documents them:
 * `Authorization: Bearer <key>`, a JSON body with `model`, `input` and `voice` (strings) and `response_format`.
 * With `pcm` it answers raw 16-bit little-endian mono samples at 24 kHz (`samplesPerCharacter` per character of the
 * input, a known sine), in several chunks. Errors come in OpenAI's `{ error: { message } }` shape. `holdAudio` sends
 * the headers and one chunk and then waits (a request the client must abort); `dropAudio` cuts the connection.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SpeechRequest {
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

export interface SpeechFake {
  baseUrl: string;
  apiKey: string;
  samplesPerCharacter: number;
  requests: SpeechRequest[];
  /** Resolves with each request's response once the client closed or it ended: whether it ended complete. */
  finished: Array<Promise<boolean>>;
  mode(next: 'speak' | 'hold' | 'drop'): void;
  close(): Promise<void>;
}

/** 24 kHz audio the fake speaks: a 300 Hz sine at half scale. */
export function speechAudio24k(samples: number): Int16Array {
  return Int16Array.from({ length: samples }, (_, i) =>
    Math.round(16000 * Math.sin((2 * Math.PI * 300 * i) / 24000)),
  );
}

export async function startSpeechFake(apiKey = 'sk-speech', samplesPerCharacter = 600): Promise<SpeechFake> {
  const requests: SpeechRequest[] = [];
  const finished: Array<Promise<boolean>> = [];
  let mode: 'speak' | 'hold' | 'drop' = 'speak';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const error = (status: number, message: string) =>
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code: null } }),
          );
      if (request.method !== 'POST' || request.url !== '/v1/audio/speech') return error(404, 'Not found');
      if (request.headers.authorization !== `Bearer ${apiKey}`)
        return error(401, 'Incorrect API key provided');
      if (!request.headers['content-type']?.startsWith('application/json'))
        return error(400, 'the body must be JSON');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return error(400, 'the body is not valid JSON');
      }
      for (const field of ['model', 'input', 'voice'])
        if (typeof body[field] !== 'string' || body[field] === '')
          return error(400, `'${field}' is a required property`);
      if (body.response_format !== 'pcm') return error(400, 'this fake speaks pcm only');
      requests.push({
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      const audio = speechAudio24k((body.input as string).length * samplesPerCharacter);
      finished.push(speak(response, Buffer.from(audio.buffer), mode));
    });
  });

  function speak(response: ServerResponse, bytes: Buffer, how: typeof mode): Promise<boolean> {
    const done = new Promise<boolean>((resolve) =>
      response.on('close', () => resolve(response.writableFinished)),
    );
    response.writeHead(200, { 'content-type': 'audio/pcm', 'transfer-encoding': 'chunked' });
    const piece = 4801; // odd: samples straddle chunks
    if (how !== 'speak') {
      response.write(bytes.subarray(0, piece));
      if (how === 'drop') response.socket?.destroy();
      return done;
    }
    for (let at = 0; at < bytes.length; at += piece) response.write(bytes.subarray(at, at + piece));
    response.end();
    return done;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    samplesPerCharacter,
    requests,
    finished,
    mode: (next) => void (mode = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
