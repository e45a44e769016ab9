import { describe, expect, it } from 'vitest';
import { TurnTaking, type FloorEvent } from '../../voice/turn-taking';

/** Runs a frame pattern ('S' speech, '.' silence; one character per 20 ms) and lists the events with their frame. */
function events(floor: TurnTaking, pattern: string, agentBusy = false): Array<[number, FloorEvent['type']]> {
  return [...pattern].flatMap((char, index): Array<[number, FloorEvent['type']]> => {
    const event = floor.frame(char === 'S', agentBusy);
    return event.type === 'none' ? [] : [[index, event.type]];
  });
}

describe('turn-taking in media time', () => {
  it('decides the end of turn after exactly endOfTurnMs of silence following speech', () => {
    const floor = new TurnTaking({ endOfTurnMs: 100, interruptionMs: 60 });
    // Speech at frames 2-4, a 60 ms pause (shorter than the end of turn), more speech, then 5 silent frames.
    expect(events(floor, '..SSS...SS.....')).toEqual([
      [2, 'speech_started'],
      [14, 'end_of_turn'],
    ]);
    expect(floor.callerSpeaking).toBe(false);
  });

  it('reports a barge-in once the caller has spoken interruptionMs over a busy agent, and marks the turn', () => {
    const floor = new TurnTaking({ endOfTurnMs: 60, interruptionMs: 80 });
    const seen: FloorEvent[] = [];
    for (const char of 'SS.SSSSS...') seen.push(floor.frame(char === 'S', true));
    // Speech frames 0,1,3,4: the fourth speech frame reaches 80 ms.
    expect(seen.findIndex((event) => event.type === 'barge_in')).toBe(4);
    expect(seen.filter((event) => event.type === 'barge_in')).toHaveLength(1);
    expect(seen.at(-1)).toEqual({ type: 'end_of_turn', interrupted: true });
  });

  it('counts only the speech heard while the agent is busy towards a barge-in', () => {
    const floor = new TurnTaking({ endOfTurnMs: 60, interruptionMs: 60 });
    expect(events(floor, 'SSSS', false)).toEqual([[0, 'speech_started']]);
    expect(events(floor, 'SS', true)).toEqual([]);
    expect(events(floor, 'S', true)).toEqual([[0, 'barge_in']]);
  });

  it('ends a short utterance over the agent without interrupting it (a backchannel)', () => {
    const floor = new TurnTaking({ endOfTurnMs: 40, interruptionMs: 200 });
    const seen: FloorEvent[] = [];
    for (const char of 'SSS..') seen.push(floor.frame(char === 'S', true));
    expect(seen.at(-1)).toEqual({ type: 'end_of_turn', interrupted: false });
    expect(seen.some((event) => event.type === 'barge_in')).toBe(false);
  });

  it('starts each utterance afresh', () => {
    const floor = new TurnTaking({ endOfTurnMs: 40, interruptionMs: 60 });
    expect(events(floor, 'SS..', true).map(([, type]) => type)).toEqual(['speech_started', 'end_of_turn']);
    // The earlier 40 ms of overlap do not count towards the next utterance's barge-in.
    expect(events(floor, 'SS', true).map(([, type]) => type)).toEqual(['speech_started']);
  });
});
