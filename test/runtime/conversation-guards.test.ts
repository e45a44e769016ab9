import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import { computeRunCost } from '../../billing/run-cost';
import {
  endConversation,
  startConversation,
  userSays,
  ConversationEndedError,
} from '../../conversation/engine';
import { fillTemplate } from '../../conversation/template-variables';
import type { ChatRequest, ChatResult, LanguageModel } from '../../llm';

/** An in-process model that always answers in words, never transitions, and classifies as `callback`. */
const chatty: LanguageModel = {
  model: 'scripted',
  async chat(request: ChatRequest): Promise<ChatResult> {
    const content = request.jsonSchema ? JSON.stringify({ disposition: 'callback' }) : 'Tell me more.';
    return { content, toolCalls: [], usage: { promptTokens: 10, completionTokens: 2 }, model: 'scripted' };
  },
};

const definition = {
  nodes: [
    { id: 's', type: 'startCall', data: { name: 'Start', prompt: 'Chat.' } },
    { id: 'e', type: 'endCall', data: { name: 'End' } },
  ],
  edges: [{ id: 'x', source: 's', target: 'e', data: { label: 'done' } }],
} as AgentDefinition;

const start = { variables: {}, dispositionCodes: ['callback', 'done'], maxDurationSeconds: 60 };

describe('conversation guard rails', () => {
  it('ends after the maximum number of user turns, with a disposition from the codes', async () => {
    const setup = { definition, llm: chatty, maxTurns: 2 };
    let state = await startConversation(setup, start);
    state = await userSays(setup, state, 'one');
    expect(state.end_reason).toBeNull();
    state = await userSays(setup, state, 'two');
    expect(state).toMatchObject({ end_reason: 'max_turns', disposition: 'callback' });
    await expect(userSays(setup, state, 'three')).rejects.toBeInstanceOf(ConversationEndedError);
    // greeting + 2 replies + the disposition call
    expect(state.usage).toEqual({ prompt_tokens: 40, completion_tokens: 8 });
    expect(state.turns.filter((t) => t.role === 'agent').every((t) => t.usage?.prompt_tokens === 10)).toBe(
      true,
    );
  });

  it('ends when a message arrives after the maximum duration', async () => {
    let now = new Date('2026-01-01T10:00:00Z');
    const setup = { definition, llm: chatty, maxTurns: 50, now: () => now };
    const state = await startConversation(setup, start);
    now = new Date('2026-01-01T10:01:01Z');
    const late = await userSays(setup, state, 'still there?');
    expect(late).toMatchObject({ end_reason: 'max_duration', ended_at: '2026-01-01T10:01:01.000Z' });
    expect(late.turns.at(-1)).toMatchObject({ role: 'user', content: 'still there?' });
  });

  it('ending twice changes nothing', async () => {
    const setup = { definition, llm: chatty, maxTurns: 5 };
    const ended = await endConversation(setup, await startConversation(setup, start));
    expect(await endConversation(setup, ended)).toBe(ended);
  });
});

describe('template variables and cost', () => {
  it('fills placeholders, nested paths included, and never leaves a raw placeholder', () => {
    expect(
      fillTemplate('Hi {{ first_name }} of {{org.name}}{{missing}}!', {
        first_name: 'Ada',
        org: { name: 'Acme' },
      }),
    ).toBe('Hi Ada of Acme!');
  });

  it('prices tokens, telephony minutes and speech; text chats carry no telephony charge', () => {
    const pricing = {
      llmPromptPerMillionTokens: 1,
      llmCompletionPerMillionTokens: 2,
      callPerMinute: 0.5,
      sttPerMinute: 0.1,
      ttsPerMillionCharacters: 10,
    };
    const call = computeRunCost(
      {
        mode: 'simulator',
        promptTokens: 1_000_000,
        completionTokens: 500_000,
        callDurationSeconds: 120,
        sttSeconds: 60,
        ttsCharacters: 100_000,
      },
      pricing,
    );
    expect(call.cost_info).toEqual({
      service_token_usage: 1_500_000,
      charge_usd: 1 + 1 + 1 + 0.1 + 1,
      call_duration_seconds: 120,
    });
    expect(call.usage_info).toEqual({
      llm: { prompt_tokens: 1_000_000, completion_tokens: 500_000 },
      stt_seconds: 60,
      tts_characters: 100_000,
      call_duration_seconds: 120,
    });
    expect(
      computeRunCost(
        { mode: 'textchat', promptTokens: 0, completionTokens: 0, callDurationSeconds: 600 },
        pricing,
      ).charge_usd,
    ).toBe(0);
  });
});
