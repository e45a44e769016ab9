/** What this service says on a call it answers without a conversation, and the XML instructions that say it. */
import type { CallInstructions } from './adapter';

/** The spoken line of a refused call. */
export const REFUSAL_MESSAGE = 'Sorry, this number is not taking calls at the moment. Goodbye.';

/**
 * The spoken line of a call an agent takes on a vendor whose media this service does not carry yet (or a call
 * without a run): the agent introduces itself and the call ends; its run records the call.
 */
export function agentGreetingText(agentName: string): string {
  return `Hello, this is ${agentName || 'your voice agent'}. Thank you for your time. Goodbye.`;
}

/** Text as XML character data or a quoted attribute value. */
export const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** XML instructions (Twilio's `Say`, Plivo's `Speak`): a spoken line, then hang up. */
export function speakAndHangupXml(verb: 'Say' | 'Speak', message: string): CallInstructions {
  return {
    contentType: 'text/xml',
    body: `<?xml version="1.0" encoding="UTF-8"?><Response><${verb}>${escapeXml(message)}</${verb}><Hangup/></Response>`,
  };
}

/** A text field of a vendor's JSON or form body; empty when absent. */
export function textField(body: Record<string, unknown>, name: string): string {
  return typeof body[name] === 'string' ? (body[name] as string) : '';
}

/**
 * Vonage and Plivo send phone numbers as bare digits: '+' in front, as Twilio, Telnyx and Asterisk write them.
 * Anything else (a SIP address, "Unknown" for a withheld caller) stays as it came.
 */
export function plusDigits(value: string): string {
  return /^\d+$/.test(value) ? `+${value}` : value;
}
