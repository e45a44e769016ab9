/**
 * The start node's opening on the voice pipeline alone (the in-memory transport, media time): a recorded greeting
 * played whole and recorded by its transcript when no LLM is configured, `delayed_start` keeping the line silent
 * for exactly its duration, and a caller who hangs up during the delay hearing nothing.
 */
import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import { startCall } from './call-harness';

const TRANSCRIPT = 'Hello from a recording.';

/** 0.6 s of a 500 Hz tone at 16 kHz: the recording as the media process hands it over. */
const tone = Int16Array.from({ length: 9600 }, (_, i) =>
  Math.round(6000 * Math.sin((2 * Math.PI * 500 * i) / 16000)),
);
const recordedGreeting = { recordingId: 'abc12345', transcript: TRANSCRIPT, pcm: tone };

const opening = (data: Record<string, unknown>): AgentDefinition =>
  ({
    nodes: [
      {
        id: 'greet',
        type: 'startCall',
        data: { name: 'Greeting', prompt: 'Greet.', greeting: 'Hi there.', ...data },
      },
      { id: 'end', type: 'endCall', data: { name: 'End', prompt: 'Bye.' } },
    ],
    edges: [{ id: 'e', source: 'greet', target: 'end', data: { label: 'done', condition: 'done' } }],
  }) as unknown as AgentDefinition;

describe("a start node's recorded greeting and delayed start", () => {
  it('without an LLM, plays the recording instead of the greeting text after the delay, then ends no_llm', async () => {
    const definition = opening({
      greeting_type: 'audio',
      greeting_recording_id: 'abc12345',
      delayed_start: true,
      delayed_start_duration: 0.5,
    });
    const call = startCall({ fake: null, definition, recordedGreeting });
    await call.runUntil();
    const finished = call.finished()!;

    expect(finished.endReason).toBe('no_llm');
    expect(finished.state.turns.map((turn) => [turn.role, turn.content])).toEqual([['agent', TRANSCRIPT]]);
    expect(finished.usage.tts_characters).toBe(0);
    // Every sample of the recording was sent, from the 20 ms frame the delay ended in: 500 ms of media time.
    const { received } = call.transport;
    expect(received.reduce((sum, audio) => sum + audio.samples, 0)).toBe(tone.length);
    expect(received[0]!.atMs).toBeGreaterThanOrEqual(500);
    expect(received[0]!.atMs).toBeLessThanOrEqual(520);
    expect(call.transport.heardFrames[0]).toBeGreaterThanOrEqual(500);
    expect(call.playedMarks()).toEqual([TRANSCRIPT]);
  });

  it('without greeting_type audio, speaks the greeting text, after the delay all the same', async () => {
    const definition = opening({
      greeting_recording_id: 'abc12345',
      delayed_start: true,
      delayed_start_duration: 1,
    });
    const call = startCall({ fake: null, definition, recordedGreeting: undefined });
    await call.runUntil();
    expect(call.finished()!.state.turns.map((turn) => turn.content)).toEqual(['Hi there.']);
    // Not before the delay (after it, flite's synthesis takes wall time, while the test's media time runs on).
    expect(call.transport.received[0]!.atMs).toBeGreaterThanOrEqual(1000);
  });

  it('a caller who hangs up during the delay hears nothing, and the call ends user_ended', async () => {
    const definition = opening({ greeting_type: 'audio', delayed_start: true, delayed_start_duration: 3 });
    const call = startCall({ fake: null, definition, recordedGreeting });
    await call.runUntil(() => call.transport.mediaMs >= 1000);
    call.transport.hangUp();
    await call.pipeline.done;
    expect(call.transport.received).toEqual([]);
    expect(call.finished()!.endReason).toBe('user_ended');
    expect(call.finished()!.state.turns).toEqual([]);
  });
});
