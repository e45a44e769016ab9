/** The call instructions (Twilio TwiML, Plivo XML) this service answers with. */

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** A spoken line, then hang up: a refused call, or the end of a call no conversation is attached to. */
export function sayAndHangup(message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${escapeXml(message)}</Say><Hangup/></Response>`;
}

/**
 * An answered call of an agent. Voice media (streaming the call to the agent runtime) is not part of this
 * service yet, so the agent introduces itself and the call ends; its run records the call.
 */
export function agentGreeting(agentName: string): string {
  return sayAndHangup(`Hello, this is ${agentName || 'your voice agent'}. Thank you for your time. Goodbye.`);
}

/** Plivo XML: a spoken line, then hang up. */
export function plivoSpeakAndHangup(message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Speak>${escapeXml(message)}</Speak><Hangup/></Response>`;
}
