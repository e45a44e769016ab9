/**
 * Where a call can be handed to a person: an E.164 phone number or a SIP URI. One definition, read by the agent
 * graph's validation (agents/transfer.ts) and by every vendor's transfer before it asks the vendor.
 */

/** E.164: `+`, then 8 to 15 digits, the first not 0. */
const E164 = /^\+[1-9]\d{7,14}$/;
/**
 * `sip:user@host` or `sips:user@host` (an optional `:port`): no spaces, parameters, headers, quotes, angle
 * brackets, commas or parentheses, so it can go into XML, an NCCO or an Asterisk dial string unescaped.
 */
const SIP_URI = /^sips?:[A-Za-z0-9._~!$&'*+=%-]+@[A-Za-z0-9.-]+(:\d{1,5})?$/;

/** Whether `value` is an E.164 number. */
export function isE164Number(value: unknown): value is string {
  return typeof value === 'string' && E164.test(value);
}

/** Whether `value` is a SIP URI a call can be handed to. */
export function isSipUri(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 256 && SIP_URI.test(value);
}

/** Whether `value` is a destination a call can be handed to: an E.164 number or a SIP URI. */
export function isTransferDestination(value: unknown): value is string {
  return isE164Number(value) || isSipUri(value);
}

/** Whether a destination is a SIP address (else a phone number). */
export const isSipDestination = (destination: string): boolean => /^sips?:/.test(destination);
