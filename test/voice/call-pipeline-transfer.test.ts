/**
 * A call handed to a person through the voice pipeline (issue 16): the graph reaches an endCall with `transfer_to`,
 * the transfer line plays whole (the caller talking over it does not cut it), the conversation is saved as
 * `transferred` before the hook moves the call, and the call ends `transferred` with the line as the transcript's
 * last turn. A hook that fails, or none, ends the call `transfer_failed` after the apology.
 */
import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import type { LanguageModel } from '../../llm';
import { DEFAULT_TRANSFER_MESSAGE } from '../../agents/transfer';
import { TRANSFER_FAILED_LINE } from '../../voice/call-transfer';
import { lastUserMessage, schemaNameOf, startOpenAiFake } from '../runtime/fakes/openai-fake';
import { GREETING, agentReplies, answerAsAgent, startCall, type CallUnderTest } from './call-harness';

const fake = await startOpenAiFake();
answerAsAgent(fake);

const DESK = '+15551230000';
const LINE = 'Let me put you through to our billing desk.';
/** A transfer line of two sentences: the first plays while the conversation is still being closed. */
const LONG_LINE = ['One moment, please.', 'I am putting you through to our billing desk now.'];

const transferGraph = (message: string | null = LINE) =>
  ({
    nodes: [
      { id: 'greet', type: 'startCall', data: { name: 'Greeting', prompt: 'Greet the caller.' } },
      {
        id: 'desk',
        type: 'endCall',
        data: { name: 'Billing desk', transfer_to: DESK, ...(message ? { transfer_message: message } : {}) },
      },
    ],
    edges: [
      {
        id: 'e1',
        source: 'greet',
        target: 'desk',
        data: { label: 'transfer', condition: 'The caller asks for a person.' },
      },
    ],
  }) as AgentDefinition;

/** The agent's LLM: as call-harness plays it, and a caller asking for a person is transferred. */
function useTransferReplies(): void {
  fake.handle((request) =>
    !schemaNameOf(request) && /person/i.test(lastUserMessage(request) ?? '')
      ? { toolCalls: [{ name: 'transfer', arguments: {} }] }
      : agentReplies(request),
  );
}

/** Greets, then the caller asks for a person. */
async function askForPerson(call: CallUnderTest): Promise<void> {
  await call.runUntil(call.played(GREETING[1]!));
  await call.say('Can I talk to a person please.');
}

describe('transfer to a person', () => {
  it('plays the transfer line whole, saves the conversation as transferred, then moves the call; the line ends the transcript', async () => {
    useTransferReplies();
    // The disposition is chosen while the line's first sentence plays; it is held until the caller talked over it.
    let releaseDisposition = () => {};
    const dispositionHeld = new Promise<void>((resolve) => (releaseDisposition = resolve));
    const holdDisposition = (llm: LanguageModel): LanguageModel => ({
      model: llm.model,
      chat: async (request) => {
        if (request.jsonSchema?.name === 'call_disposition') await dispositionHeld;
        return llm.chat(request);
      },
    });
    const moves: Array<{ destination: string; linePlayed: boolean; savedAs: string | null }> = [];
    const call: CallUnderTest = startCall({
      fake,
      definition: transferGraph(LONG_LINE.join(' ')),
      wrapLlm: holdDisposition,
      transfer: async (destination) => {
        moves.push({
          destination,
          linePlayed: call.playedMarks().includes(LONG_LINE[1]!),
          savedAs: call.saved.at(-1)?.end_reason ?? null,
        });
      },
    });
    await askForPerson(call);
    await call.runUntil(() => call.transport.queuedSamples > 0 && call.playedMarks().at(-1) === GREETING[1]);
    // The first sentence is playing: the caller talks over it for longer than a barge-in needs.
    const over = await call.say('Wait, wait, hold on a second, I have another question.');
    await call.runUntil(() => over.startMs !== null && call.transport.mediaMs > over.startMs + 800);
    releaseDisposition();
    await call.runUntil();

    expect(call.transport.clears).toEqual([]);
    expect(moves).toEqual([{ destination: DESK, linePlayed: true, savedAs: 'transferred' }]);
    const finished = call.finished()!;
    expect(finished.endReason).toBe('transferred');
    expect(finished.error).toBeNull();
    expect(finished.state).toMatchObject({
      end_reason: 'transferred',
      transfer_to: DESK,
      disposition: 'done',
    });
    expect(finished.state.turns.at(-1)).toMatchObject({
      role: 'agent',
      content: LONG_LINE.join(' '),
      node_id: 'desk',
    });
    expect(finished.state.turns.at(-1)?.interrupted).toBeUndefined();
    expect(call.playedMarks().slice(-2)).toEqual(LONG_LINE);
    expect(call.transport.closed).toBe(true);
  });

  it('says the default line when the node names none', async () => {
    useTransferReplies();
    const destinations: string[] = [];
    const call = startCall({
      fake,
      definition: transferGraph(null),
      transfer: async (destination) => void destinations.push(destination),
    });
    await askForPerson(call);
    await call.runUntil();
    expect(destinations).toEqual([DESK]);
    expect(call.playedMarks().at(-1)).toBe(DEFAULT_TRANSFER_MESSAGE);
    expect(call.finished()!.state.turns.at(-1)?.content).toBe(DEFAULT_TRANSFER_MESSAGE);
  });

  it('apologises and ends transfer_failed when the vendor refuses the transfer', async () => {
    useTransferReplies();
    const call = startCall({
      fake,
      definition: transferGraph(),
      transfer: async () => {
        throw new Error('twilio answered 400');
      },
    });
    await askForPerson(call);
    await call.runUntil();
    const finished = call.finished()!;
    expect(finished.endReason).toBe('transfer_failed');
    expect(finished.error).toBe('twilio answered 400');
    expect(finished.state).toMatchObject({ end_reason: 'transfer_failed', disposition: 'transfer_failed' });
    expect(finished.state.gathered.mapped_call_disposition).toBe('transfer_failed');
    expect(finished.state.turns.slice(-2).map((t) => t.content)).toEqual([LINE, TRANSFER_FAILED_LINE]);
    expect(call.playedMarks().slice(-2)).toEqual([LINE, TRANSFER_FAILED_LINE]);
  });

  it('ends transfer_failed after the apology when the call has no way to transfer', async () => {
    useTransferReplies();
    const call = startCall({ fake, definition: transferGraph() });
    await askForPerson(call);
    await call.runUntil();
    const finished = call.finished()!;
    expect(finished.endReason).toBe('transfer_failed');
    expect(finished.error).toMatch(/cannot be transferred/);
    expect(call.playedMarks().slice(-2)).toEqual([LINE, TRANSFER_FAILED_LINE]);
  });
});
