/**
 * The engine on scripted graphs with no LLM (conversation/engine.ts, scripted-node.ts): the timeout branch a call's
 * silence takes, and a step that goes straight on after its line. The model refuses every request, so a test fails
 * if anything asks it.
 */
import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import { callerSilent, startConversation, userSays, type ConversationSetup } from '../../conversation/engine';
import { NO_LLM, silenceBranchSeconds } from '../../conversation/scripted-node';
import { reminderAgent } from './scripted-fixtures';

const at = new Date('2026-12-07T10:00:00Z');
const setupOf = (definition: unknown): ConversationSetup => ({
  definition: definition as AgentDefinition,
  llm: NO_LLM,
  maxTurns: 20,
  now: () => at,
});
const start = {
  variables: { name: 'Ada' },
  dispositionCodes: ['no_decision', 'confirmed'],
  maxDurationSeconds: 600,
};

describe('scripted graphs in the engine', () => {
  it("takes the timeout branch on the caller's silence, with its disposition", async () => {
    const setup = setupOf(reminderAgent().workflow_definition);
    const opened = await startConversation(setup, start);
    expect(silenceBranchSeconds(setup.definition, opened)).toBe(8);
    const silent = await callerSilent(setup, opened);
    expect(silent).toMatchObject({
      node_id: 'later',
      end_reason: 'completed',
      disposition: 'no_decision',
      transitions: [expect.objectContaining({ from: 'remind', to: 'later', label: 'silence' })],
    });
    expect(silent.turns.at(-1)).toMatchObject({
      role: 'agent',
      content: 'We will call you back later. Goodbye.',
    });
    // A step without a timeout branch changes nothing on silence.
    const answered = await userSays(setup, opened, 'Purple.');
    expect(silenceBranchSeconds(setup.definition, { ...answered, node_id: 'kept' })).toBeNull();
  });

  it('goes straight on after a line whose only edge has no branch keys, saying both lines as one turn', async () => {
    const definition = {
      nodes: [
        {
          id: 'hi',
          type: 'startCall',
          data: { name: 'Hi', prompt: 'x', scripted: true, script_line: 'Hi {{name}}.' },
        },
        {
          id: 'ask',
          type: 'agentNode',
          data: { name: 'Ask', prompt: 'x', scripted: true, script_line: 'Is this a good time?' },
        },
        { id: 'bye', type: 'endCall', data: { name: 'Bye', scripted: true } },
      ],
      edges: [
        { id: 'e1', source: 'hi', target: 'ask', data: { label: 'next' } },
        { id: 'e2', source: 'ask', target: 'bye', data: { label: 'any', is_default: true } },
      ],
    };
    const setup = setupOf(definition);
    const opened = await startConversation(setup, start);
    expect(opened.node_id).toBe('ask');
    expect(opened.turns).toEqual([
      expect.objectContaining({ role: 'agent', content: 'Hi Ada. Is this a good time?' }),
    ]);
    // The silent endCall ends without a word, with the agent's first code.
    const ended = await userSays(setup, opened, 'Whatever.');
    expect(ended).toMatchObject({ end_reason: 'completed', disposition: 'no_decision' });
    expect(ended.turns.at(-1)).toMatchObject({ role: 'user' });
  });
});
