/**
 * Vonage NCCOs (Nexmo Call Control Objects, Voice API) this service answers with, and the one a transfer carries.
 *
 * A call an agent takes: `[{action: 'connect', endpoint: [{type: 'websocket', uri, 'content-type':
 * 'audio/l16;rate=16000', headers, authorization: {type: 'vonage'}}]}]`. Vonage opens the WebSocket at `uri` (the run's
 * media URL, its token in the path), signs the opening handshake with the JWT of its signed webhooks (`authorization`
 * type `vonage`: `Authorization: Bearer …`, HS256 with the account's signature secret), and sends `headers` back in its
 * first message, `websocket:connected`. The headers are the per-call values (run and attempt ids) and `call_uuid`,
 * the uuid of the call being answered: Vonage's stream does not name its call otherwise. The NCCO has nothing after
 * the connect: Vonage ends the call once the WebSocket closes. Without a stream (no run) the agent greets and the call
 * ends.
 *
 * A transfer (`PUT /v1/calls/{uuid}` `{action: 'transfer', destination: {type: 'ncco', ncco}}`): one `connect` to a
 * `phone` endpoint (E.164 digits, as Vonage writes numbers) or a `sip` endpoint (`uri`), from the call's own line.
 */
import { isE164Number, isTransferDestination } from '../../domain/transfer-destination';
import type { AnswerInput, CallInstructions } from '../adapter';
import { agentGreetingText } from '../call-instructions';

/** Linear 16-bit PCM at 16 kHz, the finer of the two formats Vonage streams. */
export const VONAGE_STREAM_CONTENT_TYPE = 'audio/l16;rate=16000';

/** The header carrying the uuid of the call the stream belongs to. */
export const VONAGE_CALL_UUID_HEADER = 'call_uuid';


const nccoOf = (actions: unknown[]): CallInstructions => ({
  contentType: 'application/json',
  body: JSON.stringify(actions),
});

/** An NCCO that speaks one line; the call ends when the NCCO does. */
export const vonageTalk = (text: string): CallInstructions => nccoOf([{ action: 'talk', text }]);

/** The answer to a call an agent takes (inbound, or an outbound call's answer URL). */
export function vonageAnswer(input: AnswerInput): CallInstructions {
  if (!input.streamUrl) return vonageTalk(agentGreetingText(input.agentName));
  const headers: Record<string, string> = { ...input.parameters };
  if (input.providerCallId) headers[VONAGE_CALL_UUID_HEADER] = input.providerCallId;
  return nccoOf([
    {
      action: 'connect',
      endpoint: [
        {
          type: 'websocket',
          uri: input.streamUrl,
          'content-type': VONAGE_STREAM_CONTENT_TYPE,
          headers,
          authorization: { type: 'vonage' },
        },
      ],
    },
  ]);
}

/** Whether Vonage can be asked to connect a transfer to `destination`. */
export function isVonageDestination(destination: string): boolean {
  return isTransferDestination(destination);
}

/** The NCCO a transfer moves the call to: `destination` is an E.164 number or a SIP URI (checked by the caller). */
export function vonageTransferNcco(destination: string, callerId: string | null): unknown[] {
  const endpoint = isE164Number(destination)
    ? { type: 'phone', number: destination.slice(1) }
    : { type: 'sip', uri: destination };
  const from = callerId !== null && isE164Number(callerId) ? { from: callerId.slice(1) } : {};
  return [{ action: 'connect', ...from, endpoint: [endpoint] }];
}
