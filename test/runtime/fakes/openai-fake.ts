import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A local OpenAI-compatible chat-completions server for tests. It checks requests the way the vendor
 * documents them (tools as `{type:'function', function:{name, description, parameters}}`, names matching
 * ^[a-zA-Z0-9_-]{1,64}$, `response_format: {type:'json_schema', json_schema:{name, schema, strict}}`) and
 * answers in the documented shape (`choices[0].message.content | tool_calls`, `finish_reason`, `usage`).
 * What it answers is up to the test's handler. A `stream: true` request is answered with server-sent events as
 * the vendor streams them (`chat.completion.chunk` deltas, tool calls in pieces by index, a usage chunk when
 * `stream_options.include_usage` asks, then `data: [DONE]`), optionally paced (`streamDelay`), cut off, or stalled
 * before its first delta (a model that never produces a first token).
 */

export interface FakeChatRequest {
  model: string;
  messages: Array<{
    role: string;
    content: string;
    tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
    tool_call_id?: string;
  }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown> } };
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

export type FakeReply =
  | {
      content?: string;
      toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }>;
      /** Streamed: the content deltas, in order (default: the content word by word). */
      chunks?: string[];
      /** Streamed: the connection is destroyed after this many delta chunks (the role chunk comes first). */
      cutAfterChunks?: number;
      /** Streamed: the headers and the role chunk are sent, then nothing until the client closes (a stall). */
      stallBeforeFirstDelta?: boolean;
    }
  | { status: number; message: string };

/** One streamed answer as the fake sent it. */
export interface FakeStream {
  request: FakeChatRequest;
  /** Delta chunks (content or tool call pieces) written so far. */
  chunksSent: number;
  /** Events of any kind (role, deltas, finish, usage) written so far. */
  eventsSent: number;
  /** 'completed' once `[DONE]` was written; 'closed' when the client closed the connection before that. */
  ended: Promise<'completed' | 'closed'>;
}

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export type FakeHandler = (request: FakeChatRequest) => FakeReply;

