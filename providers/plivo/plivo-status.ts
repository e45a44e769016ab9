/** Plivo call callbacks (form-encoded) and `X-Plivo-Signature-V3` in the engine's terms. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallOutcome } from '../../domain/outcomes';
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
 * Plivo's V3 signature (`X-Plivo-Signature-V3`), built as Plivo's SDKs build it (plivo-node `validateV3Signature`,
 * plivo-python `validate_v3_signature`), then base64 HMAC-SHA256 with the auth token over `<signed>.<nonce>`:
 *
 * - the URL without its query, then the URL's query parameters decoded and sorted by name then value, written
 *   `name=value` and joined by `&`;
 * - for a POST with body parameters: `?`, the sorted query (followed by `.` when there is one), then the body
 *   parameters sorted by name then value, written `name` + `value` with no separator;
 * - for a POST without body parameters, and for a GET (its parameters are the query's): `?` and the sorted query
 *   when there is one, nothing otherwise.
 */
export function plivoSignatureV3(
  authToken: string,
  url: string,
  params: URLSearchParams,
  nonce: string,
  method: 'GET' | 'POST' = 'POST',
): string {
  return createHmac('sha256', authToken)
    .update(`${plivoSignedString(url, params, method)}.${nonce}`)
    .digest('base64');
}

/** The string Plivo signs before the nonce (see `plivoSignatureV3`). */
export function plivoSignedString(url: string, params: URLSearchParams, method: 'GET' | 'POST'): string {
  const queryAt = url.indexOf('?');
  const base = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
  if (method === 'GET') for (const [name, value] of params) query.append(name, value);
  const sortedQuery = sortedPairs(query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  if (method === 'GET' || [...params.keys()].length === 0)
    return sortedQuery ? `${base}?${sortedQuery}` : base;
  const sortedBody = sortedPairs(params)
    .map(([name, value]) => name + value)
    .join('');
  return `${base}?${sortedQuery ? `${sortedQuery}.` : ''}${sortedBody}`;
}

/** Parameters sorted by name, then each name's values sorted (code unit order, as the SDKs sort). */
function sortedPairs(params: URLSearchParams): Array<[string, string]> {
  const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...new Set(params.keys())].sort(byCodeUnits).flatMap((name) =>
    params
      .getAll(name)
      .sort(byCodeUnits)
      .map((value): [string, string] => [name, value]),
  );
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
