/**
 * Turn-taking on a call, in media time (voice/turn-taking.ts, voice/turn-text.ts): a complete short answer ends the
 * turn after 300 ms of silence where a recogniser without streamed words waits the full `stop_seconds`; a phone number
 * read with a pause is one turn; under `min_words` a backchannel over the agent is not an interruption and words are;
 * a node with `allow_interrupt: false` holds the floor and answers the caller's words after it finished.
 */
import { describe, expect, it } from 'vitest';
import type { AgentDefinition, AgentNode } from '../../agents/definition';
import type { LanguageModel } from '../../llm';
import type { RecognitionSession, SpeechRecognizer } from '../../voice/speech';
import { createSimulatorRecognizer } from '../../voice/stt/simulator-recognizer';
import { startOpenAiFake } from '../runtime/fakes/openai-fake';
import {
  GREETING,
  STORY,
  answerAsAgent,
  callerSpeech,
  definition,
  startCall,
  type CallUnderTest,
} from './call-harness';

const fake = await startOpenAiFake();
answerAsAgent(fake);

/** The simulator's recogniser as one that gives text only at the end of the turn (as pocketsphinx does). */
function textAtTheEndOnly(): SpeechRecognizer {
  const inner = createSimulatorRecognizer();
  return {
    name: 'text-at-the-end',
    async open(options) {
      const session = await inner.open(options);
      const atTheEnd: RecognitionSession = {
        write: (frame) => session.write(frame),
        endOfTurn: () => session.endOfTurn(),
        callerText: (text) => session.callerText?.(text),
        billedSeconds: 0,
        close: () => session.close(),
      };
      return atTheEnd;
    },
  };
}

type Measured = { decision_media_ms: number };

/** The caller answers `line` after the greeting; the media time from the end of their audio to the decision. */
async function silenceBeforeDecision(line: string, recognizer?: SpeechRecognizer): Promise<number> {
  const call = startCall({ fake, recognizer, settings: { endOfTurnSeconds: 0.8 } });
  await call.runUntil(call.played(GREETING[1]!));
  const answer = await call.say(line);
  await call.runUntil(call.played('What else?'));
  call.pipeline.shutdown();
  const finished = await call.pipeline.done;
  expect(finished.state.turns[1]).toMatchObject({ role: 'user', content: line });
  return (finished.latencies[2] as unknown as Measured).decision_media_ms - answer.endMs!;
}

const silence = (seconds: number) => new Int16Array(16000 * seconds);

/** After the greeting, the caller reads a number with a 1 s pause in it; the call ends once the agent answered. */
async function readNumberWithAPause(call: CallUnderTest) {
  await call.runUntil(call.played(GREETING[1]!));
  await call.say('my number is five five five');
  call.transport.say(silence(1));
  await call.say('one two three four.');
  await call.runUntil(call.played('What else?'));
  call.pipeline.shutdown();
  return call.pipeline.done;
}

describe('the vad_configuration floor', () => {
  it('with minimum_volume, speech quieter than the floor is not heard; without it, the same speech is a turn', async () => {
    const quiet = (await callerSpeech('Hello there.')).map((sample) => Math.round(sample / 30));
    for (const minimumVolume of [0.8, null]) {
      const call = startCall({ fake, settings: { minimumVolume } });
      await call.runUntil(call.played(GREETING[1]!));
      call.transport.say(quiet, 'Hello there.');
      call.transport.say(silence(2));
      await call.runUntil(() => call.transport.utterances.at(-1)!.endMs !== null);
      call.pipeline.shutdown();
      const finished = await call.pipeline.done;
      const heard = finished.state.turns.filter((turn) => turn.role === 'user').map((turn) => turn.content);
      expect([minimumVolume, heard]).toEqual([minimumVolume, minimumVolume === null ? ['Hello there.'] : []]);
    }
  });
});

describe('ending the turn on what was said', () => {
  it('ends "Yes." within 300 ms of silence; without streamed words the same answer waits stop_seconds', async () => {
    const streamed = await silenceBeforeDecision('Yes.');
    const atTheEnd = await silenceBeforeDecision('Yes.', textAtTheEndOnly());
    // The caller's audio ends with flite's own trailing quiet, which counts towards the silence.
    expect(streamed).toBeLessThanOrEqual(300);
    expect(atTheEnd).toBeGreaterThan(500);
    // Both count silence from where the detector hears the speech end (Silero: up to ~0.25 s before the audio's
    // end); the streamed decision also waits for the words, which come 100 ms after the sound stops.
    expect(atTheEnd - streamed).toBeGreaterThanOrEqual(350);
  });

  it('takes a phone number read with a 1 s pause as one turn', async () => {
    const call = startCall({ fake, settings: { endOfTurnSeconds: 0.8 } });
    const finished = await readNumberWithAPause(call);
    expect(finished.state.turns.filter((turn) => turn.role === 'user').map((turn) => turn.content)).toEqual([
      'my number is five five five one two three four.',
    ]);
    // Answered once, for the whole number (a reply requested ahead for its first half is never heard).
    expect(call.playedMarks().filter((text) => text.startsWith('You said'))).toHaveLength(1);
  });
});

