import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import { startOpening } from '../../agents/start-opening';

const withStart = (data: Record<string, unknown>): AgentDefinition =>
  ({
    nodes: [
      { id: 's', type: 'startCall', data: { name: 'Start', prompt: 'Hi.', ...data } },
      { id: 'e', type: 'endCall', data: { name: 'End', prompt: 'Bye.' } },
    ],
    edges: [],
  }) as unknown as AgentDefinition;

describe("a start node's opening", () => {
  it('plays the recording only when greeting_type is audio, by Dograh id (number) or recording_id (string)', () => {
    expect(
      startOpening(withStart({ greeting_type: 'audio', greeting_recording_id: 12 })).greetingRecording,
    ).toBe(12);
    expect(
      startOpening(withStart({ greeting_type: 'audio', greeting_recording_id: ' ab12 ' })).greetingRecording,
    ).toBe('ab12');
    expect(
      startOpening(withStart({ greeting_type: 'text', greeting_recording_id: 12 })).greetingRecording,
    ).toBeNull();
    expect(startOpening(withStart({ greeting_recording_id: 12 })).greetingRecording).toBeNull();
    expect(
      startOpening(withStart({ greeting_type: 'audio', greeting_recording_id: '' })).greetingRecording,
    ).toBeNull();
    expect(
      startOpening(withStart({ greeting_type: 'audio', greeting_recording_id: 1.5 })).greetingRecording,
    ).toBeNull();
  });

  it('waits delayed_start_duration seconds when delayed_start is on: Dograh’s 2 s by default, at most 10 s', () => {
    expect(startOpening(withStart({ delayed_start: true, delayed_start_duration: 1.25 })).delayMs).toBe(1250);
    expect(startOpening(withStart({ delayed_start: true })).delayMs).toBe(2000);
    expect(startOpening(withStart({ delayed_start: true, delayed_start_duration: 0 })).delayMs).toBe(2000);
    expect(startOpening(withStart({ delayed_start: true, delayed_start_duration: 60 })).delayMs).toBe(10_000);
    expect(startOpening(withStart({ delayed_start: false, delayed_start_duration: 3 })).delayMs).toBe(0);
    expect(startOpening(withStart({ delayed_start_duration: 3 })).delayMs).toBe(0);
  });

  it("follows the start node's allow_interrupt for the greeting", () => {
    expect(startOpening(withStart({})).interruptible).toBe(true);
    expect(startOpening(withStart({ allow_interrupt: false })).interruptible).toBe(false);
  });
});
