/**
 * How a call through the voice pipeline is cut short or ends: barge-in (the provider's clear, no agent audio after it,
 * the transcript keeps only what was played), the caller hanging up, the silence timeout (one prompt, then the end),
 * the maximum duration, an answering machine, and vendor failures (an apology in the local voice, then the error's
 * reason).
 */
import { describe, expect, it } from 'vitest';
import { APOLOGY, STILL_THERE } from '../../voice/call-lines';
import type { SpeechSynthesizer } from '../../voice/speech';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';
import { lastUserMessage, schemaNameOf, startOpenAiFake } from '../runtime/fakes/openai-fake';
import { GREETING, STORY, agentReplies, answerAsAgent, startCall } from './call-harness';

const fake = await startOpenAiFake();
answerAsAgent(fake);

/** A synthesiser that notes each text it is asked to speak, then speaks it with `inner`. */
function noting(inner: SpeechSynthesizer): SpeechSynthesizer & { texts: string[] } {
  const texts: string[] = [];
  return {
    name: inner.name,
    texts,
    synthesize: (text, options) => (texts.push(text), inner.synthesize(text, options)),
  };
}

describe('barge-in and hang-up', () => {
  it('clears playback when the caller talks over the agent, sends no audio of that reply after, and keeps only what was played', async () => {
    const call = startCall({ fake });
    const { transport } = call;
    await call.runUntil(call.played(GREETING[1]!));
    await call.say('Tell me a story.');
    await call.runUntil(call.played(STORY[0]!));
    const interruption = await call.say('Stop, please stop now.');
    await call.runUntil(() => transport.clears.length > 0);
    const clearAt = transport.clears[0]!;
    // The clear came after interruptionSeconds (0.3 s) of the caller's speech, which starts inside its audio.
    expect(clearAt).toBeGreaterThanOrEqual(interruption.startMs! + 300);
    expect(interruption.endMs).toBeNull(); // still talking

    const reply = 'You said Stop, please stop now.';
    await call.runUntil(call.played('What else?'));
    expect(transport.clears).toEqual([clearAt]);
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;

    const storyMarks = transport.marks.filter((mark) => STORY.includes(mark.text ?? ''));
    const played = storyMarks.filter((mark) => !mark.cleared).map((mark) => mark.text);
    expect(played[0]).toBe(STORY[0]);
    expect(played.length).toBeLessThan(STORY.length);
    expect(storyMarks.filter((mark) => mark.cleared).every((mark) => mark.atMs === clearAt)).toBe(true);

    // Nothing of the story was sent or heard after the clear, until the agent answered the interruption.
    const answered = finished.latencies[4] as unknown as { decision_media_ms: number };
    expect(answered.decision_media_ms).toBeGreaterThan(clearAt);
    const between = (atMs: number) => atMs >= clearAt && atMs < answered.decision_media_ms;
    expect(transport.received.filter((audio) => between(audio.atMs))).toEqual([]);
    expect(transport.heardFrames.filter(between)).toEqual([]);

    expect(
      finished.state.turns.map(({ role, content, interrupted }) => ({ role, content, interrupted })),
    ).toEqual([
      { role: 'agent', content: GREETING.join(' '), interrupted: undefined },
      { role: 'user', content: 'Tell me a story.', interrupted: undefined },
      { role: 'agent', content: played.join(' '), interrupted: true },
      { role: 'user', content: 'Stop, please stop now.', interrupted: undefined },
      { role: 'agent', content: `${reply} What else?`, interrupted: undefined },
    ]);
    // The LLM saw the cut-down reply as the agent's words.
    const lastRequest = fake.requests.find(
      (request) => lastUserMessage(request) === 'Stop, please stop now.',
    )!;
    expect(lastRequest.messages).toContainEqual({ role: 'assistant', content: played.join(' ') });
  });

  it('aborts the LLM request when the caller barges in while the reply is still streaming', async () => {
    const call = startCall({ fake });
    await call.runUntil(call.played(GREETING[1]!));
    fake.handle((request) =>
      lastUserMessage(request) === 'Tell me in two parts.'
        ? { content: 'First part. Second part?', chunks: ['First part. ', 'Second part?'] }
        : agentReplies(request),
    );
    fake.streamDelay(1500);
    await call.say('Tell me in two parts.');
    await call.runUntil(call.played('First part.'));
    const stream = fake.streams.at(-1)!;
    expect(stream.chunksSent).toBe(1);
    fake.streamDelay(0);
    await call.say('Wait, one question.');
    await call.runUntil(() => call.transport.clears.length > 0);
    // The abort closed the HTTP request before the model sent the rest.
    expect(await stream.ended).toBe('closed');
    expect(stream.chunksSent).toBe(1);
    await call.runUntil(call.played('What else?'));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    expect(
      finished.state.turns.slice(1, 5).map(({ role, content, interrupted }) => [role, content, interrupted]),
    ).toEqual([
      ['user', 'Tell me in two parts.', undefined],
      ['agent', 'First part.', true],
      ['user', 'Wait, one question.', undefined],
      ['agent', 'You said Wait, one question. What else?', undefined],
    ]);
  });

  it('keeps the words a caller says just before hanging up, and chooses the disposition with them', async () => {
    const call = startCall({ fake });
    await call.runUntil(call.played(GREETING[1]!));
    const words = 'Please do not call me again.';
    const said = await call.say(words);
    // Hung up as the words end: the turn's silence never comes, so no end of turn is decided.
    await call.runUntil(() => said.endMs !== null);
    call.transport.hangUp();
    const finished = await call.pipeline.done;
    expect(finished.endReason).toBe('user_ended');
    expect(finished.state.turns.at(-1)).toMatchObject({ role: 'user', content: words });
    // Not answered (the last turn is the caller's), but the disposition was chosen with the words.
    const classified = fake.requests.filter((request) => schemaNameOf(request) === 'call_disposition');
    expect(classified).toHaveLength(1);
    expect(JSON.stringify(classified[0]!.messages)).toContain(words);
  });

  it('ends with user_ended when the caller hangs up mid-reply, keeping the sentences that were played', async () => {
    const call = startCall({ fake });
    await call.runUntil(call.played(GREETING[1]!));
    await call.say('Tell me a story.');
    await call.runUntil(call.played(STORY[0]!));
    call.transport.hangUp();
    const finished = await call.pipeline.done;
    const played = call.playedMarks().filter((text) => STORY.includes(text));
    expect(played.length).toBeLessThan(STORY.length);
    expect(finished.endReason).toBe('user_ended');
    expect(finished.state).toMatchObject({ end_reason: 'user_ended', disposition: 'done' });
    expect(finished.state.turns.at(-1)).toMatchObject({
      role: 'agent',
      content: played.join(' '),
      interrupted: true,
    });
    expect(finished.mediaSeconds).toBe(call.transport.closedAtMs! / 1000);
  });
});