/** Every reply request the call's LLM got: the caller's last words, when (media time) and whether it was aborted. */
function recordRequests(call: () => ReturnType<typeof startCall>) {
  const requests: Array<{ words: string | undefined; atMs: number; signal: AbortSignal | undefined }> = [];
  const wrapLlm = (llm: LanguageModel): LanguageModel => ({
    model: llm.model,
    chat: (request) => {
      if (!request.jsonSchema)
        requests.push({
          words: request.messages.findLast((message) => message.role === 'user')?.content,
          atMs: call().transport.mediaMs,
          signal: request.signal,
        });
      return llm.chat(request);
    },
  });
  return { requests, wrapLlm };
}

describe('answering before the turn is certain (preemptive generation)', () => {
  it('requests the reply to "Yes." during the silence before the decision, and uses that one request', async () => {
    const { requests, wrapLlm } = recordRequests(() => call);
    const call = startCall({ fake, wrapLlm, settings: { endOfTurnSeconds: 0.8 } });
    await call.runUntil(call.played(GREETING[1]!));
    await call.say('Yes.');
    await call.runUntil(call.played('What else?'));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    const forYes = requests.filter((request) => request.words === 'Yes.');
    expect(forYes).toHaveLength(1);
    expect(forYes[0]!.atMs).toBeLessThan((finished.latencies[2] as unknown as Measured).decision_media_ms);
    expect(forYes[0]!.signal?.aborted).toBe(false);
    expect(finished.state.turns.slice(1).map((turn) => turn.content)).toEqual([
      'Yes.',
      'You said Yes. What else?',
    ]);
  });

  it('aborts the reply requested ahead when the caller goes on, and never speaks it', async () => {
    const { requests, wrapLlm } = recordRequests(() => call);
    const call = startCall({ fake, wrapLlm, settings: { endOfTurnSeconds: 1.2 } });
    await call.runUntil(call.played(GREETING[1]!));
    // Words that say nothing of the end, a pause well under stop_seconds (with flite's own quiet around the words,
    // and the detector hearing the speech end up to ~0.25 s before the sound does), then the rest.
    await call.say('I would like a table');
    call.transport.say(silence(0.4));
    await call.say('for two people.');
    await call.runUntil(call.played('What else?'));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    const overtaken = requests.filter((request) => request.words === 'I would like a table');
    expect(overtaken).toHaveLength(1);
    expect(overtaken[0]!.signal?.aborted).toBe(true);
    expect(
      requests.filter((request) => request.words === 'I would like a table for two people.'),
    ).toHaveLength(1);
    expect(call.playedMarks().filter((text) => text.includes('You said'))).toEqual([
      'You said I would like a table for two people.',
    ]);
    expect(finished.state.turns.filter((turn) => turn.role === 'agent')).toHaveLength(2);
  });

  it('asks nothing ahead for plainly unfinished words: a number being read waits for the rest', async () => {
    const { requests, wrapLlm } = recordRequests(() => call);
    const call = startCall({ fake, wrapLlm, settings: { endOfTurnSeconds: 0.8 } });
    await readNumberWithAPause(call);
    expect(requests.filter((request) => request.words === 'my number is five five five')).toEqual([]);
    expect(requests.filter((request) => request.words?.endsWith('one two three four.'))).toHaveLength(1);
  });
});

/** Asks for the story and waits until its first sentence played. */
async function storyUnderWay(options: Parameters<typeof startCall>[0]) {
  const call = startCall(options);
  await call.runUntil(call.played(GREETING[1]!));
  await call.say('Tell me a story.');
  await call.runUntil(call.played(STORY[0]!));
  return call;
}

