import { describe, expect, it } from 'vitest';
import type { HeardSoFar } from '../../voice/speech';
import { TurnTaking, type FloorEvent, type TurnTakingSettings } from '../../voice/turn-taking';

/** Turn-taking with the silence rule's settings given and the rest at the pipeline's defaults. */
const floorOf = (settings: Partial<TurnTakingSettings>) =>
  new TurnTaking({
    endOfTurnMs: 800,
    completeTurnMs: 300,
    unfinishedTurnMs: 1500,
    interruption: 'speech',
    interruptionMs: 300,
    interruptionWords: 3,
    provisionalPauseMs: 1500,
    language: 'en-US',
    ...settings,
  });

/** Runs a frame pattern ('S' speech, '.' silence; one character per 20 ms) and lists the events with their frame. */
function events(
  floor: TurnTaking,
  pattern: string,
  agentBusy = false,
  heard: (index: number) => HeardSoFar | null = () => null,
): Array<[number, FloorEvent['type']]> {
  return [...pattern].flatMap((char, index): Array<[number, FloorEvent['type']]> => {
    const event = floor.frame(char === 'S', agentBusy, heard(index));
    return event.type === 'none' ? [] : [[index, event.type]];
  });
}

describe('turn-taking in media time', () => {
  it('decides the end of turn after exactly endOfTurnMs of silence following speech', () => {
    const floor = floorOf({ endOfTurnMs: 100, interruptionMs: 60 });
    // Speech at frames 2-4, a 60 ms pause (shorter than the end of turn), more speech, then 5 silent frames.
    expect(events(floor, '..SSS...SS.....')).toEqual([
      [2, 'speech_started'],
      [14, 'end_of_turn'],
    ]);
    expect(floor.callerSpeaking).toBe(false);
  });

  it('reports a barge-in once the caller has spoken interruptionMs over a busy agent, and marks the turn', () => {
    const floor = floorOf({ endOfTurnMs: 60, interruptionMs: 80 });
    const seen: FloorEvent[] = [];
    for (const char of 'SS.SSSSS...') seen.push(floor.frame(char === 'S', true));
    // Speech frames 0,1,3,4: the fourth speech frame reaches 80 ms.
    expect(seen.findIndex((event) => event.type === 'barge_in')).toBe(4);
    expect(seen.filter((event) => event.type === 'barge_in')).toHaveLength(1);
    expect(seen.at(-1)).toEqual({
      type: 'end_of_turn',
      interrupted: true,
      rule: 'silence',
      pausedAgent: false,
    });
  });

  it('counts only the speech heard while the agent is busy towards a barge-in', () => {
    const floor = floorOf({ endOfTurnMs: 60, interruptionMs: 60 });
    expect(events(floor, 'SSSS', false)).toEqual([[0, 'speech_started']]);
    expect(events(floor, 'SS', true)).toEqual([]);
    expect(events(floor, 'S', true)).toEqual([[0, 'barge_in']]);
  });

  it('ends a short utterance over the agent without interrupting it (a backchannel)', () => {
    const floor = floorOf({ endOfTurnMs: 40, interruptionMs: 200 });
    const seen: FloorEvent[] = [];
    for (const char of 'SSS..') seen.push(floor.frame(char === 'S', true));
    expect(seen.at(-1)).toEqual({
      type: 'end_of_turn',
      interrupted: false,
      rule: 'silence',
      pausedAgent: false,
    });
    expect(seen.some((event) => event.type === 'barge_in')).toBe(false);
  });

  it('starts each utterance afresh', () => {
    const floor = floorOf({ endOfTurnMs: 40, interruptionMs: 60 });
    expect(events(floor, 'SS..', true).map(([, type]) => type)).toEqual(['speech_started', 'end_of_turn']);
    // The earlier 40 ms of overlap do not count towards the next utterance's barge-in.
    expect(events(floor, 'SS', true).map(([, type]) => type)).toEqual(['speech_started']);
  });
});

/** The frame index (20 ms each) at which the turn ended, with `heard` given for every frame. */
function endFrame(floor: TurnTaking, pattern: string, heard: HeardSoFar | null, agentBusy = false): number {
  return events(floor, pattern, agentBusy, () => heard).find(([, type]) => type === 'end_of_turn')?.[0] ?? -1;
}

const settled = (text: string): HeardSoFar => ({ text, settled: true });
const speechThenSilence = (silentFrames: number) => 'SSSSS' + '.'.repeat(silentFrames);

