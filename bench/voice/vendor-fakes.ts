/**
 * The voice benchmark's vendor fakes, in a process of their own so their work is not counted as the media
 * process's: the OpenAI-compatible LLM (test/runtime/fakes/openai-fake.ts, playing the test agent of
 * test/voice/call-harness.ts, streaming at once) and a Deepgram live-transcription server that hears the caller's
 * lines in order: a line's final result (`is_final`, `speech_final`) goes out as soon as its last voiced frame has
 * arrived, as Deepgram's endpointing sends it, so the agent's turn-taking can read the words; a `Finalize` is
 * answered at once (`from_finalize`, with the line if it was not sent yet). Prints one JSON line with their addresses.
 * With `--uncached` every sentence the LLM writes ends with the reply's own number ("How can I help you today, 17?"),
 * so no call's agent speech comes from the synthesis cache.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { bytesToSamples } from '../../voice/audio/wav';
import { rms } from '../../voice/audio/frames';
import { QUIET_RMS } from '../../voice/stt/speech-gate';
import { renderCallerLines } from './caller-lines';
import { agentReplies } from '../../test/voice/call-harness';
import { startOpenAiFake } from '../../test/runtime/fakes/openai-fake';
import { CALLER_LINES, DEEPGRAM_KEY } from './script';

/** Voiced frames per line at each rate, as the callers render them (caller-lines.ts). */
const voicedFrames = new Map<number, Promise<number[]>>();
const voicedOf = (rate: 8000 | 16000) => {
  let frames = voicedFrames.get(rate);
  if (!frames) {
    frames = renderCallerLines(rate).then((lines) =>
      lines.map(
        (line) => line.findIndex((frame) => frame.lastVoiced) - line.findIndex((frame) => frame.onset) + 1,
      ),
    );
    voicedFrames.set(rate, frames);
  }
  return frames;
};

/** One call's stream: loud frames count towards the line in progress; its final goes out after its last one. */
async function hear(ws: WebSocket, rate: 8000 | 16000) {
  const voiced = await voicedOf(rate);
  let turn = 0;
  let framesOfLine = 0;
  let finalSent = false;
  const result = (transcript: string, fromFinalize: boolean) =>
    ws.send(
      JSON.stringify({
        type: 'Results',
        is_final: true,
        speech_final: true,
        from_finalize: fromFinalize,
        start: 0,
        duration: 1,
        channel: { alternatives: [{ transcript, confidence: 0.99, words: [] }] },
      }),
    );
  const line = () => CALLER_LINES[Math.min(turn, CALLER_LINES.length - 1)]!;
  ws.on('message', (data: Buffer, isBinary) => {
    if (isBinary) {
      // The line starts at its first loud frame and ends after as many frames as the caller's rendering voices.
      // Copied: a frame may start at an odd offset of the socket's buffer.
      const loud = rms(bytesToSamples(data)) >= QUIET_RMS;
      if (framesOfLine > 0 || loud) framesOfLine += 1;
      if (!finalSent && framesOfLine >= (voiced[Math.min(turn, voiced.length - 1)] ?? 1)) {
        finalSent = true;
        result(line(), false);
      }
      return;
    }
    const message = JSON.parse(data.toString()) as { type?: string };
    if (message.type === 'CloseStream') return ws.close(1000);
    if (message.type !== 'Finalize') return;
    result(finalSent ? '' : line(), true);
    turn += 1;
    framesOfLine = 0;
    finalSent = false;
  });
}

async function startInstantDeepgram(): Promise<string> {
  const server = createServer((_, response) => response.writeHead(426).end());
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    if (request.headers.authorization !== `Token ${DEEPGRAM_KEY}`) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const rate = Number(new URL(request.url ?? '/', 'http://fake').searchParams.get('sample_rate') ?? 8000);
    wss.handleUpgrade(request, socket, head, (ws) => void hear(ws, rate === 16000 ? 16000 : 8000));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const uncached = process.argv.includes('--uncached');
let replies = 0;
const llm = await startOpenAiFake();
llm.handle((request) => {
  // The fake keeps every request for tests; a benchmark of thousands of turns needs none of them.
  llm.requests.length = 0;
  llm.streams.length = 0;
  const reply = agentReplies(request);
  // Spoken replies only: the disposition's JSON and the finish tool call stay as they are.
  const spoken = 'content' in reply && reply.content !== undefined && !reply.content.startsWith('{');
  if (!uncached || !spoken) return reply;
  const number = ++replies;
  return { ...reply, content: reply.content!.replace(/([.!?])(?=\s|$)/g, `, ${number}$1`) };
});
// Rendered before the first stream opens, so no audio arrives before its line lengths are known.
await Promise.all([voicedOf(8000), voicedOf(16000)]);
const deepgram = await startInstantDeepgram();
console.log(JSON.stringify({ llm: llm.baseUrl, deepgram }));