describe('endings decided by the clock', () => {
  it('prompts once after idleTimeoutSeconds of silence, then ends with silence_timeout after as long again', async () => {
    const call = startCall({ fake, settings: { idleTimeoutSeconds: 1 } });
    await call.runUntil();
    const { transport } = call;
    expect(call.playedMarks()).toEqual([...GREETING, STILL_THERE]);
    const greetingEnd = transport.marks[1]!.atMs;
    const prompt = transport.marks[2]!;
    const promptAudio = transport.received.find((audio) => audio.atMs > greetingEnd)!;
    expect(promptAudio.atMs).toBeGreaterThanOrEqual(greetingEnd + 1000);
    expect(transport.closedAtMs).toBe(prompt.atMs + 1000);
    expect(transport.closedWith).toBe('silence_timeout');
    const finished = call.finished()!;
    expect(finished).toMatchObject({ endReason: 'silence_timeout', error: null });
    expect(finished.state.turns.map((turn) => turn.content)).toEqual([GREETING.join(' '), STILL_THERE]);
  });

  it('ends at maxDurationSeconds of media time (max_duration)', async () => {
    const call = startCall({ fake, settings: { maxDurationSeconds: 4 } });
    await call.runUntil();
    expect(call.transport).toMatchObject({ closedWith: 'max_duration', closedAtMs: 4000 });
    const finished = call.finished()!;
    expect(finished).toMatchObject({ endReason: 'max_duration', mediaSeconds: 4 });
    expect(finished.state).toMatchObject({ end_reason: 'max_duration', disposition: 'done' });
  });

  it('leaves the voicemail message on an answering machine, then ends with voicemail', async () => {
    const message = 'Please call us back tomorrow.';
    const call = startCall({ fake, settings: { voicemailMessage: message } });
    await call.runUntil(call.played(GREETING[0]!));
    call.pipeline.answeredByMachine();
    await call.runUntil();
    expect(call.playedMarks().at(-1)).toBe(message);
    expect(call.transport.closedWith).toBe('voicemail');
    expect(call.transport.closedAtMs).toBeGreaterThanOrEqual(call.transport.marks.at(-1)!.atMs);
    const finished = call.finished()!;
    expect(finished.endReason).toBe('voicemail');
    expect(finished.mediaSeconds).toBe(call.transport.closedAtMs! / 1000);
    expect(finished.state.turns.at(-1)).toMatchObject({ role: 'agent', content: message });
  });

  it('leaves the voicemail message when the machine is heard during the greeting of an agent without an LLM', async () => {
    const message = 'Please call us back tomorrow.';
    const call = startCall({ fake: null, settings: { voicemailMessage: message } });
    await call.runUntil(() => call.transport.received.length > 0);
    call.pipeline.answeredByMachine();
    await call.runUntil();
    expect(call.playedMarks().at(-1)).toBe(message);
    expect(call.transport.closedWith).toBe('voicemail');
    expect(call.finished()!.endReason).toBe('voicemail');
  });
});

