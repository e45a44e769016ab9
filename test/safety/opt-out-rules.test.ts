import { describe, expect, it } from 'vitest';
import { openConversation } from '../../conversation/recorded-turns';
import { classifyDisposition } from '../../conversation/extraction';
import type { ConversationState } from '../../conversation/conversation-state';
import {
  maskNumber,
  optOutOfConversation,
  optOutOfGathered,
  optOutSettingsOf,
  personNumberOf,
} from '../../domain/opt-out';
import type { ChatRequest, LanguageModel } from '../../llm';

/** The opt-out rules without a call: settings as read, when a run opted out, whose number, and logs' masking. */

describe("an agent's opt-out settings as read", () => {
  it('default to do_not_call and no key', () => {
    for (const stored of [null, undefined, {}])
      expect(optOutSettingsOf(stored)).toEqual({ disposition: 'do_not_call', dtmfKey: null });
  });

  it('keep valid values and read values the API would refuse as the defaults', () => {
    expect(optOutSettingsOf({ opt_out_disposition: 'remove_me', opt_out_dtmf_key: '*' })).toEqual({
      disposition: 'remove_me',
      dtmfKey: '*',
    });
    for (const bad of ['', ' x', 'x\ny', 'x'.repeat(101), 7, null])
      expect(optOutSettingsOf({ opt_out_disposition: bad }).disposition).toBe('do_not_call');
    for (const bad of ['A', '10', 9, '', null])
      expect(optOutSettingsOf({ opt_out_dtmf_key: bad }).dtmfKey).toBeNull();
  });
});

describe('whether a run opted out', () => {
  it('is the key press whatever the disposition, else the opt-out disposition', () => {
    expect(
      optOutOfConversation({ keyPressed: true, disposition: 'llm_error', optOutDisposition: 'do_not_call' }),
    ).toEqual({ via: 'keypad' });
    expect(
      optOutOfConversation({
        keyPressed: false,
        disposition: 'do_not_call',
        optOutDisposition: 'do_not_call',
      }),
    ).toEqual({ via: 'disposition' });
    expect(
      optOutOfConversation({ keyPressed: false, disposition: 'voicemail', optOutDisposition: 'do_not_call' }),
    ).toBeNull();
    // A text chat (no opt-out disposition) never opts out, whatever its codes.
    expect(
      optOutOfConversation({ keyPressed: false, disposition: 'do_not_call', optOutDisposition: undefined }),
    ).toBeNull();
  });

  it('is read back from gathered_context only in its own shape', () => {
    expect(optOutOfGathered({ opt_out: { via: 'keypad' } })).toEqual({ via: 'keypad' });
    for (const other of [null, {}, { opt_out: true }, { opt_out: { via: 'email' } }, 'x'])
      expect(optOutOfGathered(other)).toBeNull();
  });
});

describe('the number that is listed', () => {
  it('is the called number of an outbound call and the caller of an inbound one, when it is E.164', () => {
    const numbers = { called_number: '+12125550101', caller_number: '+14155550100' };
    expect(personNumberOf({ call_type: 'outbound', ...numbers })).toBe('+12125550101');
    expect(personNumberOf({ call_type: 'inbound', ...numbers })).toBe('+14155550100');
    expect(
      personNumberOf({ call_type: 'inbound', called_number: '+1', caller_number: 'sip:alice@example.com' }),
    ).toBeNull();
    expect(
      personNumberOf({ call_type: 'inbound', called_number: null, caller_number: 'anonymous' }),
    ).toBeNull();
    expect(personNumberOf({ call_type: 'outbound', called_number: null, caller_number: null })).toBeNull();
  });

  it('shows only its last four digits in logs', () => {
    expect(maskNumber('+12125550101')).toBe('+*******0101');
    expect(maskNumber('+4420794609')).toBe('+******4609');
    expect(maskNumber('123')).toBe('123');
  });
});

/** A model that answers every request with `answer` and keeps what it was asked. */
function modelAnswering(answer: string) {
  const requests: ChatRequest[] = [];
  const llm: LanguageModel = {
    model: 'fake',
    async chat(request: ChatRequest) {
      requests.push(request);
      return {
        content: JSON.stringify({ disposition: answer }),
        toolCalls: [],
        usage: { promptTokens: 1, completionTokens: 1 },
        model: 'fake',
      };
    },
  };
  return { llm, requests };
}

const definition = {
  nodes: [
    { id: 's', type: 'startCall' as const, position: { x: 0, y: 0 }, data: { name: 'S', prompt: 'p' } },
  ],
  edges: [],
};

function conversation(userWords: string[]): ConversationState {
  const state = openConversation(
    { definition },
    { variables: {}, dispositionCodes: [], maxDurationSeconds: 60, optOutDisposition: 'do_not_call' },
  );
  for (const content of userWords)
    state.turns.push({ role: 'user', content, node_id: 's', at: state.started_at });
  return state;
}

const enumOf = (request: ChatRequest) =>
  (request.jsonSchema!.schema as { properties: { disposition: { enum: string[] } } }).properties.disposition
    .enum;

describe('the disposition classifier', () => {
  it('offers an agent without codes the opt-out against the end reason once the person spoke', async () => {
    const { llm, requests } = modelAnswering('do_not_call');
    const state = conversation(['Stop calling me.']);
    const result = await classifyDisposition(llm, state, [], 'user_ended', 'do_not_call');
    expect(result.disposition).toBe('do_not_call');
    expect(enumOf(requests[0]!)).toEqual(['do_not_call', 'user_ended']);
  });

  it('asks nothing when the person said nothing, or when no opt-out is offered (text chats)', async () => {
    const { llm, requests } = modelAnswering('do_not_call');
    expect(
      (await classifyDisposition(llm, conversation([]), [], 'completed', 'do_not_call')).disposition,
    ).toBe('completed');
    expect((await classifyDisposition(llm, conversation(['Hi']), [], 'completed')).disposition).toBe(
      'completed',
    );
    expect(requests).toHaveLength(0);
  });

  it("adds the opt-out to the agent's codes once, and refuses answers outside them", async () => {
    const { llm, requests } = modelAnswering('remove_me');
    const state = conversation(['Take me off your list.']);
    const codes = ['interested', 'remove_me'];
    expect((await classifyDisposition(llm, state, codes, 'completed', 'remove_me')).disposition).toBe(
      'remove_me',
    );
    expect(enumOf(requests[0]!)).toEqual(['interested', 'remove_me']);
    const other = modelAnswering('something_else');
    expect(
      (await classifyDisposition(other.llm, state, ['interested'], 'completed', 'do_not_call')).disposition,
    ).toBe('completed');
    expect(enumOf(other.requests[0]!)).toEqual(['interested', 'do_not_call']);
  });
});
