import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintPublicToken, verifyPublicToken } from '../../artifacts/public-tokens';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startOpenAiFake, type OpenAiFake } from './fakes/openai-fake';
import { demoBookerScript, threeNodeAgent } from './textchat-fixtures';

const pathOf = (url: string) => new URL(url).pathname;

// Every completion of the fake uses exactly this; with these unit prices one completion costs
// 1000 × $2/M + 50 × $8/M = $0.0024 (a prompt/completion swap would cost 50 × 2 + 1000 × 8 = $0.0081).
const USAGE_PER_COMPLETION = { prompt_tokens: 1000, completion_tokens: 50 };
const PRICES = {
  PRICE_LLM_PROMPT_PER_MILLION_TOKENS_USD: '2',
  PRICE_LLM_COMPLETION_PER_MILLION_TOKENS_USD: '8',
};

describe('text conversations with an agent', () => {
  let fake: OpenAiFake;
  let t: TestApp;
  let org: TestOrganization;
  let agentId: number;
  const post = (url: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/workflow${url}`,
      headers: org.headers,
      payload: payload as object,
    });

  beforeAll(async () => {
    fake = await startOpenAiFake();
    fake.fixUsage(USAGE_PER_COMPLETION);
    t = await createTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MAX_RETRIES: '0', ...PRICES });
    org = await createTestOrganization(t.ctx.db);
    const created = await post('/create/definition', threeNodeAgent());
    expect(created.statusCode).toBe(201);
    agentId = created.json().id;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('walks a three-node graph: greeting with template variables, a transition, extraction, a mapped disposition', async () => {
    fake.handle(demoBookerScript);
    fake.requests.length = 0;
    const started = await post(`/${agentId}/runs`, {
      mode: 'textchat',
      initial_context: { first_name: 'Ada' },
    });
    expect(started.statusCode).toBe(201);
    const run = started.json();
    expect(run).toMatchObject({ mode: 'textchat', call_type: 'outbound', is_completed: false });
    expect(run.conversation).toMatchObject({ status: 'active', node: { id: 'greet', name: 'Greeting' } });
    expect(run.conversation.messages).toEqual([
      expect.objectContaining({
        role: 'agent',
        content: 'Hello Ada, this is Acme calling.',
        node_id: 'greet',
      }),
    ]);
    // initial_context overrides the agent's default; the global node's prompt comes first.
    expect(fake.requests[0]!.messages[0]!.content).toMatch(
      /^Be brief\. You work for Acme\.[\s\S]*Greet Ada on behalf of Acme\./,
    );

    const first = await post(`/${agentId}/runs/${run.id}/messages`, { content: 'Sure, go on.' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      reply: 'Would you like a demo of Rocket?',
      conversation: { status: 'active', node: { id: 'ask' } },
    });
    const tools = fake.requests.find((r) => r.tools)!.tools!;
    expect(tools).toEqual([
      expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'listening' }) }),
    ]);

    const last = await post(`/${agentId}/runs/${run.id}/messages`, { content: 'Yes! ada@example.com' });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({
      reply: 'Thank you, goodbye!',
      conversation: {
        status: 'ended',
        end_reason: 'completed',
        disposition: 'demo_booked',
        gathered_context: {
          wants_demo: true,
          email: 'ada@example.com',
          mapped_call_disposition: 'demo_booked',
        },
      },
    });

    const late = await post(`/${agentId}/runs/${run.id}/messages`, { content: 'Hello?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('run_ended');

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workflow/${agentId}/runs/${run.id}`,
      headers: org.headers,
    });
    const body = detail.json();
    expect(body).toMatchObject({
      is_completed: true,
      gathered_context: { mapped_call_disposition: 'demo_booked', email: 'ada@example.com' },
      // Seven completions: the greeting; a transition and the offer; a transition, the extraction and the
      // goodbye; and the disposition classified at the end. Each is 1000 + 50 tokens at $0.0024.
      usage_info: {
        llm: { prompt_tokens: 7000, completion_tokens: 350 },
        stt_seconds: 0,
        tts_characters: 0,
        call_duration_seconds: expect.any(Number),
      },
      cost_info: { charge_usd: 0.0168, service_token_usage: 7350 },
      transcript_url: expect.stringContaining(`/runs/${org.organizationId}/${run.id}/transcript.json?`),
      transcript_public_url: expect.stringContaining(
        `/api/v1/public/download/workflow/${body.public_access_token}/transcript`,
      ),
      recording_public_url: null,
    });
    expect(fake.requests).toHaveLength(7);

    const download = await t.app.inject({ method: 'GET', url: pathOf(body.transcript_public_url) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/json');
    const transcript = download.json();
    expect(
      transcript.turns.map((turn: { role: string; node_id: string }) => [turn.role, turn.node_id]),
    ).toEqual([
      ['agent', 'greet'],
      ['user', 'greet'],
      ['agent', 'ask'],
      ['user', 'ask'],
      ['agent', 'bye'],
    ]);
    const times = transcript.turns.map((turn: { at: string }) => Date.parse(turn.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Each agent turn carries the completions made since the previous one; the disposition comes after the last.
    expect(transcript.turns.map((turn: { usage?: unknown }) => turn.usage ?? null)).toEqual([
      { prompt_tokens: 1000, completion_tokens: 50 },
      null,
      { prompt_tokens: 2000, completion_tokens: 100 },
      null,
      { prompt_tokens: 3000, completion_tokens: 150 },
    ]);
    expect(transcript.usage).toEqual({ prompt_tokens: 7000, completion_tokens: 350 });
    const signed = await fetch(body.transcript_url);
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual(transcript);
    expect(transcript.transitions.map((x: { label: string }) => x.label)).toEqual(['listening', 'answered']);
    expect(
      await t.ctx.storage.headObject(`runs/${org.organizationId}/${run.id}/transcript.json`),
    ).not.toBeNull();

    // A new token on every read; both work until they expire.
    const again = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/workflow/${agentId}/runs/${run.id}`,
        headers: org.headers,
      })
    ).json();
    expect(verifyPublicToken(t.ctx.config.appSecret, again.public_access_token)).toMatchObject({
      runId: run.id,
      organizationId: org.organizationId,
    });
    expect((await t.app.inject({ method: 'GET', url: pathOf(again.transcript_public_url) })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for an expired, tampered or absent public link', async () => {
    fake.handle(demoBookerScript);
    const run = (await post(`/${agentId}/runs`, { mode: 'textchat' })).json();
    await post(`/${agentId}/runs/${run.id}/end`);
    const secret = t.ctx.config.appSecret;
    const claims = { runId: run.id, organizationId: org.organizationId };
    const expired = mintPublicToken(secret, claims, 60, Date.now() - 2 * 3600 * 1000);
    const valid = mintPublicToken(secret, claims, 60);
    const url = (token: string, artifact = 'transcript') =>
      `/api/v1/public/download/workflow/${token}/${artifact}`;
    expect((await t.app.inject({ method: 'GET', url: url(valid) })).statusCode).toBe(200);
    const denied = await t.app.inject({ method: 'GET', url: url(expired) });
    expect(denied.statusCode).toBe(404);
    expect(denied.json().detail).toBe('artifact_not_found');
    expect((await t.app.inject({ method: 'GET', url: url(`${valid.slice(0, -2)}xx`) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(valid, 'recording') })).statusCode).toBe(404);
    const otherOrg = mintPublicToken(
      secret,
      { runId: run.id, organizationId: org.organizationId + 1000 },
      60,
    );
    expect((await t.app.inject({ method: 'GET', url: url(otherOrg) })).statusCode).toBe(404);
  });

  it('ends a conversation the user closes: extraction at the current node, disposition, transcript', async () => {
    fake.handle(demoBookerScript);
    const run = (await post(`/${agentId}/runs`, { mode: 'textchat', name: 'closed early' })).json();
    await post(`/${agentId}/runs/${run.id}/messages`, { content: 'Okay.' });
    const ended = await post(`/${agentId}/runs/${run.id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      name: 'closed early',
      is_completed: true,
      transcript_url: expect.any(String),
      conversation: { status: 'ended', end_reason: 'user_ended', disposition: 'demo_booked' },
      gathered_context: { wants_demo: true, mapped_call_disposition: 'demo_booked' },
    });
  });

  it('ends the conversation with disposition llm_error when the LLM fails', async () => {
    fake.handle(demoBookerScript);
    const run = (await post(`/${agentId}/runs`, { mode: 'textchat' })).json();
    fake.handle(() => ({ status: 503, message: 'down' }));
    const answer = await post(`/${agentId}/runs/${run.id}/messages`, { content: 'Hello?' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      reply: null,
      conversation: { status: 'ended', end_reason: 'llm_error', disposition: 'llm_error' },
    });
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/workflow/${agentId}/runs/${run.id}`,
        headers: org.headers,
      })
    ).json();
    expect(detail).toMatchObject({
      is_completed: true,
      gathered_context: { mapped_call_disposition: 'llm_error' },
    });
  });

  it('refuses other modes, unknown agents and archived agents', async () => {
    expect((await post(`/${agentId}/runs`, { mode: 'twilio' })).statusCode).toBe(422);
    expect((await post(`/999999999/runs`, { mode: 'textchat' })).statusCode).toBe(404);
    const other = await createTestOrganization(t.ctx.db);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workflow/${agentId}/runs`,
      headers: other.headers,
      payload: { mode: 'textchat' },
    });
    expect(foreign.statusCode).toBe(404);
    const archived = (await post('/create/definition', threeNodeAgent())).json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/workflow/${archived.id}/status`,
      headers: org.headers,
      payload: { status: 'archived' },
    });
    const refused = await post(`/${archived.id}/runs`, { mode: 'textchat' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('agent_archived');
  });
});
