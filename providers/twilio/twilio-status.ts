/** Twilio call statuses and webhook signatures, read the way Twilio documents them. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isMachineAnswer, type CallOutcome } from '../../domain/outcomes';
import type { CallStatus } from '../provider';

/** The fields of a Twilio status callback (form-encoded) or Call resource we read, in callback spelling. */
export interface TwilioCallReport {
  CallSid: string;
  CallStatus: string;
  AnsweredBy?: string | null;
  CallDuration?: string | number | null;
  SipResponseCode?: string | number | null;
  ErrorCode?: string | number | null;
}

const IN_PROGRESS = new Set(['queued', 'initiated', 'ringing', 'in-progress']);
/** SIP answers that mean the number does not exist or cannot be dialled. */
const INVALID_NUMBER_SIP = new Set(['404', '484', '604']);
/** Twilio error codes for numbers that are invalid or not dialable. */
const INVALID_NUMBER_ERRORS = new Set(['13223', '13224', '21211', '21217', '21214']);

/** The outcome of a final Twilio status; null while the call is still going. */
export function twilioOutcome(report: TwilioCallReport): CallOutcome | null {
  switch (report.CallStatus) {
    case 'completed':
      return isMachineAnswer(report.AnsweredBy) ? 'voicemail' : 'completed';
    case 'busy':
      return 'busy';
    case 'no-answer':
      return 'no_answer';
    case 'canceled':
      return 'canceled';
    case 'failed':
      return INVALID_NUMBER_SIP.has(String(report.SipResponseCode ?? '')) ||
        INVALID_NUMBER_ERRORS.has(String(report.ErrorCode ?? ''))
        ? 'invalid_number'
        : 'failed';
    default:
      return null;
  }
}

/** A Twilio report in the engine's terms, with the raw status (and AMD answer) and SIP cause kept. */
export function twilioCallStatus(report: TwilioCallReport): CallStatus | null {
  if (!report.CallSid || !report.CallStatus) return null;
  const outcome = twilioOutcome(report);
  if (!outcome) {
    if (!IN_PROGRESS.has(report.CallStatus)) return null;
    return { state: 'in_progress', providerCallId: report.CallSid, rawStatus: report.CallStatus };
  }
  const sip = report.SipResponseCode ? `sip:${report.SipResponseCode}` : null;
  const error = report.ErrorCode ? `twilio:${report.ErrorCode}` : null;
  const duration = Number(report.CallDuration);
  return {
    state: 'ended',
    providerCallId: report.CallSid,
    outcome,
    rawStatus: report.AnsweredBy ? `${report.CallStatus}/${report.AnsweredBy}` : report.CallStatus,
    cause: [sip, error].filter(Boolean).join(' ') || null,
    durationSeconds:
      Number.isFinite(duration) && report.CallDuration !== null && report.CallDuration !== ''
        ? duration
        : null,
  };
}

/**
 * Twilio's `X-Twilio-Signature`: base64 HMAC-SHA1 with the auth token over the full URL followed by every
 * POST parameter, sorted by name, as name + value; a repeated name contributes each of its distinct values, sorted
 * (as Twilio's helper libraries compute it: twilio-node `getExpectedTwilioSignature`, twilio-python
 * `RequestValidator.compute_signature`).
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  let data = url;
  for (const name of [...new Set(params.keys())].sort(byCodeUnits))
    for (const value of [...new Set(params.getAll(name))].sort(byCodeUnits)) data += name + value;
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * The spellings of a webhook URL Twilio may have signed: as called, without its port, and with the scheme's
 * default port when it names none. Twilio's own validators try each, because Twilio signs some requests with the
 * port and some without. Media Streams handshakes are signed the same way over their `wss://` URL.
 */
export function twilioSignedUrls(url: string): string[] {
  const parts = /^((?:https?|wss?):\/\/)([^/?#]*)(.*)$/is.exec(url);
  if (!parts) return [url];
  const [, scheme, authority, rest] = parts as unknown as [string, string, string, string];
  const at = authority.lastIndexOf('@') + 1;
  const hostPort = authority.slice(at);
  const port = /:\d*$/.exec(hostPort);
  const prefix = scheme + authority.slice(0, at);
  if (port) return [url, prefix + hostPort.slice(0, port.index) + rest];
  const defaultPort = ['https://', 'wss://'].includes(scheme.toLowerCase()) ? 443 : 80;
  return [url, `${prefix}${hostPort}:${defaultPort}${rest}`];
}

/** True when `signature` is Twilio's signature of this request (for one of the URL's spellings, see above). */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
  signature: string | undefined,
): boolean {
  if (!signature || !authToken) return false;
  const given = Buffer.from(signature);
  return twilioSignedUrls(url).some((signed) => {
    const expected = Buffer.from(twilioSignature(authToken, signed, params));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
