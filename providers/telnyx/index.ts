/**
 * Telnyx: Call Control v2 calls, numbers API, Ed25519-signed JSON webhooks, inbound calls driven by commands, Media
 * Streaming (bidirectional RTP) requested when dialing and when answering.
 */
import { connectWithEnvironment, type VendorAdapter } from '../adapter';
import { headerOf } from '../webhook-request';
import { handleTelnyxInboundEvent } from './telnyx-inbound';
import { telnyxMachineVerdict } from './telnyx-machine';
import { telnyxMedia } from './telnyx-media';
import { createTelnyxProvider } from './telnyx-provider';
import { hangUpOutboundAfterStream } from './telnyx-stream-end';
import { isValidTelnyxSignature, telnyxCallStatus, type TelnyxWebhook } from './telnyx-status';

export const telnyxAdapter: VendorAdapter = {
  name: 'telnyx',
  connect: connectWithEnvironment('telnyx', createTelnyxProvider),
  statusWebhook: {
    signed: true,
    keyOf: ({ config }) => (typeof config.public_key === 'string' ? config.public_key : ''),
    verify: (request, publicKey) =>
      isValidTelnyxSignature(
        publicKey,
        request.rawBody,
        headerOf(request, 'telnyx-signature-ed25519'),
        headerOf(request, 'telnyx-timestamp'),
      ),
    parse: ({ body }) => telnyxCallStatus(body as TelnyxWebhook),
    commandOn: hangUpOutboundAfterStream,
  },
  inbound: {
    style: 'call_control',
    handleEvent: ({ body, ...input }, desk) =>
      handleTelnyxInboundEvent({ ...input, body: body as TelnyxWebhook }, desk),
  },
  media: telnyxMedia,
  machineDetection: { parse: ({ body }) => telnyxMachineVerdict(body as TelnyxWebhook) },
};