export interface OpenAiFake {
  /** Base URL to put in LLM_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: FakeChatRequest[];
  /** The streamed answers, in order. */
  streams: FakeStream[];
  handle(handler: FakeHandler): void;
  /** Waits this long before each streamed chunk from now on (0: none). */
  streamDelay(ms: number): void;
  /** Forgets the requests and streams, and goes back to the default answer, usage and pacing (between tests). */
  reset(): void;
  /** Answers every completion with this usage from now on; null goes back to an estimate from the text. */
  fixUsage(usage: FakeUsage | null): void;
  close(): Promise<void>;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function requestProblem(body: FakeChatRequest): string | null {
  if (typeof body.model !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0)
    return 'model and a non-empty messages array are required';
  for (const tool of body.tools ?? []) {
    if (tool.type !== 'function' || !TOOL_NAME.test(tool.function?.name ?? ''))
      return `Invalid tool: ${JSON.stringify(tool)}`;
  }
  // As the vendor: each assistant message's tool calls are answered, by id, by the tool messages right after it.
  const unanswered = new Set<string>();
  for (const message of body.messages) {
    if (message.role === 'tool') {
      if (!unanswered.delete(message.tool_call_id ?? ''))
        return "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.";
      continue;
    }
    if (unanswered.size > 0)
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...unanswered].join(', ')}`;
    for (const call of message.role === 'assistant' ? (message.tool_calls ?? []) : []) unanswered.add(call.id);
  }
  if (unanswered.size > 0) return `tool_call_ids without response messages: ${[...unanswered].join(', ')}`;
  const format = body.response_format;
  if (format && (format.type !== 'json_schema' || !format.json_schema?.name || !format.json_schema.schema))
    return 'response_format must be {type:"json_schema", json_schema:{name, schema}}';
  if (body.stream_options && body.stream !== true)
    return "The 'stream_options' parameter is only allowed when 'stream' is set to true.";
  return null;
}

function completion(
  body: FakeChatRequest,
  reply: Exclude<FakeReply, { status: number }>,
  fixedUsage: FakeUsage | null,
) {
  const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
    id: `call_${Date.now()}_${index}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  const content = reply.content ?? null;
  return {
    id: `chatcmpl-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: {
      prompt_tokens: fixedUsage?.prompt_tokens ?? estimateTokens(JSON.stringify(body.messages)),
      completion_tokens:
        fixedUsage?.completion_tokens ?? estimateTokens(content ?? JSON.stringify(toolCalls)),
      total_tokens: 0,
    },
  };
}

type Completion = ReturnType<typeof completion>;

/** The chunks of a streamed answer: the role, the deltas, the finish, the usage when asked; `delta` marks deltas. */
function streamChunks(answer: Completion, chunks: string[] | undefined, includeUsage: boolean) {
  const { message, finish_reason } = answer.choices[0]!;
  const chunk = (choices: unknown[], usage: unknown = null) => ({
    id: answer.id,
    object: 'chat.completion.chunk',
    created: answer.created,
    model: answer.model,
    system_fingerprint: null,
    choices,
    ...(includeUsage ? { usage } : {}),
  });
  const delta = (fields: Record<string, unknown>, finish: string | null = null) => ({
    index: 0,
    delta: fields,
    logprobs: null,
    finish_reason: finish,
  });
  const out = [{ data: chunk([delta({ role: 'assistant', content: '', refusal: null })]), delta: false }];
  const texts = chunks ?? message.content?.match(/\S+\s*|\s+/g) ?? [];
  for (const text of texts) out.push({ data: chunk([delta({ content: text })]), delta: true });
  (message.tool_calls ?? []).forEach((call, index) => {
    const head = {
      index,
      id: call.id,
      type: 'function',
      function: { name: call.function.name, arguments: '' },
    };
    out.push({ data: chunk([delta({ tool_calls: [head] })]), delta: true });
    for (const piece of call.function.arguments.match(/[\s\S]{1,8}/g) ?? [])
      out.push({
        data: chunk([delta({ tool_calls: [{ index, function: { arguments: piece } }] })]),
        delta: true,
      });
  });
  out.push({ data: chunk([delta({}, finish_reason)]), delta: false });
  if (includeUsage) out.push({ data: chunk([], answer.usage), delta: false });
  return out;
}

/** Writes a streamed answer as server-sent events, pacing and cutting it off as the test asked. */
function sendStream(
  response: ServerResponse,
  answer: Completion,
  reply: Exclude<FakeReply, { status: number }>,
  record: FakeStream,
  options: { includeUsage: boolean; delayMs: () => number },
): Promise<'completed' | 'closed'> {
  let closed = false;
  const ended = new Promise<'completed' | 'closed'>((resolve) => {
    response.on('close', () => {
      closed = !response.writableFinished;
      resolve(closed ? 'closed' : 'completed');
    });
  });
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  void (async () => {
    for (const { data, delta } of streamChunks(answer, reply.chunks, options.includeUsage)) {
      if (options.delayMs() > 0) await sleep(options.delayMs());
      if (closed) return;
      if (delta && reply.stallBeforeFirstDelta) return;
      // Written chunks are in the kernel's hands (awaited below), so the client reads them before the cut.
      if (delta && record.chunksSent === reply.cutAfterChunks) return void response.destroy();
      await new Promise((written) => response.write(`data: ${JSON.stringify(data)}\n\n`, written));
      record.eventsSent += 1;
      if (delta) record.chunksSent += 1;
    }
    response.end('data: [DONE]\n\n');
  })();
  return ended;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the fake on a free local port. */
export async function startOpenAiFake(): Promise<OpenAiFake> {
  const requests: FakeChatRequest[] = [];
  const defaultHandler: FakeHandler = () => ({ content: 'Hello.' });
  let handler = defaultHandler;
  let fixedUsage: FakeUsage | null = null;
  let delayMs = 0;
  const streams: FakeStream[] = [];
  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions'))
      return send(response, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    readJson(request)
      .then((raw) => {
        const body = raw as FakeChatRequest;
        const problem = requestProblem(body);
        if (problem)
          return send(response, 400, {
            error: { message: problem, type: 'invalid_request_error', code: null },
          });
        requests.push(body);
        const reply = handler(body);
        if ('status' in reply)
          return send(response, reply.status, { error: { message: reply.message, type: 'server_error' } });
        const answer = completion(body, reply, fixedUsage);
        answer.usage.total_tokens = answer.usage.prompt_tokens + answer.usage.completion_tokens;
        if (body.stream !== true) return send(response, 200, answer);
        const record = { request: body, chunksSent: 0, eventsSent: 0 } as FakeStream;
        record.ended = sendStream(response, answer, reply, record, {
          includeUsage: body.stream_options?.include_usage === true,
          delayMs: () => delayMs,
        });
        streams.push(record);
      })
      .catch((error: unknown) => send(response, 400, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    streams,
    streamDelay(ms) {
      delayMs = ms;
    },
    reset() {
      requests.length = 0;
      streams.length = 0;
      delayMs = 0;
      fixedUsage = null;
      handler = defaultHandler;
    },
    handle(next) {
      handler = next;
    },
    fixUsage(usage) {
      fixedUsage = usage;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A stalled stream the client never closed must not hold the server open.
        server.closeAllConnections();
      }),
  };
}

/** The schema name of a structured-output request, or null for a plain/tool request. */
export const schemaNameOf = (request: FakeChatRequest): string | null =>
  request.response_format?.json_schema?.name ?? null;

/** The last user message of a request ('' when none). */
export const lastUserMessage = (request: FakeChatRequest): string =>
  [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
