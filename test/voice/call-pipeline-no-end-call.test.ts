/**
 * A voice call with an agent whose graph has no endCall node (Dograh allows it; issue 17 item 2): nothing in the
 * graph can end the call, so the caller's goodbye gets an answer and the call goes on until the clock ends it, at
 * maxDurationSeconds of media time or on the silence timeout. No crash, no loop of requests.
 */
import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import { STILL_THERE } from '../../voice/call-lines';
import { lastUserMessage, schemaNameOf, startOpenAiFake } from '../runtime/fakes/openai-fake';
import { GREETING, agentReplies, answerAsAgent, startCall } from './call-harness';

const fake = await startOpenAiFake();
answerAsAgent(fake);

/** The greeting node alone: no edges, no endCall. */
const greetingOnly = {
  nodes: [
    { id: 'greet', type: 'startCall', data: { name: 'Greeting', prompt: 'Greet the caller and help them.' } },
  ],
  edges: [],
} as AgentDefinition;

const FAREWELL = 'Goodbye, take care.';

const spokenRequests = () => fake.requests.filter((request) => schemaNameOf(request) === null);

describe('a call with an agent without an endCall', () => {
  it('answers the caller goodbye with words (no transition tools) and ends at the maximum duration', async () => {
    // The harness's agent would ask for its `finish` transition on a goodbye; with no tools offered it answers in words.
    fake.handle((request) =>
      schemaNameOf(request) === null && /goodbye/i.test(lastUserMessage(request))
        ? { content: FAREWELL }
        : agentReplies(request),
    );
    // Media time runs ten times faster than the wall clock while the LLM and the local voice take wall time: 30 s
    // leave the farewell about 2.5 s of a loaded machine's time after the goodbye (12 s left it under one).
    const call = startCall({ fake, definition: greetingOnly, settings: { maxDurationSeconds: 30 } });
    await call.runUntil(call.played(GREETING[1]!));
    await call.say('Goodbye.');
    await call.runUntil(call.played(FAREWELL));
    await call.runUntil();
    expect(call.transport).toMatchObject({ closedWith: 'max_duration', closedAtMs: 30_000 });
    const finished = call.finished()!;
    expect(finished).toMatchObject({ endReason: 'max_duration', error: null });
    expect(finished.state).toMatchObject({
      end_reason: 'max_duration',
      node_id: 'greet',
      disposition: 'done',
    });
    expect(finished.state.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', GREETING.join(' ')],
      ['user', 'Goodbye.'],
      ['agent', FAREWELL],
    ]);
    // One request for the greeting and one for the reply, both without tools: nothing looped.
    expect(spokenRequests()).toHaveLength(2);
    expect(spokenRequests().every((request) => (request.tools ?? []).length === 0)).toBe(true);
  });

  it('ends on the silence timeout when the caller says nothing', async () => {
    const call = startCall({ fake, definition: greetingOnly, settings: { idleTimeoutSeconds: 1 } });
    await call.runUntil();
    expect(call.playedMarks()).toEqual([...GREETING, STILL_THERE]);
    expect(call.transport.closedWith).toBe('silence_timeout');
    expect(call.finished()!.state).toMatchObject({ end_reason: 'silence_timeout', node_id: 'greet' });
  });
});
