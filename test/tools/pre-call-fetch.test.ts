/**
 * The pre-call fetch's request and its one claim per run (tools/pre-call-fetch.ts, conversation/pre-call-data.ts),
 * against a customer's API on loopback: Dograh's payload and credential header; `initial_context` or
 * `dynamic_variables`, at the top or under `call_inbound`, run-owned keys dropped; every failure (a timeout, a
 * non-2xx, a redirect, an answer that is not a JSON object, a private destination, another organization's credential)
 * an outcome with nothing merged. An inbound call's fetch made at stream start; two processes asking at once make one
 * request; a fetch left unfinished by a dead process is waited for no longer than its bound. In a text chat only
 * `always` fetches, before the greeting; the mode follows the call's direction; a bad URL is refused on save.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import { createLogger } from '../../config/logger';
import { preCallContext, type PreCallDataDeps } from '../../conversation/pre-call-data';
import { claimPreCallFetch } from '../../db/repositories/pre-call-fetches';
import { createRun } from '../../db/repositories/runs';
import { destinationPolicy } from '../../net/outbound-destinations';
import { fetchPreCallContext, type PreCallFetchRequest } from '../../tools/pre-call-fetch';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startOpenAiFake, type OpenAiFake } from '../runtime/fakes/openai-fake';

const TOKEN = 'pre-call-api-key-93be71';
const ANSWERS: Record<string, { status: number; body: string; headers?: Record<string, string> }> = {
  '/top': {
    status: 200,
    body: JSON.stringify({ initial_context: { tier: 'gold', caller_number: '+1000' } }),
  },
  '/legacy': {
    status: 200,
    body: JSON.stringify({ call_inbound: { dynamic_variables: { tier: 'silver' } } }),
  },
  '/both': {
    status: 200,
    body: JSON.stringify({ initial_context: { tier: 'new' }, dynamic_variables: { tier: 'old' } }),
  },
  '/empty': { status: 200, body: JSON.stringify({ ok: true }) },
  '/list': { status: 200, body: '[1,2]' },
  '/text': { status: 200, body: 'hello' },
  '/down': { status: 503, body: 'busy' },
  '/moved': { status: 302, body: '', headers: { location: '/top' } },
};

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let fake: OpenAiFake;
let server: http.Server;
let base: string;
const asked: Array<{ path: string; headers: http.IncomingHttpHeaders; body: unknown }> = [];
const logLines: string[] = [];
let credentials = 0;

beforeAll(async () => {
  fake = await startOpenAiFake();
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      asked.push({
        path,
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
      });
      if (path === '/slow') {
        const timer = setTimeout(() => response.end('{}'), 3000);
        return void response.on('close', () => clearTimeout(timer));
      }
      if (path === '/echo')
        return void response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({ initial_context: { crm_saw: `key ${String(request.headers['x-api-key'])}` } }),
          );
      const answer = ANSWERS[path] ?? ANSWERS['/top']!;
      response
        .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
        .end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp(
    { LLM_BASE_URL: fake.baseUrl, LLM_MAX_RETRIES: '0' },
    { logger: createLogger({ level: 'info', pretty: false, destination }) },
  );
  org = await createTestOrganization(t.ctx.db);
  other = await createTestOrganization(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const deps = (overrides: Partial<PreCallDataDeps> = {}): PreCallDataDeps => ({
  db: t.ctx.db,
  cipher: createCredentialsCipher(t.ctx.config),
  destinations: destinationPolicy(t.ctx.config.security.allowedPrivateDestinations),
  logger: t.ctx.logger,
  ...overrides,
});

const request = (path: string, overrides: Partial<PreCallFetchRequest> = {}): PreCallFetchRequest => ({
  ...deps(),
  organizationId: org.organizationId,
  agentId: 7,
  url: `${base}${path}`,
  credentialUuid: null,
  fromNumber: '+15550001111',
  toNumber: '+15550002222',
  ...overrides,
});

async function credentialOf(who: TestOrganization): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/credentials/',
    headers: who.headers,
    payload: {
      name: `CRM key ${++credentials}`,
      credential_type: 'api_key',
      credential_data: { header_name: 'X-Api-Key', api_key: TOKEN },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().uuid;
}

async function agentAsking(startData: Record<string, unknown>, callType = 'inbound') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/workflow/create/definition',
    headers: org.headers,
    payload: {
      name: 'Front desk',
      call_type: callType,
      workflow_definition: {
        nodes: [
          {
            id: 'start',
            type: 'startCall',
            data: { name: 'Hello', prompt: 'Greet {{tier}} customers.', ...startData },
          },
        ],
        edges: [],
      },
    },
  });
}

async function runOf(agentId: number, callType: 'inbound' | 'outbound') {
  const agent = await t.ctx.db
    .selectFrom('agents')
    .select('current_definition_id')
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
  const initial_context = { caller_number: '+15557770000', called_number: '+15558880000' };
  const id = await createRun(t.ctx.db, {
    organization_id: org.organizationId,
    workflow_id: agentId,
    definition_id: agent.current_definition_id,
    name: `run-${Math.random()}`,
    mode: 'twilio',
    call_type: callType,
    initial_context,
  });
  return { id, call_type: callType, initial_context };
}

describe('the pre-call request', () => {
  it("POSTs Dograh's payload with the credential's header and merges initial_context, run-owned keys dropped", async () => {
    const credentialUuid = await credentialOf(org);
    const outcome = await fetchPreCallContext(request('/top', { credentialUuid }));
    expect(outcome).toMatchObject({ context: { tier: 'gold' }, httpStatus: 200, error: null });
    const last = asked.at(-1)!;
    expect(last.body).toEqual({
      event: 'call_inbound',
      call_inbound: { agent_id: 7, from_number: '+15550001111', to_number: '+15550002222' },
    });
    expect(last.headers['x-api-key']).toBe(TOKEN);
    expect(last.headers['content-type']).toBe('application/json');
  });

  it('masks the credential in an answer that echoes it, before it can reach a prompt', async () => {
    const outcome = await fetchPreCallContext(request('/echo', { credentialUuid: await credentialOf(org) }));
    expect(outcome.context).toEqual({ crm_saw: `key ${'*'.repeat(TOKEN.length - 4)}${TOKEN.slice(-4)}` });
  });

  it('reads dynamic_variables and call_inbound, initial_context first', async () => {
    expect((await fetchPreCallContext(request('/legacy'))).context).toEqual({ tier: 'silver' });
    expect((await fetchPreCallContext(request('/both'))).context).toEqual({ tier: 'new' });
    expect(await fetchPreCallContext(request('/empty'))).toMatchObject({ context: {}, error: null });
  });

  it('turns every failure into an outcome with nothing merged', async () => {
    const cases: Array<[PreCallFetchRequest, RegExp]> = [
      [request('/slow', { timeoutMs: 200 }), /^No answer within 200 ms$/],
      [request('/down'), /^HTTP 503$/],
      [request('/moved'), /^HTTP 302: redirects are not followed$/],
      [request('/list'), /not a JSON object/],
      [request('/text'), /not a JSON object/],
      [request('/top', { url: 'ftp://example.com/x' }), /scheme/],
      [request('/top', { destinations: destinationPolicy([]) }), /^destination_not_allowed/],
      [request('/top', { credentialUuid: await credentialOf(other) }), /no longer exists/],
    ];
    for (const [input, error] of cases) {
      const outcome = await fetchPreCallContext(input);
      expect(outcome.context, input.url).toEqual({});
      expect(outcome.error, input.url).toMatch(error);
    }
  });
});

describe('one fetch per call', () => {
  it("makes an inbound call's fetch at stream start, once for two processes asking together", async () => {
    const agent = await agentAsking({ pre_call_fetch_mode: 'inbound', pre_call_fetch_url: `${base}/top` });
    expect(agent.statusCode, agent.body).toBe(201);
    const run = await runOf(agent.json().id, 'inbound');
    const before = asked.length;
    const [first, second] = await Promise.all([preCallContext(deps(), run), preCallContext(deps(), run)]);
    expect(asked.length).toBe(before + 1);
    expect(asked.at(-1)!.body).toMatchObject({
      call_inbound: { agent_id: agent.json().id, from_number: '+15557770000', to_number: '+15558880000' },
    });
    const merged = { caller_number: '+15557770000', called_number: '+15558880000', tier: 'gold' };
    expect(first).toEqual(merged);
    expect(second).toEqual(merged);
    const stored = await t.ctx.db
      .selectFrom('runs')
      .select('initial_context')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(stored.initial_context).toEqual(merged);
    // An outbound run of the same agent: the mode says inbound only.
    const outbound = await runOf(agent.json().id, 'outbound');
    expect(await preCallContext(deps(), outbound)).toEqual(outbound.initial_context);
    expect(asked.length).toBe(before + 1);
  });

  it('waits for a fetch left running by a dead process no longer than its bound', async () => {
    const agent = await agentAsking({ pre_call_fetch_mode: 'always', pre_call_fetch_url: `${base}/top` });
    const run = await runOf(agent.json().id, 'outbound');
    expect(await claimPreCallFetch(t.ctx.db, run.id)).toBe(true);
    const before = asked.length;
    const context = await preCallContext(deps({ timeoutMs: 100, pollMs: 20 }), run);
    expect(context).toEqual(run.initial_context);
    expect(asked.length).toBe(before);
    expect(logLines.some((line) => line.includes('left unfinished by another process'))).toBe(true);
  });

  it('is off by default, and refuses a URL it could not send to on save', async () => {
    const agent = await agentAsking({ pre_call_fetch_url: `${base}/top` });
    const run = await runOf(agent.json().id, 'inbound');
    const before = asked.length;
    expect(await preCallContext(deps(), run)).toEqual(run.initial_context);
    expect(asked.length).toBe(before);
    const bad = await agentAsking({
      pre_call_fetch_mode: 'always',
      pre_call_fetch_url: 'http://user:pw@example.com/',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('pre_call_fetch_url');
    const badMode = await agentAsking({ pre_call_fetch_mode: 'sometimes' });
    expect(badMode.statusCode).toBe(422);
  });
});

describe('the pre-call fetch of a text chat', () => {
  it('runs before the greeting with mode always, and never with a direction', async () => {
    fake.handle((chat) => ({
      content: /Greet gold customers/.test(String(chat.messages[0]?.content))
        ? 'Hello, gold member.'
        : 'Hello.',
    }));
    const always = await agentAsking({ pre_call_fetch_mode: 'always', pre_call_fetch_url: `${base}/top` });
    const chat = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workflow/${always.json().id}/runs`,
      headers: org.headers,
      payload: { mode: 'textchat' },
    });
    expect(chat.statusCode, chat.body).toBe(201);
    expect(JSON.stringify(chat.json())).toContain('Hello, gold member.');
    expect(chat.json().pre_call_fetch).toMatchObject({ status: 'succeeded', merged_keys: ['tier'] });

    const before = asked.length;
    const inbound = await agentAsking({ pre_call_fetch_mode: 'inbound', pre_call_fetch_url: `${base}/top` });
    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workflow/${inbound.json().id}/runs`,
      headers: org.headers,
      payload: { mode: 'textchat' },
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(JSON.stringify(plain.json())).toContain('Hello.');
    expect(plain.json().pre_call_fetch).toBeNull();
    expect(asked.length).toBe(before);
  });

  it('never logs the credential', () => {
    expect(logLines.join('')).not.toContain(TOKEN);
    expect(logLines.some((line) => line.includes('pre-call fetch merged its answer'))).toBe(true);
  });
});