describe('interruptions', () => {
  // "Mm-hmm." as flite says it: over a second of sound Silero hears as speech (its short "Uh-huh." is under 0.3 s).
  it('under min_words, "mm-hmm" over the agent clears nothing; the same sound interrupts by default', async () => {
    const minWords = await storyUnderWay({ fake, settings: { interruptionStrategy: 'min_words' } });
    await minWords.say('Mm-hmm.');
    await minWords.runUntil(minWords.played(STORY.at(-1)!));
    expect(minWords.transport.clears).toEqual([]);
    expect(minWords.playedMarks().filter((text) => STORY.includes(text))).toEqual(STORY);
    minWords.pipeline.shutdown();
    await minWords.pipeline.done;

    const byDefault = await storyUnderWay({ fake });
    await byDefault.say('Mm-hmm.');
    await byDefault.runUntil(() => byDefault.transport.clears.length > 0, 20_000);
    byDefault.pipeline.shutdown();
    await byDefault.pipeline.done;
  });

  it('under min_words, three words that are not backchannels interrupt, as soon as they are heard', async () => {
    const call = await storyUnderWay({ fake, settings: { interruptionStrategy: 'min_words' } });
    const interruption = await call.say('Wait, I have a question.');
    await call.runUntil(() => call.transport.clears.length > 0, 20_000);
    // The words count as heard at the first pause in their sound (after "Wait,"): the clear comes while the caller
    // still talks, not after their turn.
    expect(interruption.endMs).toBeNull();
    await call.runUntil(call.played('What else?'));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    expect(finished.state.turns.at(-2)).toMatchObject({ role: 'user', content: 'Wait, I have a question.' });
  });

  it('under min_words with text only at the end, the words interrupt once recognised; a backchannel never', async () => {
    const call = await storyUnderWay({
      fake,
      recognizer: textAtTheEndOnly(),
      settings: { interruptionStrategy: 'min_words' },
    });
    const backchannel = await call.say('Mm-hmm.');
    call.transport.say(silence(1));
    const interruption = await call.say('Hold on, I have a question.');
    await call.runUntil(() => call.transport.clears.length > 0, 20_000);
    // One clear, after the question was said (and recognised), none after the backchannel.
    expect(backchannel.endMs).toBeLessThan(interruption.startMs!);
    expect(call.transport.clears).toHaveLength(1);
    expect(call.transport.clears[0]).toBeGreaterThan(interruption.endMs!);
    await call.runUntil(call.played('What else?'));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    expect(finished.state.turns.at(-2)).toMatchObject({
      role: 'user',
      content: 'Hold on, I have a question.',
    });
    expect(finished.state.turns.at(-3)).toMatchObject({ role: 'agent', interrupted: true });
  });

  it('a node with allow_interrupt: false holds the floor, then answers what the caller said over it', async () => {
    const holding = structuredClone(definition) as AgentDefinition;
    holding.nodes[0]!.data = { ...holding.nodes[0]!.data, allow_interrupt: false } as AgentNode['data'];
    const call = await storyUnderWay({ fake, definition: holding });
    // Said in one breath: flite's pause after "Stop," could end a first, short utterance there (the simulator's
    // recogniser knows every word at once, so "Stop," reads as complete), one under the barge-in threshold and so
    // heard as a backchannel, whenever the story's sentences reached the wire late (a loaded machine).
    await call.say('Stop please stop now.');
    await call.runUntil(call.played(STORY.at(-1)!));
    expect(call.transport.clears).toEqual([]);
    await call.runUntil(call.played('What else?'));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    expect(finished.state.turns.map((turn) => [turn.role, turn.content, turn.interrupted ?? false])).toEqual([
      ['agent', GREETING.join(' '), false],
      ['user', 'Tell me a story.', false],
      ['agent', STORY.join(' '), false],
      ['user', 'Stop please stop now.', false],
      ['agent', 'You said Stop please stop now. What else?', false],
    ]);
  });

  it('under provisional_vad, a sound without words pauses the agent, which then plays on from that sentence', async () => {
    const call = await storyUnderWay({ fake, settings: { interruptionStrategy: 'provisional_vad' } });
    // A cough as the recogniser takes it: a sound the simulator sends without text, so no words are heard.
    call.transport.say(await callerSpeech('Ahem, ahem.'));
    await call.runUntil(() => call.transport.clears.length > 0, 20_000);
    const pausedAt = call.transport.clears[0]!;
    await call.runUntil(call.played(STORY.at(-1)!));
    expect(call.transport.clears).toEqual([pausedAt]);
    // Nothing was heard during the pause; every sentence of the story was heard, none lost to the cough.
    expect(call.playedMarks().filter((text) => STORY.includes(text))).toEqual(STORY);
    const resumedAt = call.transport.heardFrames.find((atMs) => atMs > pausedAt)!;
    expect(resumedAt - pausedAt).toBeGreaterThanOrEqual(500);
    expect(resumedAt - pausedAt).toBeLessThanOrEqual(1500 + 100);
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    expect(finished.state.turns[2]).toMatchObject({ role: 'agent', content: STORY.join(' ') });
    expect(finished.state.turns[2]!.interrupted).toBeUndefined();
  });

  it('under provisional_vad, words after the pause interrupt the agent and are answered', async () => {
    const call = await storyUnderWay({ fake, settings: { interruptionStrategy: 'provisional_vad' } });
    await call.say('Wait, one question.');
    await call.runUntil(call.played('What else?'));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    expect(call.playedMarks().filter((text) => STORY.includes(text)).length).toBeLessThan(STORY.length);
    expect(finished.state.turns.slice(2).map((turn) => [turn.role, turn.interrupted ?? false])).toEqual([
      ['agent', true],
      ['user', false],
      ['agent', false],
    ]);
    expect(finished.state.turns[3]!.content).toBe('Wait, one question.');
  });
});
