/**
 * Tool calls in the conversation engine (conversation/tool-rounds.ts, agent-tools.ts) with the OpenAI fake as the
 * LLM and a toolbox in memory as the tools: a call's result reaches the next request as a `tool` message and the
 * reply follows; the words said alongside are kept; parallel calls run in order; the per-turn cap; failures and
 * unknown tools answered with errors; end_call and transfer_call chosen by the LLM; the next turn's history replays
 * the rounds; one request per call across an aborted turn (idempotency); a preemptive reply runs no tool before
 * the decision.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import {
  ToolRunner,
  type AgentTool,
  type AgentToolbox,
  type ToolOutcome,
} from '../../conversation/agent-tools';
import { startConversation, userSays, type ConversationSetup } from '../../conversation/engine';
import { modelOf } from '../voice/call-harness';
import {
  lastUserMessage,
  startOpenAiFake,
  type FakeChatRequest,
  type FakeReply,
  type OpenAiFake,
} from './fakes/openai-fake';

const definition = {
  nodes: [
    {
      id: 'start',
      type: 'startCall',
      data: {
        name: 'Help',
        prompt: 'Help with orders.',
        tool_uuids: ['t-order', 't-end', 't-transfer', 't-slow'],
      },
    },
    { id: 'done', type: 'endCall', data: { name: 'Done', prompt: 'Say goodbye.' } },
  ],
  edges: [
    {
      id: 'e',
      source: 'start',
      target: 'done',
      data: { label: 'finished', condition: 'The caller is done.' },
    },
  ],
} as unknown as AgentDefinition;

const spec = (name: string, properties: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} tool.`,
  parameters: { type: 'object', properties, additionalProperties: false },
});
const TOOLS: AgentTool[] = [
  {
    uuid: 't-order',
    spec: spec('lookup_order', { order: { type: 'string' } }),
    action: { type: 'run', waitMessage: null },
  },
  {
    uuid: 't-end',
    spec: spec('end_call', { reason: { type: 'string' } }),
    action: { type: 'end_call', message: 'Goodbye now.' },
  },
  {
    uuid: 't-transfer',
    spec: spec('transfer_call'),
    action: { type: 'transfer_call', message: null, waitMessage: null },
  },
  {
    uuid: 't-slow',
    spec: spec('slow_lookup'),
    action: { type: 'run', waitMessage: 'Checking that for you.' },
  },
];

/**
 * The toolbox in memory: each run recorded; `lookup_order` answers from a table, `fail` makes it fail; the transfer
 * finds the call's `desk` variable as its destination.
 */
function memoryToolbox() {
  const runs: Array<{ name: string; args: Record<string, unknown>; key: string }> = [];
  let fail = false;
  let release: (() => void) | null = null;
  const toolbox: AgentToolbox = {
    forNode: (node) =>
      TOOLS.filter((tool) => ((node.data as { tool_uuids?: string[] }).tool_uuids ?? []).includes(tool.uuid)),
    async run(tool, args, context): Promise<ToolOutcome> {
      runs.push({ name: tool.spec.name, args, key: context.idempotencyKey });
      if (tool.spec.name === 'slow_lookup') await new Promise<void>((resolve) => (release = resolve));
      if (fail) return { ok: false, content: 'HTTP 503: service unavailable' };
      if (tool.action.type === 'transfer_call')
        return {
          ok: true,
          content: '',
          transfer: { destination: String(context.variables.desk), message: null },
        };
      return { ok: true, content: JSON.stringify({ order: args.order, status: 'shipped' }) };
    },
  };
  return { toolbox, runs, failing: () => (fail = true), release: () => release?.() };
}

let fake: OpenAiFake;
beforeAll(async () => {
  fake = await startOpenAiFake();
});
afterAll(() => fake.close());
beforeEach(() => fake.requests.splice(0));

const lastIsTool = (request: FakeChatRequest) => request.messages.at(-1)!.role === 'tool';
const toolMessages = (request: FakeChatRequest) => request.messages.filter((m) => m.role === 'tool');

function setupWith(
  box: ReturnType<typeof memoryToolbox>,
  extra: Partial<ConversationSetup> = {},
): ConversationSetup {
  return {
    definition,
    llm: modelOf(fake),
    maxTurns: 20,
    tools: new ToolRunner(box.toolbox, 'run-1'),
    ...extra,
  };
}
const start = (setup: ConversationSetup) =>
  startConversation(setup, {
    variables: { desk: '+14155550100' },
    dispositionCodes: [],
    maxDurationSeconds: 600,
  });

