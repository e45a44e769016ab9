/**
 * Plivo XML for a call an agent takes: a bidirectional `<Stream>` to the media process (Plivo's Audio Streaming
 * `<Stream bidirectional="true" keepCallAlive="true" contentType="audio/x-mulaw;rate=8000" extraHeaders="…">wss://…
 * </Stream>`, the URL being the element's text). The URL holds only the per-call token; the other per-call values
 * travel in `extraHeaders`, which Plivo hands back in the `start` message's `extra_headers`. Plivo allows only
 * `[A-Za-z0-9]` in those keys and values and 512 bytes in all, so each name and value is written in hexadecimal.
 * Without a stream (no run) the agent greets and the call ends. The XML has nothing after the stream: Plivo ends the
 * call once the stream closes.
 */
import type { AnswerInput, CallInstructions } from '../adapter';
import { agentGreetingText, escapeXml, speakAndHangupXml } from '../call-instructions';

/** Plivo's limit on the `extraHeaders` attribute. */
const EXTRA_HEADERS_MAX_BYTES = 512;
const HEX = /^(?:[0-9a-f]{2})+$/;

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/** `name=value,…` in hexadecimal; parameters that would pass Plivo's 512 bytes are left out (ours are two ids). */
export function plivoExtraHeaders(parameters: Record<string, string>): string {
  let headers = '';
  for (const [name, value] of Object.entries(parameters)) {
    const pair = `${hex(name)}=${hex(value)}`;
    const next = headers ? `${headers},${pair}` : pair;
    if (next.length > EXTRA_HEADERS_MAX_BYTES) break;
    headers = next;
  }
  return headers;
}

/**
 * The parameters of a `start` message's `extra_headers`: pairs separated by `,` or `;` (Plivo's examples show
 * both), each `name=value` in hexadecimal. Pairs this service did not write are left out.
 */
export function parametersOfExtraHeaders(extraHeaders: unknown): Record<string, string> {
  const parameters: Record<string, string> = {};
  if (typeof extraHeaders !== 'string') return parameters;
  for (const pair of extraHeaders.split(/[;,]/)) {
    const [name, value, ...rest] = pair.trim().split('=');
    if (
      rest.length > 0 ||
      !name ||
      value === undefined ||
      !HEX.test(name) ||
      !(value === '' || HEX.test(value))
    )
      continue;
    parameters[Buffer.from(name, 'hex').toString('utf8')] = Buffer.from(value, 'hex').toString('utf8');
  }
  return parameters;
}

export function plivoAnswer(input: AnswerInput): CallInstructions {
  if (!input.streamUrl) return speakAndHangupXml('Speak', agentGreetingText(input.agentName));
  const extraHeaders = plivoExtraHeaders(input.parameters);
  return {
    contentType: 'text/xml',
    body:
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
      '<Stream bidirectional="true" keepCallAlive="true" contentType="audio/x-mulaw;rate=8000"' +
      (extraHeaders ? ` extraHeaders="${extraHeaders}"` : '') +
      `>${escapeXml(input.streamUrl)}</Stream></Response>`,
  };
}