describe('vendor failures', () => {
  it('apologises with the fallback voice when the LLM fails mid-call, and ends with llm_error', async () => {
    const fallback = noting(createLocalSynthesizer({ engine: 'espeak-ng' }));
    const call = startCall({ fake, fallbackSynthesizer: fallback });
    await call.runUntil(call.played(GREETING[1]!));
    fake.handle((request) =>
      lastUserMessage(request) ? { status: 500, message: 'model overloaded' } : agentReplies(request),
    );
    await call.say('What are your opening hours?');
    await call.runUntil();
    expect(call.playedMarks()).toEqual([...GREETING, APOLOGY]);
    expect(fallback.texts).toEqual([APOLOGY]);
    expect(call.transport.closedWith).toBe('llm_error');
    const finished = call.finished()!;
    expect(finished.endReason).toBe('llm_error');
    expect(finished.error).toMatch(/overloaded|500/);
    expect(finished.state).toMatchObject({ end_reason: 'llm_error', disposition: 'llm_error' });
    expect(finished.state.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', GREETING.join(' ')],
      ['user', 'What are your opening hours?'],
      ['agent', APOLOGY],
    ]);
  });

  it('apologises with the fallback voice when text-to-speech fails, and ends with tts_error', async () => {
    const fallback = noting(createLocalSynthesizer());
    const broken = createLocalSynthesizer({ binary: '/nonexistent/flite' });
    const call = startCall({ fake, synthesizer: broken, fallbackSynthesizer: fallback });
    await call.runUntil();
    expect(call.playedMarks()).toEqual([APOLOGY]);
    expect(fallback.texts).toEqual([APOLOGY]);
    expect(call.transport.closedWith).toBe('tts_error');
    const finished = call.finished()!;
    expect(finished.endReason).toBe('tts_error');
    expect(finished.error).not.toBeNull();
    expect(finished.state).toMatchObject({ end_reason: 'tts_error', disposition: 'tts_error' });
    // The greeting was never heard, so only the apology is in the transcript.
    expect(finished.state.turns.map((turn) => turn.content)).toEqual([APOLOGY]);
  });
});
