/**
 * Twilio's answer to a call an agent takes: a bidirectional `<Connect><Stream>` to the media process, whose URL holds
 * only the per-call token (Twilio allows no query string on a stream URL) and whose other per-call values travel as
 * `<Parameter>`s (they come back in the `start` message's `customParameters`). Without a stream (no run) the agent
 * greets and the call ends.
 */
import type { AnswerInput, CallInstructions } from '../adapter';
import { agentGreetingText, escapeXml, speakAndHangupXml } from '../call-instructions';

export function twilioAnswer(input: AnswerInput): CallInstructions {
  if (!input.streamUrl) return speakAndHangupXml('Say', agentGreetingText(input.agentName));
  const parameters = Object.entries(input.parameters)
    .map(([name, value]) => `<Parameter name="${escapeXml(name)}" value="${escapeXml(value)}"/>`)
    .join('');
  return {
    contentType: 'text/xml',
    body:
      '<?xml version="1.0" encoding="UTF-8"?><Response><Connect>' +
      `<Stream url="${escapeXml(input.streamUrl)}">${parameters}</Stream>` +
      '</Connect></Response>',
  };
}
