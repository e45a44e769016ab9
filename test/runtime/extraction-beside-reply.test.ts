/**
 * A transition's variable extraction runs beside the next node's LLM request, not before it: the reply is not held
 * up by the extraction (on a call it is the caller's wait), and the turn is still recorded with what was extracted
 * and every request's tokens.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import { userSays } from '../../conversation/engine';
import { openConversation } from '../../conversation/recorded-turns';
import type { LanguageModel } from '../../llm';
import { modelOf } from '../voice/call-harness';
import { schemaNameOf, startOpenAiFake } from './fakes/openai-fake';

const fake = await startOpenAiFake();
afterAll(() => fake.close());

const definition = {
  nodes: [
    {
      id: 'ask',
      type: 'startCall',
      data: {
        name: 'Ask',
        prompt: 'Ask for an email address.',
        extraction_variables: [{ name: 'email', type: 'string', prompt: 'Their email address.' }],
      },
    },
    { id: 'offer', type: 'agentNode', data: { name: 'Offer', prompt: 'Offer a demo.' } },
  ],
  edges: [
    { id: 'e1', source: 'ask', target: 'offer', data: { label: 'next', condition: 'They gave an email.' } },
  ],
} as AgentDefinition;

describe('extraction on a transition', () => {
  it("runs beside the next node's request, and the turn keeps its values and its tokens", async () => {
    fake.fixUsage({ prompt_tokens: 1000, completion_tokens: 50 });
    fake.handle((request) => {
      if (schemaNameOf(request) === 'extraction')
        return { content: JSON.stringify({ email: 'ada@example.com' }) };
      if (request.messages[0]!.content.includes('Offer a demo')) return { content: 'Would you like a demo?' };
      return { toolCalls: [{ name: 'next', arguments: {} }] };
    });
    const timeline: Array<{ kind: string; start: number; end: number }> = [];
    let offerAnswered!: () => void;
    const offerDone = new Promise<void>((resolve) => (offerAnswered = resolve));
    const inner = modelOf(fake);
    const llm: LanguageModel = {
      model: inner.model,
      async chat(request) {
        const kind = request.jsonSchema?.name ?? (request.tools?.length ? 'ask' : 'offer');
        const entry = { kind, start: performance.now(), end: 0 };
        timeline.push(entry);
        // The extraction answers only once the next node's reply has: an engine that waited for it never gets one.
        if (kind === 'extraction') {
          const never = new Promise((_, reject) =>
            setTimeout(
              () => reject(new Error('the next request never came while the extraction ran')),
              10_000,
            ),
          );
          await Promise.race([offerDone, never]);
        }
        const result = await inner.chat(request);
        entry.end = performance.now();
        if (kind === 'offer') offerAnswered();
        return result;
      },
    };
    const start = openConversation(
      { definition },
      { variables: {}, dispositionCodes: ['done'], maxDurationSeconds: 600 },
    );
    const state = await userSays({ definition, llm, maxTurns: 10 }, start, 'It is ada@example.com.');

    const extraction = timeline.find((entry) => entry.kind === 'extraction')!;
    const offer = timeline.find((entry) => entry.kind === 'offer')!;
    expect(timeline.map((entry) => entry.kind)).toEqual(['ask', 'extraction', 'offer']);
    expect(offer.start).toBeLessThan(extraction.end);
    expect(offer.end).toBeLessThan(extraction.end);

    expect(state.node_id).toBe('offer');
    expect(state.gathered).toMatchObject({ email: 'ada@example.com' });
    expect(state.extracted_nodes).toEqual(['ask']);
    expect(state.turns.at(-1)).toMatchObject({
      role: 'agent',
      content: 'Would you like a demo?',
      usage: { prompt_tokens: 3000, completion_tokens: 150 },
    });
  });
});
