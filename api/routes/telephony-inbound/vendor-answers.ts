/** How each vendor describes an inbound call, and the call instructions it expects back. */
import { agentGreetingText } from './inbound-calls';
import { agentGreeting, plivoSpeakAndHangup, sayAndHangup } from './twiml';

export interface CallInstructions {
  contentType: string;
  body: string;
}

export interface InboundCallFields {
  providerCallId: string;
  to: string;
  from: string;
}

const field = (body: Record<string, unknown>, name: string) =>
  typeof body[name] === 'string' ? (body[name] as string) : '';

/**
 * Vonage and Plivo send phone numbers as bare digits: '+' in front, as Twilio, Telnyx and Asterisk write them.
 * Anything else (a SIP address, "Unknown" for a withheld caller) stays as it came.
 */
const plusDigits = (value: string) => (/^\d+$/.test(value) ? `+${value}` : value);

export const inboundCallOf: Record<string, (body: Record<string, unknown>) => InboundCallFields> = {
  twilio: (body) => ({
    providerCallId: field(body, 'CallSid'),
    to: field(body, 'To'),
    from: field(body, 'From'),
  }),
  vonage: (body) => ({
    providerCallId: field(body, 'uuid'),
    to: `+${field(body, 'to').replace(/^\+/, '')}`,
    from: plusDigits(field(body, 'from')),
  }),
  // Plivo sends numbers without the leading '+'.
  plivo: (body) => ({
    providerCallId: field(body, 'CallUUID'),
    to: `+${field(body, 'To').replace(/^\+/, '')}`,
    from: plusDigits(field(body, 'From')),
  }),
};

const twiml = (body: string): CallInstructions => ({ contentType: 'text/xml', body });
/** A Vonage NCCO that speaks one line; the call ends when the NCCO does. */
const ncco = (text: string): CallInstructions => ({
  contentType: 'application/json',
  body: JSON.stringify([{ action: 'talk', text }]),
});

/** Instructions for a call an agent takes. */
export const answerInstructions: Record<string, (agentName: string) => CallInstructions> = {
  vonage: (agentName) => ncco(agentGreetingText(agentName)),
  twilio: (agentName) => twiml(agentGreeting(agentName)),
  plivo: (agentName) => twiml(plivoSpeakAndHangup(agentGreetingText(agentName))),
};

/** Instructions for a refused call: a spoken message and a hang-up. */
export const refusalInstructions: Record<string, (message: string) => CallInstructions> = {
  vonage: (message) => ncco(message),
  twilio: (message) => twiml(sayAndHangup(message)),
  plivo: (message) => twiml(plivoSpeakAndHangup(message)),
};