describe('tool calls in a turn', () => {
  it('sends the result back as a tool message, speaks the reply, keeps the words said alongside', async () => {
    const box = memoryToolbox();
    fake.handle((request): FakeReply => {
      if (lastIsTool(request)) return { content: 'Your order has shipped.' };
      if (/order 42/.test(lastUserMessage(request)))
        return {
          content: 'Let me check.',
          toolCalls: [{ name: 'lookup_order', arguments: { order: '42' } }],
        };
      return { content: 'Hello, how can I help?' };
    });
    const setup = setupWith(box);
    const state = await userSays(setup, await start(setup), 'Where is order 42?');
    expect(box.runs).toEqual([
      { name: 'lookup_order', args: { order: '42' }, key: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
    const second = fake.requests.at(-1)!;
    expect(toolMessages(second)).toEqual([
      expect.objectContaining({ role: 'tool', content: '{"order":"42","status":"shipped"}' }),
    ]);
    const reply = state.turns.at(-1)!;
    expect(reply.content).toBe('Let me check. Your order has shipped.');
    expect(reply.tool_rounds).toEqual([
      {
        said: 'Let me check.',
        calls: [
          expect.objectContaining({
            name: 'lookup_order',
            tool_uuid: 't-order',
            arguments: { order: '42' },
            ok: true,
          }),
        ],
      },
    ]);
    expect(state.gathered.tool_calls).toEqual([
      expect.objectContaining({
        name: 'lookup_order',
        ok: true,
        result: '{"order":"42","status":"shipped"}',
      }),
    ]);
    // The next turn's request replays the round: the words and call, the result, then the last words.
    await userSays(setup, state, 'Thanks.');
    const replay = fake.requests
      .at(-1)!
      .messages.slice(-5)
      .map((m) => [m.role, m.content, m.tool_calls?.length ?? 0]);
    expect(replay).toEqual([
      ['user', 'Where is order 42?', 0],
      ['assistant', 'Let me check.', 1],
      ['tool', '{"order":"42","status":"shipped"}', 0],
      ['assistant', 'Your order has shipped.', 0],
      ['user', 'Thanks.', 0],
    ]);
  });

  it('runs parallel calls of one response in order; a failed tool and an unknown one are answered as errors', async () => {
    const box = memoryToolbox();
    box.failing();
    fake.handle((request): FakeReply => {
      if (lastIsTool(request)) return { content: 'Sorry, I cannot see those orders right now.' };
      if (/orders/.test(lastUserMessage(request)))
        return {
          toolCalls: [
            { name: 'lookup_order', arguments: { order: '1' } },
            { name: 'lookup_order', arguments: { order: '2' } },
            { name: 'delete_everything', arguments: {} },
          ],
        };
      return { content: 'Hello.' };
    });
    const setup = setupWith(box);
    const state = await userSays(setup, await start(setup), 'Check orders 1 and 2.');
    expect(box.runs.map((run) => run.args.order)).toEqual(['1', '2']);
    expect(toolMessages(fake.requests.at(-1)!).map((m) => m.content)).toEqual([
      'HTTP 503: service unavailable',
      'HTTP 503: service unavailable',
      'Not run: there is no tool named delete_everything here.',
    ]);
    expect(state.end_reason).toBeNull();
    expect(state.turns.at(-1)!.content).toBe('Sorry, I cannot see those orders right now.');
  });

  it('runs at most max_tool_calls_per_turn calls, then offers no tool until the turn is over', async () => {
    const box = memoryToolbox();
    fake.handle((request): FakeReply =>
      request.tools?.some((tool) => tool.function.name === 'lookup_order') &&
      /again/.test(lastUserMessage(request))
        ? {
            toolCalls: [{ name: 'lookup_order', arguments: { order: String(toolMessages(request).length) } }],
          }
        : { content: 'Done looking.' },
    );
    const setup = setupWith(box, { maxToolCallsPerTurn: 2 });
    const state = await userSays(setup, await start(setup), 'Look again and again.');
    expect(box.runs).toHaveLength(2);
    expect(state.turns.at(-1)!.content).toBe('Done looking.');
    expect(fake.requests.at(-1)!.tools?.map((tool) => tool.function.name)).toEqual(['finished']);
  });
});

describe('words said with a transition', () => {
  it('are kept in the turn and seen by the next step’s request', async () => {
    const box = memoryToolbox();
    fake.handle((request): FakeReply => {
      if (/Current step: Done/.test(request.messages[0]!.content)) return { content: 'Goodbye!' };
      if (/all set/.test(lastUserMessage(request)))
        return { content: 'Alright then.', toolCalls: [{ name: 'finished', arguments: {} }] };
      return { content: 'Hello.' };
    });
    const setup = setupWith(box);
    const state = await userSays(setup, await start(setup), 'I am all set.');
    expect(state.turns.at(-1)!.content).toBe('Alright then. Goodbye!');
    expect(fake.requests.at(-1)!.messages.at(-1)).toEqual({ role: 'assistant', content: 'Alright then.' });
    expect(state.end_reason).toBe('completed');
  });
});

describe('tools that end the turn', () => {
  it('end_call: says its message, ends the conversation completed, keeps the reason', async () => {
    const box = memoryToolbox();
    fake.handle((request): FakeReply =>
      /bye/.test(lastUserMessage(request))
        ? { toolCalls: [{ name: 'end_call', arguments: { reason: 'caller said goodbye' } }] }
        : { content: 'Hello.' },
    );
    const setup = setupWith(box);
    const state = await userSays(setup, await start(setup), 'OK bye.');
    expect(state.end_reason).toBe('completed');
    expect(state.gathered.end_call_reason).toBe('caller said goodbye');
    expect(state.turns.at(-1)!.content).toBe('Goodbye now.');
    expect(box.runs).toEqual([]);
  });

  it('transfer_call: hands over to the destination its run found; an unusable one or a failure goes back to the LLM', async () => {
    const box = memoryToolbox();
    fake.handle((request): FakeReply =>
      /person/.test(lastUserMessage(request)) && !lastIsTool(request)
        ? { toolCalls: [{ name: 'transfer_call', arguments: {} }] }
        : { content: 'I could not transfer you.' },
    );
    const setup = setupWith(box);
    const state = await userSays(setup, await start(setup), 'A person, please.');
    expect(state.end_reason).toBe('transferred');
    expect(state.transfer_to).toBe('+14155550100');

    const unusable = await startConversation(setup, {
      variables: { desk: 'the front desk' },
      dispositionCodes: [],
      maxDurationSeconds: 600,
    });
    const refused = await userSays(setup, unusable, 'A person, please.');
    expect(refused.end_reason).toBeNull();
    expect(toolMessages(fake.requests.at(-1)!).map((m) => m.content)).toEqual([
      'Not transferred: the destination is not a phone number or SIP address.',
    ]);

    box.failing();
    const failed = await userSays(setup, await start(setup), 'A person, please.');
    expect(failed.end_reason).toBeNull();
    expect(toolMessages(fake.requests.at(-1)!).map((m) => m.content)).toEqual([
      'HTTP 503: service unavailable',
    ]);
  });
});

describe('one request per call', () => {
  it('a turn cut short leaves its call to the turn that follows: one run, one idempotency key', async () => {
    const box = memoryToolbox();
    const runner = new ToolRunner(box.toolbox, 'run-2');
    const [tool] = TOOLS;
    const none = { variables: {}, gathered: {} };
    const first = runner.run(tool!, { order: '7' }, none);
    const again = runner.run(tool!, { b: 1, order: '7' }, none);
    const same = runner.run(tool!, { order: '7' }, none);
    expect(same).toBe(first);
    await Promise.all([first, again]);
    expect(box.runs.map((run) => run.key)).toEqual([
      box.runs[0]!.key,
      expect.not.stringMatching(box.runs[0]!.key),
    ]);
    runner.turnRecorded();
    await runner.run(tool!, { order: '7' }, none);
    expect(box.runs).toHaveLength(3);
    expect(box.runs[2]!.key).not.toBe(box.runs[0]!.key);
  });

  it('across a barge-in: the aborted turn’s request is not sent again by the next turn', async () => {
    const box = memoryToolbox();
    fake.handle((request): FakeReply => {
      if (lastIsTool(request)) return { content: 'Found it.' };
      if (/slow/.test(lastUserMessage(request)))
        return { toolCalls: [{ name: 'slow_lookup', arguments: {} }] };
      return { content: 'Hello.' };
    });
    const runner = new ToolRunner(box.toolbox, 'run-3');
    const controller = new AbortController();
    const spoken: string[] = [];
    const speech = { onText: (delta: string) => spoken.push(delta), signal: controller.signal };
    const setup = setupWith(box, { tools: runner });
    const opened = await start(setup);
    const cut = userSays({ ...setup, speech }, opened, 'Do the slow thing.');
    await expect.poll(() => box.runs.length).toBe(1);
    controller.abort(new Error('barge-in'));
    await expect(cut).rejects.toThrow('barge-in');
    const retried = userSays(setup, opened, 'Do the slow thing.');
    box.release();
    const state = await retried;
    expect(box.runs).toHaveLength(1);
    expect(state.turns.at(-1)!.content).toBe('Found it.');
  });

  it('a preemptive reply runs no tool before the turn is decided', async () => {
    const box = memoryToolbox();
    fake.handle((request): FakeReply => {
      if (lastIsTool(request)) return { content: 'Shipped.' };
      if (!lastUserMessage(request)) return { content: 'Hello.' };
      return { toolCalls: [{ name: 'lookup_order', arguments: { order: '9' } }] };
    });
    let decide!: () => void;
    const decided = new Promise<void>((resolve) => (decide = resolve));
    const setup = setupWith(box);
    const opened = await start(setup);
    fake.requests.splice(0);
    const reply = userSays({ ...setup, speech: { onText: () => {}, decided } }, opened, 'Order 9?');
    await expect.poll(() => fake.requests.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(box.runs).toEqual([]);
    decide();
    expect((await reply).turns.at(-1)!.content).toBe('Shipped.');
    expect(box.runs).toHaveLength(1);
  });
});
