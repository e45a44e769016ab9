/**
 * The voice benchmark's vendor fakes, in a process of their own so their work is not counted as the media
 * process's: the OpenAI-compatible LLM (test/runtime/fakes/openai-fake.ts, playing the test agent of
 * test/voice/call-harness.ts, streaming at once) and a Deepgram live-transcription server that answers every
 * `Finalize` at once with what the benchmark's caller said in that turn. Prints one JSON line with their addresses.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { agentReplies } from '../../test/voice/call-harness';
import { startOpenAiFake } from '../../test/runtime/fakes/openai-fake';
import { CALLER_LINES, DEEPGRAM_KEY } from './script';

async function startInstantDeepgram(): Promise<string> {
  const server = createServer((_, response) => response.writeHead(426).end());
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    if (request.headers.authorization !== `Token ${DEEPGRAM_KEY}`) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      // The caller says its lines in order; each Finalize closes one of them.
      let turn = 0;
      ws.on('message', (data, isBinary) => {
        if (isBinary) return;
        const message = JSON.parse(data.toString()) as { type?: string };
        if (message.type === 'CloseStream') return ws.close(1000);
        if (message.type !== 'Finalize') return;
        const transcript = CALLER_LINES[Math.min(turn, CALLER_LINES.length - 1)]!;
        turn += 1;
        ws.send(
          JSON.stringify({
            type: 'Results',
            is_final: true,
            speech_final: true,
            from_finalize: true,
            start: 0,
            duration: 1,
            channel: { alternatives: [{ transcript, confidence: 0.99, words: [] }] },
          }),
        );
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const llm = await startOpenAiFake();
llm.handle((request) => {
  // The fake keeps every request for tests; a benchmark of thousands of turns needs none of them.
  llm.requests.length = 0;
  llm.streams.length = 0;
  return agentReplies(request);
});
const deepgram = await startInstantDeepgram();
console.log(JSON.stringify({ llm: llm.baseUrl, deepgram }));
