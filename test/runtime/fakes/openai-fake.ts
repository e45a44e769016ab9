import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat-completions server for tests. It checks requests the way the vendor
 * documents them (tools as `{type:'function', function:{name, description, parameters}}`, names matching
 * ^[a-zA-Z0-9_-]{1,64}$, `response_format: {type:'json_schema', json_schema:{name, schema, strict}}`) and
 * answers in the documented shape (`choices[0].message.content | tool_calls`, `finish_reason`, `usage`).
 * What it answers is up to the test's handler.
 */

export interface FakeChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown> } };
}

export type FakeReply =
  | { content?: string; toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }> }
  | { status: number; message: string };

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export type FakeHandler = (request: FakeChatRequest) => FakeReply;

export interface OpenAiFake {
  /** Base URL to put in LLM_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: FakeChatRequest[];
  handle(handler: FakeHandler): void;
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
  const format = body.response_format;
  if (format && (format.type !== 'json_schema' || !format.json_schema?.name || !format.json_schema.schema))
    return 'response_format must be {type:"json_schema", json_schema:{name, schema}}';
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
  let handler: FakeHandler = () => ({ content: 'Hello.' });
  let fixedUsage: FakeUsage | null = null;
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
        send(response, 200, answer);
      })
      .catch((error: unknown) => send(response, 400, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    handle(next) {
      handler = next;
    },
    fixUsage(usage) {
      fixedUsage = usage;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The schema name of a structured-output request, or null for a plain/tool request. */
export const schemaNameOf = (request: FakeChatRequest): string | null =>
  request.response_format?.json_schema?.name ?? null;

/** The last user message of a request ('' when none). */
export const lastUserMessage = (request: FakeChatRequest): string =>
  [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
