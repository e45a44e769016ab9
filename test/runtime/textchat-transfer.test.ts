/**
 * A text conversation that reaches a transfer node (issue 16): the transfer line is the agent's reply and last turn
 * (said as written, no LLM asked for it), and the run ends with end reason `transferred`, a disposition from the
 * agent's codes, and the destination kept in the conversation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { lastUserMessage, schemaNameOf, startOpenAiFake, type OpenAiFake } from './fakes/openai-fake';

const LINE = 'Transferring you to a specialist now.';

describe('a text conversation handed to a person', () => {
  let fake: OpenAiFake;
  let t: TestApp;
  let org: TestOrganization;
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
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('replies with the transfer line and ends transferred', async () => {
    const created = await post('/create/definition', {
      name: 'Front desk',
      workflow_definition: {
        nodes: [
          { id: 'greet', type: 'startCall', data: { name: 'Greeting', prompt: 'Greet the user.' } },
          {
            id: 'human',
            type: 'endCall',
            data: {
              name: 'Specialist',
              transfer_to: 'sip:specialist@pbx.example.com',
              transfer_message: LINE,
            },
          },
        ],
        edges: [
          {
            id: 'e1',
            source: 'greet',
            target: 'human',
            data: { label: 'escalate', condition: 'Wants a human.' },
          },
        ],
      },
      call_disposition_codes: { disposition_codes: ['escalated', 'resolved'] },
    });
    expect(created.statusCode).toBe(201);
    const agentId = created.json().id;
    fake.handle((request) => {
      if (schemaNameOf(request) === 'call_disposition')
        return { content: JSON.stringify({ disposition: 'escalated' }) };
      return /human/i.test(lastUserMessage(request))
        ? { toolCalls: [{ name: 'escalate', arguments: {} }] }
        : { content: 'Hello, how can I help?' };
    });
    const started = await post(`/${agentId}/runs`, { mode: 'textchat' });
    expect(started.statusCode).toBe(201);
    const runId = started.json().id;
    fake.requests.length = 0;

    const reply = await post(`/${agentId}/runs/${runId}/messages`, { content: 'I want a human please.' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      reply: LINE,
      conversation: { status: 'ended', end_reason: 'transferred', disposition: 'escalated' },
    });
    expect(reply.json().conversation.messages.at(-1)).toMatchObject({
      role: 'agent',
      content: LINE,
      node_id: 'human',
    });
    // The transition and the disposition: no LLM request produced the line.
    expect(fake.requests.map((r) => schemaNameOf(r) ?? 'turn')).toEqual(['turn', 'call_disposition']);
    const run = await t.ctx.db
      .selectFrom('runs')
      .select(['is_completed', 'logs'])
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    expect(run.is_completed).toBe(true);
    expect((run.logs as { conversation: Record<string, unknown> }).conversation).toMatchObject({
      end_reason: 'transferred',
      transfer_to: 'sip:specialist@pbx.example.com',
    });
  });
});
