/**
 * Twilio's transfer of a live call (documented "Modify a Call": `POST /2010-04-01/Accounts/{AccountSid}/Calls/{CallSid}.json`
 * with `Twiml`): the call leaves its `<Connect><Stream>` (Twilio stops the media stream) and runs
 * `<Dial callerId="…"><Number>+E164</Number></Dial>`, or `<Sip>sip:…</Sip>` for a SIP address. When the dialed party
 * hangs up the TwiML ends and so does the call (`completed`).
 */
import { escapeXml } from '../call-instructions';
import type { TransferCallInput } from '../provider';

export function twilioTransferTwiml(input: TransferCallInput): string {
  const target = /^sips?:/i.test(input.destination)
    ? `<Sip>${escapeXml(input.destination)}</Sip>`
    : `<Number>${escapeXml(input.destination)}</Number>`;
  const callerId = input.callerId ? ` callerId="${escapeXml(input.callerId)}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Dial${callerId}>${target}</Dial></Response>`;
}
