/**
 * A call whose LLM is a chain of two models (llm/model-chain.ts) on two OpenAI fakes: a primary that stalls before
 * its first token or answers 429 hands the turn to the fallback, whose reply is spoken and recorded with its model's
 * name; with both down the caller hears the apology after the two first-token deadlines. Deadlines run on the call's
 * media clock, and every assertion on time is in media time.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest, LanguageModel } from '../../llm';
import { openAiChain } from '../../llm/model-chain';
import { APOLOGY } from '../../voice/call-lines';
import type { SpeechSynthesizer } from '../../voice/speech';
import { startOpenAiFake, type FakeChatRequest } from '../runtime/fakes/openai-fake';
import { CLOSING, GREETING, agentReplies, startCall, type CallUnderTest } from './call-harness';

const [primary, backup] = await Promise.all([startOpenAiFake(), startOpenAiFake()]);
afterAll(() => Promise.all([primary.close(), backup.close()]));
beforeEach(() => {
  primary.reset();
  backup.reset();
  backup.handle(agentReplies);
});

const stalls = () => ({ content: 'Never heard.', stallBeforeFirstDelta: true });

/** The call's LLM: the primary then the backup, 1.5 s each (the default); notes each request's media time. */
function chainedCall(options: { speed?: number; fallbackSynthesizer?: SpeechSynthesizer } = {}) {
  const chain = openAiChain(
    [
      { model: 'gpt-primary', baseUrl: primary.baseUrl, apiKey: 'sk-one' },
      { model: 'gpt-backup', baseUrl: backup.baseUrl, apiKey: 'sk-two' },
    ],
    { timeoutMs: 30_000 },
  );
  const starts: number[] = [];
  let call: CallUnderTest | null = null;
  const noted: LanguageModel = {
    model: chain.model,
    chat: (request: ChatRequest) => {
      starts.push(call!.transport.mediaMs);
      return chain.chat(request);
    },
  };
  call = startCall({ fake: null, llm: noted, ...options });
  return { call, starts };
}

/** Speaks any line at once: half a second of tone, so the apology's start is not the synthesiser's speed. */
const instantVoice: SpeechSynthesizer = {
  name: 'instant',
  async *synthesize(_text, { sampleRate }) {
    const pcm = new Int16Array(sampleRate / 2);
    for (let i = 0; i < pcm.length; i++)
      pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate));
    yield pcm;
  },
};

describe('a call whose LLM has a fallback', () => {
  it('a primary stalling before its first token: at 1.5 s of media time the fallback answers, is spoken, and is named in the transcript', async () => {
    let asked = 0;
    primary.handle((request: FakeChatRequest) => (asked++ === 0 ? stalls() : agentReplies(request)));
    const { call, starts } = chainedCall();

    await call.runUntil(call.played(GREETING[1]!));
    expect(primary.requests).toHaveLength(1);
    await expect(primary.streams[0]!.ended).resolves.toBe('closed');
    expect(backup.requests).toHaveLength(1);
    // Nothing was said before the primary's deadline passed, on the call's own clock.
    expect(call.transport.received[0]!.atMs - starts[0]!).toBeGreaterThanOrEqual(1500);

    await call.say('Goodbye.');
    await call.runUntil();
    expect(call.playedMarks()).toEqual([...GREETING, ...CLOSING]);
    const turns = call.finished()!.state.turns;
    expect(turns.map((turn) => [turn.role, turn.model])).toEqual([
      ['agent', 'gpt-backup'],
      ['user', undefined],
      ['agent', 'gpt-primary'],
    ]);
    expect(backup.requests).toHaveLength(1);
  });

  it('a primary answering 429: the fallback answers each request at once, the primary never retried', async () => {
    primary.handle(() => ({ status: 429, message: 'Rate limit reached' }));
    const { call } = chainedCall();

    await call.runUntil(call.played(GREETING[1]!));
    await call.say('Goodbye.');
    await call.runUntil();
    expect(call.playedMarks()).toEqual([...GREETING, ...CLOSING]);
    expect(call.finished()!.endReason).toBe('completed');
    // One request to the primary per request of the call: the fallback took each over without a retry.
    expect(primary.requests.map((r) => r.messages)).toEqual(backup.requests.map((r) => r.messages));
    const agentTurns = call.finished()!.state.turns.filter((turn) => turn.role === 'agent');
    expect(agentTurns.map((turn) => turn.model)).toEqual(['gpt-backup', 'gpt-backup']);
  });

  it('every model stalling: the caller hears the apology about 3 s of media time after the request, nothing retried', async () => {
    primary.handle(stalls);
    backup.handle(stalls);
    // Caller frames at most twice real time: what the machine takes between the deadlines and the apology (a
    // loaded machine) adds little media time.
    const { call, starts } = chainedCall({ speed: 2, fallbackSynthesizer: instantVoice });

    await call.runUntil();
    expect(call.playedMarks()).toEqual([APOLOGY]);
    expect(call.finished()!.endReason).toBe('llm_error');
    expect(call.finished()!.error).toMatch(/gpt-primary: no first token within 1500 ms.*gpt-backup/);
    expect(primary.requests).toHaveLength(1);
    expect(backup.requests).toHaveLength(1);
    const apologyAt = call.transport.received[0]!.atMs - starts[0]!;
    expect(apologyAt).toBeGreaterThanOrEqual(3000);
    expect(apologyAt).toBeLessThanOrEqual(4000);
  });
});