describe('turn-taking on the words heard so far', () => {
  it('ends a complete short answer after 300 ms of silence instead of the full 800 ms', () => {
    // Speech frames 0-4; the 15th silent frame (index 19) completes 300 ms.
    expect(endFrame(floorOf({}), speechThenSilence(60), settled('Yes.'))).toBe(19);
    expect(endFrame(floorOf({}), speechThenSilence(60), settled("That's right"))).toBe(19);
    // Without streamed words (a recogniser that gives text at the end only), the silence rule: 40 frames.
    expect(endFrame(floorOf({}), speechThenSilence(60), null)).toBe(44);
  });

  it('waits the full silence while the words are an interim result or say nothing of the end', () => {
    expect(endFrame(floorOf({}), speechThenSilence(60), { text: 'Yes.', settled: false })).toBe(44);
    expect(endFrame(floorOf({}), speechThenSilence(60), settled('I would like to book a table'))).toBe(44);
  });

  it('never waits longer on a complete answer than the configured silence', () => {
    expect(endFrame(floorOf({ endOfTurnMs: 200 }), speechThenSilence(60), settled('Yes.'))).toBe(14);
  });

  it('waits for more after a plainly unfinished phrase, so a pause mid-sentence keeps the floor', () => {
    for (const text of ['my number is 555', 'um', 'I want to go to the', 'and', 'five five five'])
      expect([text, endFrame(floorOf({}), speechThenSilence(100), settled(text))]).toEqual([text, 79]);
    // "my number is five five five", a 1 s pause (50 frames), "one two three four.": one turn, which still waits
    // the longer silence (digits read out may go on).
    const floor = floorOf({});
    const heard = (index: number) =>
      settled(index < 55 ? 'my number is five five five' : 'my number is five five five one two three four.');
    const pattern = 'SSSSS' + '.'.repeat(50) + 'SSSSS' + '.'.repeat(80);
    expect(events(floor, pattern, false, heard)).toEqual([
      [0, 'speech_started'],
      [134, 'end_of_turn'],
    ]);
  });
});

describe('interruptions by words (min_words)', () => {
  const minWords = () => floorOf({ interruption: 'words', interruptionMs: 60 });

  it('never barges in on a backchannel, however long it lasts', () => {
    for (const text of ['uh-huh', 'yeah okay', 'mm-hmm right', 'oh I see'])
      expect(
        events(minWords(), 'S'.repeat(50) + '.'.repeat(50), true, () => settled(text)),
      ).not.toContainEqual(expect.arrayContaining(['barge_in']));
  });

  it('barges in once three words that are not backchannels are heard, not on speech alone', () => {
    const heard = (index: number) =>
      settled(
        index < 10
          ? ''
          : index < 20
            ? 'yeah wait'
            : index < 30
              ? 'yeah wait I'
              : 'yeah wait I have a question',
      );
    const seen = events(minWords(), 'S'.repeat(40) + '.'.repeat(50), true, heard);
    // "yeah" is a backchannel: "wait I have" makes three at frame 30.
    expect(seen).toContainEqual([30, 'barge_in']);
    expect(seen.filter(([, type]) => type === 'barge_in')).toHaveLength(1);
  });

  it('barges in on words that arrive after the speech, before the end of turn', () => {
    const heard = (index: number) => settled(index < 12 ? '' : 'hold on a second');
    expect(events(minWords(), 'SSSSS' + '.'.repeat(60), true, heard)).toContainEqual([12, 'barge_in']);
  });
});

describe('provisional interruptions (provisional_vad)', () => {
  const provisional = () =>
    floorOf({ interruption: 'provisional', interruptionMs: 300, provisionalPauseMs: 1500 });
  const kinds = (seen: Array<[number, FloorEvent['type']]>) =>
    seen.filter(([, type]) => type !== 'speech_started');

  it('pauses the agent after 300 ms of speech and resumes it 1.5 s later when no word came', () => {
    const noise = 'S'.repeat(100) + '.'.repeat(50);
    expect(kinds(events(provisional(), noise, true, () => settled('')))).toEqual([
      [14, 'pause'],
      [89, 'resume'],
      [139, 'end_of_turn'],
    ]);
  });

  it('reports an utterance that ends while the agent is still paused, so that it resumes then', () => {
    const floor = provisional();
    const seen: FloorEvent[] = [];
    for (const char of 'S'.repeat(18) + '.'.repeat(40))
      seen.push(floor.frame(char === 'S', true, settled('')));
    expect(seen.filter((event) => event.type !== 'none').map((event) => event.type)).toEqual([
      'speech_started',
      'pause',
      'end_of_turn',
    ]);
    expect(seen.at(-1)).toMatchObject({ type: 'end_of_turn', interrupted: false, pausedAgent: true });
  });

  it('turns the pause into a barge-in at the first recognised word that is not a backchannel', () => {
    const heard = (index: number) => settled(index < 30 ? 'uh-huh' : 'uh-huh wait');
    expect(kinds(events(provisional(), 'S'.repeat(60) + '.'.repeat(45), true, heard))).toEqual([
      [14, 'pause'],
      [30, 'barge_in'],
      [99, 'end_of_turn'],
    ]);
  });
});

describe('answering ahead of the decision', () => {
  it('allows it after 100 ms of silence in an utterance, on settled words that are not plainly unfinished', () => {
    const floor = floorOf({});
    const after = (pattern: string) => events(floor, pattern, false, () => settled('Yes.'));
    after('SSSS....');
    expect(floor.mayAnswerAhead(settled('Yes.'))).toBe(false);
    after('.');
    expect(floor.mayAnswerAhead(settled('Yes.'))).toBe(true);
    expect(floor.mayAnswerAhead({ text: 'Yes.', settled: false })).toBe(false);
    expect(floor.mayAnswerAhead(settled(''))).toBe(false);
    expect(floor.mayAnswerAhead(settled('my number is 555'))).toBe(false);
    // Speech again: not silent any more.
    after('S');
    expect(floor.mayAnswerAhead(settled('Yes.'))).toBe(false);
  });
});
