/** Plivo call callbacks (form-encoded) and `X-Plivo-Signature-V3` in the engine's terms. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallOutcome } from '../catalogue';
import type { CallStatus } from '../provider';

/** Hangup causes that say the number cannot be reached as dialled. */
const INVALID = new Set(['UNALLOCATED_NUMBER', 'INVALID_NUMBER_FORMAT', 'NO_ROUTE_DESTINATION']);

export function plivoOutcome(status: string, hangupCause: string, machine: boolean): CallOutcome | null {
  switch (status) {
    case 'completed':
      return machine ? 'voicemail' : 'completed';
    case 'busy':
      return 'busy';
    case 'no-answer':
    case 'timeout':
      return 'no_answer';
    case 'cancel':
      return 'canceled';
    case 'failed':
      return INVALID.has(hangupCause)
        ? 'invalid_number'
        : hangupCause === 'CALL_REJECTED'
          ? 'busy'
          : 'failed';
    default:
      return null;
  }
}

/**
 * A ring, machine-detection or hangup callback. The call is known by its `RequestUUID` (what placing answered);
 * a machine verdict settles the attempt as voicemail at once.
 */
export function plivoCallStatus(form: URLSearchParams): CallStatus | null {
  const id = form.get('RequestUUID');
  const status = form.get('CallStatus') ?? '';
  if (!id) return null;
  const machine = form.get('Machine') === 'true';
  if (machine && status !== 'completed')
    return {
      state: 'ended',
      providerCallId: id,
      outcome: 'voicemail',
      rawStatus: 'machine',
      cause: null,
      durationSeconds: null,
    };
  const cause = form.get('HangupCause') ?? '';
  const outcome = plivoOutcome(status, cause, machine);
  if (!outcome) return status ? { state: 'in_progress', providerCallId: id, rawStatus: status } : null;
  const code = form.get('HangupCauseCode');
  const duration = Number(form.get('Duration'));
  return {
    state: 'ended',
    providerCallId: id,
    outcome,
    rawStatus: cause ? `${status}/${cause}` : status,
    cause: code ? `plivo:${code}` : cause || null,
    durationSeconds: Number.isFinite(duration) ? duration : null,
  };
}

/**
 * Plivo's V3 signature: base64 HMAC-SHA256 with the auth token over `<url>.<sorted params>.<nonce>` for a POST,
 * where the params are `name` + `value` concatenated in name order. The header may carry several signatures.
 */
export function plivoSignatureV3(
  authToken: string,
  url: string,
  params: URLSearchParams,
  nonce: string,
): string {
  const names = [...new Set(params.keys())].sort();
  let sorted = '';
  for (const name of names) for (const value of params.getAll(name)) sorted += name + value;
  return createHmac('sha256', authToken).update(`${url}.${sorted}.${nonce}`).digest('base64');
}

export function isValidPlivoSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
  nonce: string | undefined,
  header: string | undefined,
): boolean {
  if (!nonce || !header || !authToken) return false;
  const expected = Buffer.from(plivoSignatureV3(authToken, url, params, nonce));
  return header.split(',').some((candidate) => {
    const given = Buffer.from(candidate.trim());
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
