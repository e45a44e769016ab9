/**
 * Moving a live Plivo call to a person: Plivo's Transfer a Call API (`POST /v1/Account/{auth_id}/Call/{call_uuid}/`
 * with `legs: 'aleg'`, `aleg_url`, `aleg_method`) points the call at new XML, which Plivo fetches from `aleg_url`.
 * That URL is this service's (`transferInstructionsUrl`), signed by Plivo with the configuration's auth token; the
 * XML `<Dial>`s the destination: `<Number>` for an E.164 number (digits, as Plivo writes numbers), `<User>` for a SIP
 * URI, with the call's own line as `callerId`. Destinations are checked on both sides: before asking Plivo, and when
 * the XML is fetched.
 */
import { isE164Number, isTransferDestination } from '../../domain/transfer-destination';
import type { CallInstructions } from '../adapter';
import { escapeXml } from '../call-instructions';


/** A caller id Plivo's `<Dial callerId>` can show (an E.164 number); anything else leaves Plivo's default. */
export function plivoCallerId(callerId: string | null): string | null {
  return callerId !== null && isE164Number(callerId) ? callerId : null;
}

/** Whether Plivo can be asked to dial `destination`. */
export function isPlivoDestination(destination: string): boolean {
  return isTransferDestination(destination);
}

/** The `<Dial>` of a transfer URL's query, or null when its destination or caller id is not one this service writes. */
export function plivoTransferXml(query: URLSearchParams): CallInstructions | null {
  const destination = query.get('to') ?? '';
  const callerId = query.get('caller_id');
  if (!isPlivoDestination(destination) || (callerId !== null && !isE164Number(callerId))) return null;
  const target = isE164Number(destination)
    ? `<Number>${destination.slice(1)}</Number>`
    : `<User>${escapeXml(destination)}</User>`;
  const from = callerId ? ` callerId="${callerId.slice(1)}"` : '';
  return {
    contentType: 'text/xml',
    body: `<?xml version="1.0" encoding="UTF-8"?><Response><Dial${from}>${target}</Dial></Response>`,
  };
}
