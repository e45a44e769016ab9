/**
 * Vonage: Voice API calls with an application JWT, numbers API, signed JSON events, NCCO answers that connect the
 * call to the media process over a WebSocket (16 kHz linear PCM), advanced machine detection reported among the
 * events, and transfers that move the call to a new NCCO.
 */
import { connectWithEnvironment, type VendorAdapter } from '../adapter';
import { REFUSAL_MESSAGE, plusDigits, textField } from '../call-instructions';
import type { WebhookRequest } from '../webhook-request';
import { headerOf } from '../webhook-request';
import { vonageAnswer, vonageTalk } from './vonage-answer';
import { awaitsBeep, isMachineDetectionEvent, vonageMachineVerdict } from './vonage-machine';
import { vonageMedia } from './vonage-media';
import { createVonageProvider } from './vonage-provider';
import { isValidVonageSignature, vonageCallStatus, type VonageEvent } from './vonage-status';

const eventOf = (request: WebhookRequest): VonageEvent =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
    ? (request.body as VonageEvent)
    : {};

export const vonageAdapter: VendorAdapter = {
  name: 'vonage',
  connect: connectWithEnvironment('vonage', createVonageProvider),
  statusWebhook: {
    signed: true,
    keyOf: ({ secrets }) => secrets.signature_secret ?? '',
    verify: (request, signatureSecret, { config }) =>
      isValidVonageSignature({
        signatureSecret,
        apiKey: typeof config.api_key === 'string' ? config.api_key : '',
        authorization: headerOf(request, 'authorization'),
        rawBody: request.rawBody,
      }),
    parse: (request) => {
      const event = eventOf(request);
      if (!isMachineDetectionEvent(event)) return vonageCallStatus(event);
      // A machine heard before its beep, when the message waits for the beep: no verdict yet, the call goes on.
      if (awaitsBeep(request.url, event) && typeof event.uuid === 'string')
        return { state: 'in_progress', providerCallId: event.uuid, rawStatus: 'machine' };
      // Any other detection report is a verdict (machineDetection below).
      return null;
    },
  },
  inbound: {
    style: 'instructions',
    callOf: (body) => ({
      providerCallId: textField(body, 'uuid'),
      to: `+${textField(body, 'to').replace(/^\+/, '')}`,
      from: plusDigits(textField(body, 'from')),
    }),
    answer: vonageAnswer,
    refuse: () => vonageTalk(REFUSAL_MESSAGE),
  },
  media: vonageMedia,
  machineDetection: { parse: (request) => vonageMachineVerdict(eventOf(request)) },
};
