/**
 * Agents without an endCall node (issue 17 item 2): Dograh does not require one, and its quick-start example
 * (`create_workflow.ts`) has none. The agents API accepts such a definition on create and update (every other graph
 * check still applies), and the conversation engine runs it without crash or loop: with no end to reach, the
 * conversation ends at max turns, at the maximum duration, or when the user leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import { endConversation, startConversation, userSays } from '../../conversation/engine';
import type { ChatRequest, ChatResult, LanguageModel } from '../../llm';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { agentClient } from './helpers';

/** A quick-start shaped graph: a greeting that hands over to one helping step, and no endCall anywhere. */
const withoutEnd = () => ({
  nodes: [
    {
      id: '1',
      type: 'startCall',
      position: { x: 0, y: 0 },
      data: { name: 'Greeting', prompt: 'Greet the caller and ask how you can help.' },
    },
    {
      id: '2',
      type: 'agentNode',
      position: { x: 0, y: 200 },
      data: { name: 'Help', prompt: 'Answer their questions politely.' },
    },
  ],
  edges: [
    { id: 'e1-2', source: '1', target: '2', data: { label: 'help', condition: 'They asked something.' } },
  ],
});

describe('the agents API and definitions without an endCall', () => {
  let t: TestApp;
  let org: TestOrganization;
  let agents: ReturnType<typeof agentClient>;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    agents = agentClient(t, org);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates and updates an agent whose graph has no endCall, and keeps it as sent', async () => {
    const created = await agents.call('POST', '/create/definition', {
      name: 'Quick start',
      workflow_definition: withoutEnd(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().workflow_definition).toEqual(withoutEnd());

    const startOnly = { nodes: [withoutEnd().nodes[0]], edges: [] };
    const updated = await agents.call('PUT', `/${created.json().id}`, { workflow_definition: startOnly });
    expect(updated.statusCode).toBe(200);
    const fetched = await agents.call('GET', `/fetch/${created.json().id}`);
    expect(fetched.json().workflow_definition).toEqual(startOnly);
  });

  it('still refuses every other graph problem of such a definition with a 422', async () => {
    const broken = withoutEnd();
    broken.edges.push({ id: 'e2-x', source: '2', target: 'missing', data: { label: 'lost', condition: '' } });
    broken.nodes.push({ ...broken.nodes[0]!, id: '3' });
    const refused = await agents.call('POST', '/create/definition', {
      name: 'Broken',
      workflow_definition: broken,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail.map((p: { loc: string[] }) => p.loc.join('.'))).toEqual([
      'body.workflow_definition.nodes.2.type',
      'body.workflow_definition.edges.1.target',
    ]);
  });
});

describe('a conversation on a graph without an endCall', () => {
  /** Moves to the helping step once, then answers in words; asks for a transition that does not exist when told bye. */
  function helper(): LanguageModel & { requests: ChatRequest[] } {
    const requests: ChatRequest[] = [];
    return {
      model: 'scripted',
      requests,
      async chat(request: ChatRequest): Promise<ChatResult> {
        requests.push(request);
        const usage = { promptTokens: 1, completionTokens: 1 };
        if (request.jsonSchema)
          return {
            content: JSON.stringify({ disposition: 'callback' }),
            toolCalls: [],
            usage,
            model: 'scripted',
          };
        const last = request.messages.at(-1)?.content ?? '';
        const toolCalls = request.tools?.some((tool) => tool.name === 'help')
          ? [{ id: 'c1', name: 'help', arguments: {} }]
          : /bye/i.test(last)
            ? [{ id: 'c2', name: 'end_call', arguments: {} }]
            : [];
        return { content: toolCalls.length ? null : 'Happy to help.', toolCalls, usage, model: 'scripted' };
      },
    };
  }
  const definition = withoutEnd() as AgentDefinition;
  const start = { variables: {}, dispositionCodes: ['callback'], maxDurationSeconds: 60 };

  it('talks at the dead-end step (no transition tools), ignores an unknown transition, and ends at max turns', async () => {
    const llm = helper();
    const setup = { definition, llm, maxTurns: 3 };
    let state = await startConversation(setup, start);
    state = await userSays(setup, state, 'I have a question.');
    expect(state).toMatchObject({ node_id: '2', end_reason: null });
    state = await userSays(setup, state, 'Bye then.');
    expect(state.end_reason).toBeNull();
    expect(state.turns.at(-1)).toMatchObject({ role: 'agent', node_id: '2' });
    state = await userSays(setup, state, 'Still here.');
    expect(state).toMatchObject({ end_reason: 'max_turns', disposition: 'callback', node_id: '2' });
    const atHelp = llm.requests.filter(
      (r) => !r.jsonSchema && r.messages[0]?.content.includes('Answer their'),
    );
    expect(atHelp.length).toBeGreaterThan(0);
    expect(atHelp.every((r) => (r.tools ?? []).length === 0)).toBe(true);
  });

  it('ends at the maximum duration, and when the user leaves', async () => {
    let now = new Date('2026-01-01T10:00:00Z');
    const setup = { definition, llm: helper(), maxTurns: 50, now: () => now };
    const opened = await startConversation(setup, start);
    now = new Date('2026-01-01T10:01:01Z');
    expect(await userSays(setup, opened, 'Hello?')).toMatchObject({ end_reason: 'max_duration' });
    expect(await endConversation(setup, opened)).toMatchObject({ end_reason: 'user_ended' });
  });
});
