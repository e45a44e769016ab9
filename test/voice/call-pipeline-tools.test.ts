/**
 * Tool calls on a live call (conversation/tool-rounds.ts through the voice pipeline, on the media clock): a tool
 * slower than about 1 s has its wait message said while it runs, then the LLM's reply is spoken; the words said
 * before the call are heard and kept; a barge-in while the tool runs sends no second request when the caller asks
 * again.
 */
import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import { ToolRunner, type AgentTool, type AgentToolbox } from '../../conversation/agent-tools';
import { lastUserMessage, startOpenAiFake, type FakeReply } from '../runtime/fakes/openai-fake';
import { GREETING, definition, startCall } from './call-harness';

const fake = await startOpenAiFake();

const withTools = {
  ...definition,
  nodes: definition.nodes.map((node) =>
    node.type === 'startCall' ? { ...node, data: { ...node.data, tool_uuids: ['t-slow'] } } : node,
  ),
} as AgentDefinition;

const SLOW: AgentTool = {
  uuid: 't-slow',
  spec: {
    name: 'check_order',
    description: 'Checks an order.',
    parameters: { type: 'object', properties: {} },
  },
  action: { type: 'run', waitMessage: 'Still checking, one moment.' },
};

function slowToolbox() {
  let release: (() => void) | null = null;
  const runs: string[] = [];
  const toolbox: AgentToolbox = {
    forNode: (node) =>
      (node.data as { tool_uuids?: string[] }).tool_uuids?.includes('t-slow') ? [SLOW] : [],
    async run(_tool, _args, context) {
      runs.push(context.idempotencyKey);
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true, content: '{"status":"shipped"}' };
    },
  };
  return { runner: new ToolRunner(toolbox, 'call-1'), runs, release: () => release?.() };
}

fake.handle((request): FakeReply => {
  if (request.messages.at(-1)!.role === 'tool') return { content: 'Your order has shipped.' };
  if (/order/i.test(lastUserMessage(request)))
    return { content: 'Let me look that up.', toolCalls: [{ name: 'check_order', arguments: {} }] };
  if (!lastUserMessage(request)) return { content: GREETING.join(' ') };
  return { content: 'What else?' };
});

describe('a tool on a call', () => {
  it('says the wait message while a slow tool runs, then speaks the reply', async () => {
    const tools = slowToolbox();
    const call = startCall({ fake, definition: withTools, tools: tools.runner });
    await call.runUntil(call.played(GREETING[1]!));
    await call.say('Where is my order?');
    await call.runUntil(call.played('Still checking, one moment.'));
    expect(call.playedMarks()).toContain('Let me look that up.');
    tools.release();
    await call.runUntil(call.played('Your order has shipped.'));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    const reply = finished.state.turns.findLast((turn) => turn.role === 'agent' && turn.tool_rounds)!;
    expect(reply.content).toBe('Let me look that up. Still checking, one moment. Your order has shipped.');
    expect(tools.runs).toHaveLength(1);
  });

  it('sends no second request when the caller talks over it and asks again', async () => {
    const tools = slowToolbox();
    const call = startCall({ fake, definition: withTools, tools: tools.runner });
    await call.runUntil(call.played(GREETING[1]!));
    await call.say('Where is my order?');
    await call.runUntil(call.played('Let me look that up.'));
    await call.say('Sorry, where is my order?');
    await call.runUntil(() => call.transport.clears.length > 0, 20_000);
    await call.runUntil(() => tools.runs.length > 0);
    tools.release();
    await call.runUntil(call.played('Your order has shipped.'));
    call.pipeline.shutdown();
    await call.pipeline.done;
    expect(tools.runs).toHaveLength(1);
  });
});
