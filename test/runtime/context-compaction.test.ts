/**
 * Context compaction (Dograh's `context_compaction_enabled`, conversation/compaction.ts) through the text-chat API
 * with the OpenAI fake: off by default, a 60-turn chat sends every turn; on, the prompt at turn 60 is no longer than
 * at turn 20 (the summary stands for the earlier turns), the transcript stays whole, a transition with enough behind
 * it starts the next step from a summary, and a failed summary changes nothing. A node's `add_global_prompt: false`
 * leaves the global prompt out of that node's system message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNSUMMARIZED_TURNS } from '../../conversation/compaction';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { lastUserMessage, startOpenAiFake, type FakeChatRequest, type OpenAiFake } from './fakes/openai-fake';
import { threeNodeAgent } from './textchat-fixtures';

const SUMMARY_PROMPT = /^Summarize this conversation/;
const isSummary = (request: FakeChatRequest) => SUMMARY_PROMPT.test(request.messages[0]!.content);
const isReply = (request: FakeChatRequest) => /Current step:/.test(request.messages[0]!.content);
const SUMMARY_LINE = /^\(Summary of the conversation so far: /;

let fake: OpenAiFake;
let t: TestApp;
let org: TestOrganization;
let summaries = 0;

/** Replies to every line and never moves on, unless the user says "go on"; summarises when asked. */
function chatter(request: FakeChatRequest) {
  if (isSummary(request))
    return { content: `Summary number ${++summaries}: the caller said many numbered things.` };
  const said = lastUserMessage(request);
  if (said === 'go on' && /Current step: Greeting/.test(request.messages[0]!.content))
    return { toolCalls: [{ name: 'listening', arguments: {} }] };
  return { content: said ? `You said: ${said}.` : 'Hello, this is Acme calling.' };
}

const post = (url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/workflow${url}`,
    headers: org.headers,
    payload: payload as object,
  });

async function agent(configurations: Record<string, unknown>, globalPrompt = true): Promise<number> {
  const body = threeNodeAgent();
  if (!globalPrompt) Object.assign(body.workflow_definition.nodes[0]!.data, { add_global_prompt: false });
  const created = await post('/create/definition', { ...body, workflow_configurations: configurations });
  expect(created.statusCode).toBe(201);
  return created.json().id;
}

/** A chat of `turns` user lines; the reply requests, in order. */
async function chat(agentId: number, lines: string[]) {
  fake.requests.length = 0;
  const started = (await post(`/${agentId}/runs`, { mode: 'textchat' })).json();
  let run = started;
  for (const content of lines) {
    const said = await post(`/${agentId}/runs/${started.id}/messages`, { content });
    expect(said.statusCode).toBe(200);
    run = said.json();
  }
  const replies = fake.requests.filter(isReply);
  return { run, replies, history: (request: FakeChatRequest) => request.messages.slice(1) };
}

const numbered = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`);
const chars = (messages: Array<{ content: string }>) =>
  messages.reduce((sum, m) => sum + m.content.length, 0);

beforeAll(async () => {
  fake = await startOpenAiFake();
  fake.handle(chatter);
  t = await createTestApp({
    LLM_BASE_URL: fake.baseUrl,
    LLM_MAX_RETRIES: '0',
    CONVERSATION_MAX_TURNS: '100',
  });
  org = await createTestOrganization(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('context compaction', () => {
  it('is off by default: the 60th reply request carries every turn', async () => {
    const { replies, history } = await chat(await agent({}), numbered(60));
    expect(fake.requests.some(isSummary)).toBe(false);
    // The greeting's request, then one per line.
    expect(replies).toHaveLength(61);
    expect(history(replies[60]!)).toHaveLength(1 + 2 * 59 + 1);
  });

  it('on: the prompt at turn 60 is no longer than at turn 20, and the transcript stays whole', async () => {
    const { run, replies, history } = await chat(
      await agent({ context_compaction_enabled: true }),
      numbered(60),
    );
    expect(fake.requests.filter(isSummary).length).toBeGreaterThanOrEqual(5);
    const atTwenty = history(replies[20]!);
    const atSixty = history(replies[60]!);
    expect(atSixty[0]!.content).toMatch(SUMMARY_LINE);
    expect(atSixty.length).toBeLessThanOrEqual(atTwenty.length);
    expect(chars(atSixty)).toBeLessThanOrEqual(chars(atTwenty.slice(1)) + atSixty[0]!.content.length);
    // Never more than the unsummarised turns allowed (and the turn's own two), plus the summary.
    for (const request of replies.slice(20))
      expect(history(request).length).toBeLessThanOrEqual(MAX_UNSUMMARIZED_TURNS + 3);
    // The latest lines are always there, word for word.
    expect(atSixty.at(-1)).toEqual({ role: 'user', content: 'line 60' });
    expect(run.conversation.messages).toHaveLength(121);
  });

  it('on: a transition with enough behind it starts the next step from a summary', async () => {
    const { replies, history } = await chat(await agent({ context_compaction_enabled: true }), [
      'a',
      'b',
      'c',
      'go on',
      'after the move',
    ]);
    const next = history(replies.at(-1)!);
    expect(replies.at(-1)!.messages[0]!.content).toMatch(/Current step: Offer a demo/);
    expect(next[0]!.content).toMatch(SUMMARY_LINE);
    expect(next.slice(1).map((message) => message.content)).toEqual([
      'You said: c.',
      'go on',
      'You said: go on.',
      'after the move',
    ]);
  });

  it('on: a summary that fails changes nothing, and the chat goes on', async () => {
    fake.handle((request) =>
      isSummary(request) ? { status: 500, message: 'summaries are down' } : chatter(request),
    );
    try {
      const { run, replies, history } = await chat(
        await agent({ context_compaction_enabled: true }),
        numbered(12),
      );
      expect(fake.requests.filter(isSummary).length).toBeGreaterThan(0);
      expect(history(replies.at(-1)!)).toHaveLength(1 + 2 * 11 + 1);
      expect(run.conversation.status).toBe('active');
    } finally {
      fake.handle(chatter);
    }
  });
});

describe('add_global_prompt', () => {
  it("adds the global node's prompt by default; false leaves it out of that node's system message", async () => {
    await chat(await agent({}), []);
    expect(fake.requests[0]!.messages[0]!.content).toMatch(/^Be brief\. You work for Acme\./);
    await chat(await agent({}, false), []);
    expect(fake.requests[0]!.messages[0]!.content).not.toMatch(/Be brief/);
    expect(fake.requests[0]!.messages[0]!.content).toMatch(/^Current step: Greeting/);
  });
});
