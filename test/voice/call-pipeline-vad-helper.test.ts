/**
 * Calls with Silero in its helper process, as the media process runs it (voice/vad/silero-helper-process.ts): each
 * frame is handled once decided, so media time stays exact and the turn-taking figures match Silero's on the event
 * loop — a
 * complete answer ends its turn within 300 ms of silence, a number read with a pause is one turn, and speech over
 * the agent interrupts it; a call's length counts every frame heard, decided or not, as its recording does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSileroHelper, runSileroInHelper } from '../../voice/vad/detector';
import { startOpenAiFake } from '../runtime/fakes/openai-fake';
import { GREETING, STORY, answerAsAgent, callerSpeech, startCall } from './call-harness';

const fake = await startOpenAiFake();
answerAsAgent(fake);
beforeAll(() => runSileroInHelper());
afterAll(() => closeSileroHelper());

const silence = (seconds: number) => new Int16Array(16000 * seconds);
/** 20 ms at 16 kHz. */
const FRAME_SAMPLES = 320;

describe('a call with Silero in its helper process', () => {
  it('ends "Yes." within 300 ms of silence and answers it', async () => {
    const call = startCall({ fake, settings: { endOfTurnSeconds: 0.8 } });
    await call.runUntil(call.played(GREETING[1]!));
    const answer = await call.say('Yes.');
    await call.runUntil(call.played('What else?'));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    expect(finished.state.turns[1]).toMatchObject({ role: 'user', content: 'Yes.' });
    const decided = (finished.latencies[2] as unknown as { decision_media_ms: number }).decision_media_ms;
    expect(decided - answer.endMs!).toBeLessThanOrEqual(300);
  });

  it('takes a phone number read with a 1 s pause as one turn', async () => {
    const call = startCall({ fake, settings: { endOfTurnSeconds: 0.8 } });
    await call.runUntil(call.played(GREETING[1]!));
    await call.say('my number is five five five');
    call.transport.say(silence(1));
    await call.say('one two three four.');
    await call.runUntil(call.played('What else?'));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    const heard = finished.state.turns.filter((turn) => turn.role === 'user').map((turn) => turn.content);
    expect(heard).toEqual(['my number is five five five one two three four.']);
  });

  it('is interrupted by speech over it, then answers what was said', async () => {
    const call = startCall({ fake });
    await call.runUntil(call.played(GREETING[1]!));
    await call.say('Tell me a story.');
    await call.runUntil(call.played(STORY[0]!));
    await call.say('Wait, I have a question.');
    await call.runUntil(() => call.transport.clears.length > 0, 20_000);
    await call.runUntil(call.played('What else?'));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    expect(finished.state.turns.filter((turn) => turn.role === 'user').at(-1)!.content).toBe(
      'Wait, I have a question.',
    );
  });

  it('counts every frame heard in the call’s length, decided or not, when the caller hangs up', async () => {
    const call = startCall({ fake });
    await call.runUntil(call.played(GREETING[1]!));
    await call.say('One more thing before I go.');
    // Hung up in the middle of the caller's words: some frames may still wait for the helper's decision.
    await call.runUntil(
      () => call.transport.mediaMs % 1000 === 500 && call.transport.utterances.at(-1)!.startMs !== null,
    );
    call.transport.hangUp();
    const finished = await call.pipeline.done;
    expect(finished.mediaSeconds * 1000).toBe(call.transport.mediaMs);
  });

  it('keeps the words a caller said just before hanging up while their frames still waited for the helper', async () => {
    const call = startCall({ fake });
    await call.runUntil(call.played(GREETING[1]!));
    const words = 'Please do not call me again.';
    const speech = await callerSpeech(words);
    // A line faster than the detector (as on a loaded machine): a little silence, the words with their text beside
    // the first frame, and the hang-up all arrive before the helper decided any of those frames.
    for (let i = 0; i < 5; i += 1) call.transport.frame();
    call.transport.callerText(words);
    for (let offset = 0; offset < speech.length; offset += FRAME_SAMPLES) {
      const frame = new Int16Array(FRAME_SAMPLES);
      frame.set(speech.subarray(offset, offset + FRAME_SAMPLES));
      call.transport.frame(frame);
    }
    call.transport.hangUp();
    const finished = await call.pipeline.done;
    expect(finished.endReason).toBe('user_ended');
    expect(finished.state.turns.filter((turn) => turn.role === 'user').map((turn) => turn.content)).toEqual([
      words,
    ]);
  });
});
