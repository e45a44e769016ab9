/**
 * A graph that mixes scripted and LLM nodes (issue 37): the scripted opening asks no LLM, a yes moves to an LLM step
 * that reads the scripted line and the answer as the conversation so far, and the LLM's classifier chooses the
 * disposition when no scripted branch set one; a no ends on a scripted goodbye with its branch's disposition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import {
  lastUserMessage,
  schemaNameOf,
  startOpenAiFake,
  type OpenAiFake,
} from '../runtime/fakes/openai-fake';
import { mixedAgent } from './scripted-fixtures';

describe('a graph of scripted and LLM nodes', () => {
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
    t = await createTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MAX_RETRIES: '0' });
    org = await createTestOrganization(t.ctx.db);
    const created = await post('/create/definition', mixedAgent());
    expect(created.statusCode).toBe(201);
    agentId = created.json().id;
    fake.handle((request) => {
      if (schemaNameOf(request) === 'call_disposition')
        return { content: JSON.stringify({ disposition: 'demo_booked' }) };
      const step = /Current step: (.+)/.exec(request.messages[0]!.content)?.[1];
      if (step === 'Bye') return { content: 'Thanks, goodbye!' };
      return /book/i.test(lastUserMessage(request))
        ? { toolCalls: [{ name: 'done', arguments: {} }] }
        : { content: 'Would you like a demo next week?' };
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('opens without the LLM, then lets it talk from the scripted answer on', async () => {
    fake.requests.length = 0;
    const started = await post(`/${agentId}/runs`, { mode: 'textchat', initial_context: { name: 'Ada' } });
    expect(started.statusCode).toBe(201);
    const run = started.json();
    expect(run.conversation.messages[0].content).toBe(
      'Hello Ada, do you have a minute to hear about Rocket?',
    );
    expect(fake.requests).toHaveLength(0);

    const yes = await post(`/${agentId}/runs/${run.id}/messages`, { content: 'Yep.' });
    expect(yes.json()).toMatchObject({
      reply: 'Would you like a demo next week?',
      conversation: { status: 'active', node: { id: 'pitch' } },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.messages.slice(1)).toEqual([
      expect.objectContaining({
        role: 'assistant',
        content: 'Hello Ada, do you have a minute to hear about Rocket?',
      }),
      expect.objectContaining({ role: 'user', content: 'Yep.' }),
    ]);

    const booked = await post(`/${agentId}/runs/${run.id}/messages`, { content: 'Book it, please.' });
    expect(booked.json()).toMatchObject({
      reply: 'Thanks, goodbye!',
      conversation: {
        status: 'ended',
        disposition: 'demo_booked',
        gathered_context: { mapped_call_disposition: 'demo_booked' },
      },
    });
    expect(fake.requests.some((request) => schemaNameOf(request) === 'call_disposition')).toBe(true);
  });

  it("ends on the scripted goodbye with its branch's disposition, the LLM never asked", async () => {
    fake.requests.length = 0;
    const started = await post(`/${agentId}/runs`, { mode: 'textchat', initial_context: { name: 'Ada' } });
    const declined = await post(`/${agentId}/runs/${started.json().id}/messages`, { content: 'Nah.' });
    expect(declined.json()).toMatchObject({
      reply: 'No problem. Goodbye.',
      conversation: { status: 'ended', disposition: 'not_interested' },
    });
    expect(fake.requests).toHaveLength(0);
  });
});
