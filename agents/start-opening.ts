/**
 * How a call opens, from the start node's data (Dograh's keys): `greeting_type: "audio"` with a
 * `greeting_recording_id` plays that recording as the greeting; `delayed_start: true` waits
 * `delayed_start_duration` seconds (Dograh's default 2, bounded to 0 … 10 as its spec's range) after pickup before
 * the agent speaks.
 */
import { allowsInterruption, type AgentDefinition } from './definition';

export interface StartOpening {
  /** The recording played as the greeting: Dograh's `id` (a number) or `recording_id` (a string); null: none. */
  greetingRecording: number | string | null;
  /** Media time to wait after pickup before speaking. */
  delayMs: number;
  /** May the caller interrupt the greeting (the start node's `allow_interrupt`)? */
  interruptible: boolean;
}

const DEFAULT_DELAY_SECONDS = 2;
const MAX_DELAY_SECONDS = 10;

export function startOpening(definition: AgentDefinition): StartOpening {
  const start = definition.nodes.find((node) => node.type === 'startCall');
  const data = (start?.data ?? {}) as Record<string, unknown>;
  return {
    greetingRecording: recordingReference(data),
    delayMs: delayOf(data),
    interruptible: start ? allowsInterruption(start) : true,
  };
}

function recordingReference(data: Record<string, unknown>): number | string | null {
  if (data.greeting_type !== 'audio') return null;
  const reference = data.greeting_recording_id;
  if (typeof reference === 'number' && Number.isSafeInteger(reference) && reference > 0) return reference;
  if (typeof reference === 'string' && reference.trim()) return reference.trim();
  return null;
}

function delayOf(data: Record<string, unknown>): number {
  if (data.delayed_start !== true) return 0;
  const seconds = data.delayed_start_duration;
  const chosen =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_DELAY_SECONDS;
  return Math.round(Math.min(chosen, MAX_DELAY_SECONDS) * 1000);
}
