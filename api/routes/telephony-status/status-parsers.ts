/** Each provider's status webhook: its signature check (before anything is read) and its body in the engine's terms. */
import type { CallStatus } from '../../../providers/provider';
import { callStatusOf } from '../../../providers/simulator/simulator-provider';
import {
  isValidTwilioSignature,
  twilioCallStatus,
  type TwilioCallReport,
} from '../../../providers/twilio/twilio-status';
import {
  isValidTelnyxSignature,
  telnyxCallStatus,
  type TelnyxWebhook,
} from '../../../providers/telnyx/telnyx-status';
import { isValidPlivoSignature, plivoCallStatus } from '../../../providers/plivo/plivo-status';
import {
  isValidVonageSignature,
  vonageCallStatus,
  type VonageEvent,
} from '../../../providers/vonage/vonage-status';
import type { SimulatorStatusReport } from '../../../simulator/outcome';
import { headerOf, type WebhookCredentials, type WebhookRequest } from './webhook-request';

/** How one provider's webhooks are authenticated and read. */
export type StatusWebhook = {
  /** The call status the body reports; null when the body is not a status report of this vendor. */
  parse(request: WebhookRequest): CallStatus | null;
} & (
  | {
      /** The simulator, our own cloud: the attempt token in the URL is its whole authentication. */
      signed: false;
    }
  | {
      signed: true;
      /** The configuration's key the vendor signs with; an empty one refuses every webhook (see `webhook-auth.ts`). */
      keyOf(credentials: WebhookCredentials): string;
      /** True when the request carries the vendor's valid signature made with `key`. */
      verify(request: WebhookRequest, key: string, credentials: WebhookCredentials): boolean;
    }
);

export const statusWebhooks: Record<string, StatusWebhook> = {
  simulator: {
    signed: false,
    parse({ body }) {
      const report = body as Partial<SimulatorStatusReport> | null;
      if (!report || typeof report.CallSid !== 'string' || typeof report.CallStatus !== 'string') return null;
      return callStatusOf(report as SimulatorStatusReport);
    },
  },
  twilio: {
    signed: true,
    keyOf: ({ secrets }) => secrets.auth_token ?? '',
    verify: (request, authToken) =>
      isValidTwilioSignature(authToken, request.url, request.form, headerOf(request, 'x-twilio-signature')),
    parse: ({ form }) => twilioCallStatus(Object.fromEntries(form) as unknown as TwilioCallReport),
  },
  telnyx: {
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
  },
  plivo: {
    signed: true,
    keyOf: ({ secrets }) => secrets.auth_token ?? '',
    verify: (request, authToken) =>
      isValidPlivoSignature(
        authToken,
        request.url,
        request.form,
        headerOf(request, 'x-plivo-signature-v3-nonce'),
        headerOf(request, 'x-plivo-signature-v3'),
      ),
    parse: ({ form }) => plivoCallStatus(form),
  },
  vonage: {
    signed: true,
    keyOf: ({ secrets }) => secrets.signature_secret ?? '',
    verify: (request, signatureSecret, { config }) =>
      isValidVonageSignature({
        signatureSecret,
        apiKey: typeof config.api_key === 'string' ? config.api_key : '',
        authorization: headerOf(request, 'authorization'),
        rawBody: request.rawBody,
      }),
    parse: ({ body }) => vonageCallStatus(body as VonageEvent),
  },
};
