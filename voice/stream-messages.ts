/**
 * What every vendor's media stream reads the same way: its JSON text messages (objects only; anything else is
 * malformed and skipped by the transport) and the DTMF digits a caller can press.
 */

/** One JSON text message of a vendor's stream; `event` names it for most vendors. */
export type StreamMessage = Record<string, unknown> & { event?: unknown };

/** The digits a DTMF event may carry: '0'–'9', '*', '#', 'A'–'D'. */
export const DTMF_DIGIT = /^[0-9*#A-D]$/;

/** `value` when it is a JSON object (not an array, not null), else null. */
export const objectOf = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** A text frame holding a JSON object, or null (a binary frame, text that is not JSON, or JSON of another kind). */
export function parseStreamMessage(data: Buffer, isBinary = false): StreamMessage | null {
  if (isBinary) return null;
  try {
    return objectOf(JSON.parse(data.toString('utf8'))) as StreamMessage | null;
  } catch {
    return null;
  }
}
