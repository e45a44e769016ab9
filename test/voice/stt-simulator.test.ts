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
});
