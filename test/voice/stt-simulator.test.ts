/** The `simulator` recogniser: the text the simulator's callee sends beside its audio, turn by turn. */
import { describe, expect, it } from 'vitest';
import { createSimulatorRecognizer } from '../../voice/stt/simulator-recognizer';

const open = () =>
  createSimulatorRecognizer().open({
    sampleRate: 16000,
    language: 'en-US',
    signal: new AbortController().signal,
  });

describe('the simulator recogniser', () => {
  it('returns the text received since the last end of turn, joined with spaces', async () => {
    const session = await open();
    session.write(new Int16Array(320));
    session.callerText!('Yes, this is Sam.');
    session.callerText!('  I can talk now. ');

    expect(await session.endOfTurn()).toBe('Yes, this is Sam. I can talk now.');

    session.callerText!('Tuesday works.');
    expect(await session.endOfTurn()).toBe('Tuesday works.');
    expect(await session.endOfTurn()).toBe('');
  });

  it('bills nothing, whatever audio it was given', async () => {
    const session = await open();
    for (let i = 0; i < 50; i++) session.write(new Int16Array(320).fill(1000));
    session.callerText!('Hello.');
    await session.endOfTurn();
    expect(session.billedSeconds).toBe(0);
  });

  it("counts an utterance's text as heard once its sound has stopped for 100 ms, not when the text arrives", async () => {
    const session = await open();
    const loud = new Int16Array(320).fill(3000);
    const quiet = new Int16Array(320);
    session.callerText!('Yes, please.');
    // The text comes with the first frame, before a word is said.
    session.write(quiet);
    expect(session.heard!()).toEqual({ text: '', settled: true });
    for (let i = 0; i < 10; i++) session.write(loud);
    for (let i = 0; i < 4; i++) session.write(quiet);
    expect(session.heard!().text).toBe('');
    session.write(quiet);
    expect(session.heard!()).toEqual({ text: 'Yes, please.', settled: true });
    // The next utterance's text is added once its own sound has stopped.
    session.callerText!('Tuesday.');
    expect(session.heard!().text).toBe('Yes, please.');
    for (let i = 0; i < 5; i++) session.write(loud);
    for (let i = 0; i < 5; i++) session.write(quiet);
    expect(session.heard!().text).toBe('Yes, please. Tuesday.');
    expect(await session.endOfTurn()).toBe('Yes, please. Tuesday.');
    expect(session.heard!().text).toBe('');
  });
});
