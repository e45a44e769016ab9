/**
 * The wire protocol of the simulator's media leg (transport `simulator-pcm16`), as a vendor would document it. The
 * simulator stands for the callee's phone: when a person answers a conversing call it fetches the call's answer URL,
 * which names a stream URL (`{MEDIA_PUBLIC_URL}/media/simulator/{token}`), and opens one WebSocket to it. There is no
 * handshake signature: the signed token in the path is the whole check (the simulator is our own cloud).
 *
 * Binary messages, both ways: audio, 16-bit signed little-endian PCM, mono, 16 kHz, exactly 640 bytes (20 ms) each.
 * The simulator sends one frame per 20 ms of media time, silence included, from `start` to `stop`: its frames are
 * the call's clock. The service sends the agent's audio as it has it; the simulator plays one agent frame per frame
 * it sends, so playback follows the same clock.
 *
 * Text messages are JSON objects with an `event`:
 *
 * | from      | event   | fields                                 | meaning                                                  |
 * | --------- | ------- | -------------------------------------- | -------------------------------------------------------- |
 * | simulator | `start` | `stream_id`, `call_sid`, `parameters`  | first message; `parameters` are the answer's, as given   |
 * | simulator | `text`  | `text`                                 | the words of the utterance whose audio starts next       |
 * | simulator | `dtmf`  | `digit` (`0`–`9`, `*`, `#`, `A`–`D`)   | the callee pressed a key                                 |
 * | simulator | `mark`  | `name`                                 | a mark of the service, reached by playback (or cleared)  |
 * | simulator | `stop`  | `reason`                               | the callee hung up (`transferred`: the call was          |
 * |           |         |                                        | transferred off the stream); the socket closes           |
 * | service   | `mark`  | `name`, `text` (string or null)        | after the audio sent so far; `text`: the agent's words   |
 * | service   | `clear` |                                        | drop the agent audio not yet played; pending marks return |
 * | service   | `stop`  | `reason`                               | the agent hung up; the socket closes                     |
 */
import { frameSamples } from '../voice/audio/frames';

export const SIMULATOR_SAMPLE_RATE = 16000;
/** One 20 ms frame of 16 kHz PCM16: 320 samples, 640 bytes. */
export const SIMULATOR_FRAME_SAMPLES = frameSamples(SIMULATOR_SAMPLE_RATE);
export const SIMULATOR_FRAME_BYTES = SIMULATOR_FRAME_SAMPLES * 2;

const DTMF_DIGIT = /^[0-9*#A-D]$/;

/** What the simulator (the callee's end) sends. */
export type CalleeMessage =
  | { event: 'start'; stream_id: string; call_sid: string; parameters: Record<string, string> }
  | { event: 'text'; text: string }
  | { event: 'dtmf'; digit: string }
  | { event: 'mark'; name: string }
  | { event: 'stop'; reason: string };

/** What the service (the agent's end) sends. */
export type AgentMessage =
  | { event: 'mark'; name: string; text: string | null }
  | { event: 'clear' }
  | { event: 'stop'; reason: string };

const isString = (value: unknown): value is string => typeof value === 'string';

function objectOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function stringRecord(value: unknown): Record<string, string> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  return entries.every(([, item]) => isString(item))
    ? (Object.fromEntries(entries) as Record<string, string>)
    : null;
}

/** A text message from the simulator, or null when it is not one this protocol defines. */
export function readCalleeMessage(text: string): CalleeMessage | null {
  const message = objectOf(text);
  switch (message?.event) {
    case 'start': {
      const parameters = stringRecord(message.parameters ?? {});
      return isString(message.stream_id) && isString(message.call_sid) && parameters
        ? { event: 'start', stream_id: message.stream_id, call_sid: message.call_sid, parameters }
        : null;
    }
    case 'text':
      return isString(message.text) ? { event: 'text', text: message.text } : null;
    case 'dtmf':
      return isString(message.digit) && DTMF_DIGIT.test(message.digit)
        ? { event: 'dtmf', digit: message.digit }
        : null;
    case 'mark':
      return isString(message.name) ? { event: 'mark', name: message.name } : null;
    case 'stop':
      return { event: 'stop', reason: isString(message.reason) ? message.reason : 'hangup' };
    default:
      return null;
  }
}

/** A text message from the service, or null when it is not one this protocol defines. */
export function readAgentMessage(text: string): AgentMessage | null {
  const message = objectOf(text);
  switch (message?.event) {
    case 'mark':
      return isString(message.name)
        ? { event: 'mark', name: message.name, text: isString(message.text) ? message.text : null }
        : null;
    case 'clear':
      return { event: 'clear' };
    case 'stop':
      return { event: 'stop', reason: isString(message.reason) ? message.reason : 'hangup' };
    default:
      return null;
  }
}

/** PCM16 samples as the wire's little-endian bytes (copied, whatever the host's byte order). */
export function pcmToWire(samples: Int16Array): Buffer {
  const bytes = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) bytes.writeInt16LE(samples[i]!, i * 2);
  return bytes;
}

/** The wire's little-endian bytes as PCM16 samples (an odd trailing byte is dropped). */
export function wireToPcm(bytes: Buffer): Int16Array {
  const samples = new Int16Array(bytes.length >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
  return samples;
}

/**
 * The answer URL's reply to the simulator (the simulator adapter's `answerOutbound`): the stream to open, with the
 * parameters to send back in `start`; `stream_url` null when the call carries no media (the call then lasts its
 * planned `talk_seconds`).
 */
export interface SimulatorAnswer {
  stream_url: string | null;
  parameters: Record<string, string>;
}
