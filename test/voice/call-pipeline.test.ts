/**
 * The voice pipeline of one call, end to end in media time: the agent greets first (after a disclosure when there is
 * one), answers each caller turn sentence by sentence while the LLM is still streaming, takes DTMF as words, hangs
 * up at the end node once its closing words were played, saves every turn and reports usage and latencies that fit
 * the media clock. Without an LLM it greets and ends politely.
 */
import { describe, expect, it } from 'vitest';
import { greetingWithoutLlm } from '../../voice/call-lines';
import type { SpeechSynthesizer } from '../../voice/speech';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';
import { startOpenAiFake, lastUserMessage } from '../runtime/fakes/openai-fake';
import { CLOSING, GREETING, agentReplies, answerAsAgent, definition, startCall } from './call-harness';

const fake = await startOpenAiFake();
answerAsAgent(fake);

describe('a call through the voice pipeline', () => {
  it('greets first, answers each turn, hangs up after the closing words played, and reports what it measured', async () => {
    const call = startCall({ fake });
    await call.runUntil(call.played(GREETING[1]!));
    expect(call.playedMarks()).toEqual(GREETING);

    const question = await call.say('I would like a table for two.');
    const answer = 'You said I would like a table for two.';
    await call.runUntil(call.played('What else?'));
    expect(call.playedMarks()).toEqual([...GREETING, answer, 'What else?']);

    const goodbye = await call.say('Thank you, goodbye.');
    await call.runUntil();
    const finished = call.finished()!;
    const { transport } = call;

    // The end node hangs up once its closing words came back played, with nothing left to play.
    expect(call.playedMarks()).toEqual([...GREETING, answer, 'What else?', ...CLOSING]);
    const closingMark = transport.marks.at(-1)!;
    expect(closingMark).toMatchObject({ text: CLOSING[1], cleared: false });
    expect(transport.closedWith).toBe('completed');
    expect(transport.closedAtMs).toBeGreaterThanOrEqual(closingMark.atMs);
    expect(transport.heardFrames.at(-1)).toBeLessThanOrEqual(closingMark.atMs);
    expect(transport.clears).toEqual([]);

    expect(finished.endReason).toBe('completed');
    expect(finished.error).toBeNull();
    expect(finished.state).toMatchObject({ end_reason: 'completed', disposition: 'done' });
    expect(finished.state.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', GREETING.join(' ')],
      ['user', 'I would like a table for two.'],
      ['agent', `${answer} What else?`],
      ['user', 'Thank you, goodbye.'],
      ['agent', CLOSING.join(' ')],
    ]);

    // Saved after every exchange, each save holding at least as many turns as the one before, the last the final state.
    expect(call.saved.length).toBeGreaterThanOrEqual(3);
    const counts = call.saved.map((state) => state.turns.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(call.saved.at(-1)).toEqual(finished.state);
    for (const turns of [1, 3, 5]) expect(counts).toContain(turns);

    // Usage: every character the agent said went to TTS; media time is the caller frames up to the hang-up.
    const spoken = finished.state.turns.filter((turn) => turn.role === 'agent');
    const sentences = [...GREETING, answer, 'What else?', ...CLOSING];
    expect(finished.usage.tts_characters).toBe(sentences.reduce((sum, s) => sum + s.length, 0));
    expect(spoken.map((turn) => turn.content).join(' ')).toBe(sentences.join(' '));
    expect(finished.mediaSeconds).toBe(transport.closedAtMs! / 1000);

    // Latencies of the three agent turns, placed on the media clock.
    expect(Object.keys(finished.latencies).map(Number)).toEqual([0, 2, 4]);
    for (const [index, heard] of [
      [2, question],
      [4, goodbye],
    ] as const) {
      const latency = finished.latencies[index]! as (typeof finished.latencies)[number] & {
        decision_media_ms: number;
        first_audio_media_ms: number;
      };
      // The end of turn comes endOfTurnSeconds (0.4 s) after the caller's last speech, which ends inside the audio.
      expect(latency.decision_media_ms).toBeGreaterThan(heard.startMs! + 400);
      expect(latency.decision_media_ms).toBeLessThanOrEqual(heard.endMs! + 400 + 200);
      expect(latency.first_audio_media_ms).toBeGreaterThanOrEqual(latency.decision_media_ms);
      const firstAudio = transport.received.find((audio) => audio.atMs >= latency.decision_media_ms)!;
      expect(latency.first_audio_media_ms).toBe(firstAudio.atMs);
      expect(latency.stt_ms).not.toBeNull();
      expect(latency.first_audio_ms).toBeGreaterThanOrEqual(latency.stt_ms!);
    }
    const greetingLatency = finished.latencies[0]! as unknown as Record<string, unknown>;
    expect(greetingLatency).toMatchObject({ stt_ms: null, decision_media_ms: 0 });
    expect(greetingLatency.first_audio_media_ms).toBe(transport.received[0]!.atMs);
  });

  it('sends the first sentence to speech before the LLM has finished the reply', async () => {
    const call = startCall({ fake });
    await call.runUntil(call.played(GREETING[1]!));
    fake.handle((request) =>
      lastUserMessage(request)
        ? { content: 'First part. Second part?', chunks: ['First part. ', 'Second part?'] }
        : agentReplies(request),
    );
    fake.streamDelay(1500);
    const audioBefore = call.transport.received.length;
    await call.say('Tell me in two parts.');
    await call.runUntil(() => call.transport.received.length > audioBefore);
    const stream = fake.streams.at(-1)!;
    expect(stream.request.messages.at(-1)).toEqual({ role: 'user', content: 'Tell me in two parts.' });
    // The first sentence is already audio while the second has not been sent by the LLM.
    expect(stream.chunksSent).toBe(1);
    await call.runUntil(call.played('Second part?'));
    expect(call.playedMarks().slice(-2)).toEqual(['First part.', 'Second part?']);
    call.pipeline.shutdown();
    await call.pipeline.done;
  });

  it('speaks the first sentence of a Chinese reply before the LLM has finished it', async () => {
    // flite speaks no Chinese: each sentence is synthesised as an English stand-in, its text recorded.
    const local = createLocalSynthesizer();
    const spokenTexts: string[] = [];
    const synthesizer: SpeechSynthesizer = {
      name: 'stand-in',
      synthesize: (text, options) => (spokenTexts.push(text), local.synthesize('A sentence.', options)),
    };
    const call = startCall({ fake, synthesizer, settings: { language: 'zh-CN' } });
    await call.runUntil(() => spokenTexts.length >= 2);
    fake.handle((request) =>
      lastUserMessage(request)
        ? { content: '好的。我们明天见！', chunks: ['好的。', '我们明天见！'] }
        : agentReplies(request),
    );
    fake.streamDelay(1500);
    await call.say('Tell me in two parts.');
    await call.runUntil(() => spokenTexts.includes('好的。'));
    // The first sentence went to speech while the second has not been sent by the LLM.
    expect(fake.streams.at(-1)!.chunksSent).toBe(1);
    await call.runUntil(() => spokenTexts.includes('我们明天见！'));
    call.pipeline.shutdown();
    await call.pipeline.done;
  });

  it('takes DTMF digits pressed in a row as one caller turn, "[pressed 12]"', async () => {
    const call = startCall({ fake });
    await call.runUntil(call.played(GREETING[1]!));
    call.transport.dtmf('1');
    await call.runUntil(() => call.transport.mediaMs % 200 === 0);
    call.transport.dtmf('2');
    await call.runUntil(call.played('What else?'));
    expect(call.playedMarks()).toEqual([...GREETING, 'You said [pressed 12].', 'What else?']);
    const asked = fake.requests.filter((request) => lastUserMessage(request) === '[pressed 12]');
    expect(asked.length).toBeGreaterThanOrEqual(1);
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    expect(finished.state.turns[1]).toMatchObject({ role: 'user', content: '[pressed 12]' });
    expect(finished.endReason).toBe('shutdown');
  });

  it('speaks the disclosure before the greeting and records it as the first agent turn', async () => {
    const disclosure = 'This call is recorded and you are talking to an AI.';
    const call = startCall({ fake, settings: { disclosureMessage: disclosure } });
    await call.runUntil(call.played(GREETING[1]!));
    expect(call.playedMarks()).toEqual([disclosure, ...GREETING]);
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    expect(finished.state.turns.slice(0, 2).map((turn) => turn.content)).toEqual([
      disclosure,
      GREETING.join(' '),
    ]);
    // The LLM greeted with the disclosure in its history.
    expect(fake.requests[0]!.messages.at(-1)).toEqual({ role: 'assistant', content: disclosure });
  });

  it('continues a saved conversation: no second greeting, and the reply it still owed', async () => {
    const first = startCall({ fake });
    await first.runUntil(first.played(GREETING[1]!));
    first.pipeline.shutdown();
    const greeted = (await first.pipeline.done).state;
    const owed = structuredClone({ ...greeted, end_reason: null, ended_at: null, disposition: null });
    owed.gathered = {};
    owed.turns.push({
      role: 'user',
      content: 'Are you open today?',
      node_id: owed.node_id,
      at: owed.started_at,
    });

    // Resumed after the greeting: the agent waits for the caller.
    const waiting = startCall({ fake, saved: { ...owed, turns: owed.turns.slice(0, 1) } });
    const mediaAt = waiting.transport.mediaMs;
    await waiting.runUntil(() => waiting.transport.mediaMs >= mediaAt + 2000);
    expect(waiting.transport.received).toEqual([]);
    waiting.pipeline.shutdown();
    await waiting.pipeline.done;

    // Resumed after the caller spoke: the agent answers at once.
    const resumed = startCall({ fake, saved: owed });
    await resumed.runUntil(resumed.played('What else?'));
    expect(resumed.playedMarks()).toEqual(['You said Are you open today.', 'What else?']);
    resumed.pipeline.shutdown();
    const finished = await resumed.pipeline.done;
    expect(finished.state.turns.map((turn) => turn.content)).toEqual([
      GREETING.join(' '),
      'Are you open today?',
      'You said Are you open today. What else?',
    ]);
  });

  it('without an LLM says the greeting and ends politely (no_llm) after it played', async () => {
    const call = startCall({ fake: null, variables: { agent_name: 'Alex' } });
    await call.runUntil();
    const greeting = greetingWithoutLlm(definition, { agent_name: 'Alex' });
    expect(greeting).toMatch(/^Hello, this is Alex\./);
    expect(call.playedMarks()).toEqual([greeting]);
    expect(call.transport.closedWith).toBe('no_llm');
    expect(call.transport.closedAtMs).toBeGreaterThanOrEqual(call.transport.marks.at(-1)!.atMs);
    const finished = call.finished()!;
    expect(finished).toMatchObject({ endReason: 'no_llm', error: null });
    expect(finished.state).toMatchObject({ end_reason: 'no_llm', disposition: 'no_llm' });
    expect(finished.state.turns).toMatchObject([{ role: 'agent', content: greeting }]);
  });
});
