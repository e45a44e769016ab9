/** The call instructions (Twilio TwiML, Plivo XML) this service answers with. */
import { agentGreetingText } from './inbound-calls';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** A spoken line, then hang up: a refused call, or the end of a call no conversation is attached to. */
export function sayAndHangup(message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${escapeXml(message)}</Say><Hangup/></Response>`;
}

/** An answered call of an agent: its greeting, then hang up (see `agentGreetingText`). */
export function agentGreeting(agentName: string): string {
  return sayAndHangup(agentGreetingText(agentName));
}

/** Plivo XML: a spoken line, then hang up. */
export function plivoSpeakAndHangup(message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Speak>${escapeXml(message)}</Speak><Hangup/></Response>`;
}
