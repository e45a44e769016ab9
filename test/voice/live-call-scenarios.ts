/**
 * What every vendor's live call must do end to end, written once for the vendors' call tests (twilio-calls,
 * plivo-calls): talk, take turns, yield to a barge-in keeping only what was heard, hear DTMF, end a silent call. Each
 * test hands in its vendor's media fake, which speaks the vendor's wire around the in-memory far end.
 */
import { expect } from 'vitest';
import type { MemoryTransport } from './fakes/memory-transport';
import { CLOSING, GREETING, STORY } from './call-harness';
import { finishedAttempt } from '../providers/provider-world';
import { VOICEMAIL, type LiveCallWorld } from './live-call-world';

/** A vendor's media fake, as the scenarios drive it. */
export interface CallerLine {
  /** The far end's clock, playback and records. */
  readonly far: MemoryTransport;
  /** Every message the service sent, stamped with the media time it arrived at. */
  readonly sent: Array<{ atMs: number; message: Record<string, unknown> }>;
  /** Messages the vendor would not accept. */
  readonly violations: string[];
  say(text: string): Promise<void>;
  press(digit: string): void;
  readonly closed: Promise<{ code: number; byService: boolean }>;
}

/** The caller says `text` (flite speech; Deepgram's fake hears `text` at the end of the turn). */
export async function callerSays(live: LiveCallWorld, line: CallerLine, text: string): Promise<void> {
  live.deepgram.hear({ finals: [text] });
  await line.say(text);
}

/**
 * Runs the clock until the agent said `sentences` more sentences: one mark comes back per sentence played (the
 * pipeline marks each), and nothing is left to play.
 */
export async function untilAgentSaid(line: CallerLine, sentences: number, maxMs = 20_000): Promise<void> {
  const played = () => line.far.marks.filter((mark) => !mark.cleared).length;
  const target = played() + sentences;
  await line.far.run(() => played() >= target && line.far.queuedSamples === 0, maxMs);
}

const said = (turns: Array<{ role: string; content: string }>, role: string) =>
  turns
    .filter((t) => t.role === role)
    .map((t) => t.content)
    .join(' ');

/**
 * Greets in audio, takes turns, yields to a barge-in and hangs up at the end node; the transcript keeps exactly the
 * story's sentences heard. `audioEvent` is the vendor's name of a message of agent audio (Twilio `media`, Plivo
 * `playAudio`). Returns the finished run for the vendor's own checks.
 */
export async function talksAndYieldsToBargeIn(
  live: LiveCallWorld,
  call: { line: CallerLine; runId: number },
  audioEvent: string,
) {
  const { line, runId } = call;
  await untilAgentSaid(line, GREETING.length);
  expect(line.far.heardFrames.length).toBeGreaterThan(50);

  const heardBeforeStory = line.far.marks.filter((mark) => !mark.cleared).length;
  await callerSays(live, line, 'Tell me a story please.');
  // The story's first sentence is played (its mark came back); with a second of the next one queued, the caller
  // talks over it.
  const storyPlayed = () => line.far.marks.filter((mark) => !mark.cleared).length - heardBeforeStory;
  await line.far.run(() => storyPlayed() >= 1 && line.far.queuedSamples >= 8000, 20_000);
  // The caller talks over the story: the agent clears its audio, and nothing queued before the clear is heard.
  await callerSays(live, line, 'Wait, stop, I have a question.');
  await line.far.run(() => line.far.clears.length > 0, 10_000);
  const clearedAt = line.far.clears[0]!;
  // The story's sentences the caller heard before the clear (one mark per sentence played).
  const storyHeard =
    line.far.marks.filter((mark) => !mark.cleared && mark.atMs <= clearedAt).length - heardBeforeStory;
  expect(storyHeard).toBeGreaterThanOrEqual(1);
  expect(storyHeard).toBeLessThan(STORY.length);
  // The agent answers the question: "You said …. What else?"
  await untilAgentSaid(line, 2);
  const afterClear = line.far.heardFrames.filter((at) => at > clearedAt);
  const reply = line.sent.find((s) => s.atMs > clearedAt && s.message.event === audioEvent);
  // Every frame heard after the clear came from audio sent after it (the reply to the question).
  expect(afterClear.every((at) => at >= reply!.atMs)).toBe(true);

  await callerSays(live, line, 'Thank you, goodbye.');
  await line.far.run(() => false, 30_000).catch(() => undefined);
  expect((await line.closed).byService).toBe(true);
  expect(line.violations).toEqual([]);

  const { run, transcript } = await live.transcriptOf(runId);
  const agentSaid = said(transcript.turns, 'agent');
  expect(agentSaid).toContain(GREETING[0]);
  // The interrupted story keeps exactly what was played.
  const story = transcript.turns.find((t) => t.role === 'agent' && t.content.startsWith(STORY[0]!));
  expect(story?.content).toBe(STORY.slice(0, storyHeard).join(' '));
  expect(agentSaid).toContain(CLOSING[0]);
  expect(said(transcript.turns, 'user')).toContain('Tell me a story please.');
  expect(transcript.end_reason).toBe('completed');
  return run;
}

/** Hears a DTMF digit, then ends a silent call after asking once whether the caller is still there. */
export async function hearsDtmfThenEndsSilentCall(
  live: LiveCallWorld,
  call: { line: CallerLine; runId: number },
): Promise<void> {
  const { line, runId } = call;
  await untilAgentSaid(line, GREETING.length);
  line.press('5');
  await untilAgentSaid(line, 2);
  await line.far.run(() => false, 30_000).catch(() => undefined);
  expect((await line.closed).byService).toBe(true);
  const { transcript } = await live.transcriptOf(runId);
  expect(transcript.turns.some((t) => t.role === 'user' && t.content.includes('[pressed 5]'))).toBe(true);
  expect(transcript.end_reason).toBe('silence_timeout');
}

/** An answer's instructions with the stream token's signature forged (the run and expiry kept). */
export function withForgedToken(instructions: string, provider: string): string {
  const forged = instructions.replace(
    new RegExp(`(/media/${provider}/\\d+\\.\\d+\\.[0-9a-f]{8}\\.)[A-Za-z0-9_-]{43}`),
    '$1' + 'A'.repeat(43),
  );
  expect(forged).not.toBe(instructions);
  return forged;
}

/** The machine got the voicemail message and the call ended: outcome voicemail, the verdict kept in Twilio's words. */
export async function expectVoicemailLeft(
  live: LiveCallWorld,
  placed: { attemptId: number; runId: number },
  answeredBy: string,
): Promise<void> {
  expect(await finishedAttempt(live.world, placed.attemptId)).toMatchObject({
    outcome: 'voicemail',
    answered_by: answeredBy,
  });
  const { transcript } = await live.transcriptOf(placed.runId);
  expect(transcript.turns.map((t) => t.content).join(' ')).toContain(VOICEMAIL);
  expect(transcript.end_reason).toBe('voicemail');
}
