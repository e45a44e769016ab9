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

export interface StatusWebhook {
  /** True when the request carries the vendor's valid signature (the URL token is checked before, for all). */
  verify(request: WebhookRequest, credentials: WebhookCredentials): boolean;
  /** The call status the body reports; null when the body is not a status report of this vendor. */
  parse(request: WebhookRequest): CallStatus | null;
}

export const statusWebhooks: Record<string, StatusWebhook> = {
  simulator: {
    // The simulator is our own cloud: the signed attempt token in the URL is its whole authentication.
    verify: () => true,
    parse({ body }) {
      const report = body as Partial<SimulatorStatusReport> | null;
      if (!report || typeof report.CallSid !== 'string' || typeof report.CallStatus !== 'string') return null;
      return callStatusOf(report as SimulatorStatusReport);
    },
  },
  twilio: {
    verify: (request, { secrets }) =>
      isValidTwilioSignature(
        secrets.auth_token ?? '',
        request.url,
        request.form,
        headerOf(request, 'x-twilio-signature'),
      ),
    parse: ({ form }) => twilioCallStatus(Object.fromEntries(form) as unknown as TwilioCallReport),
  },
  telnyx: {
    verify: (request, { config }) =>
      isValidTelnyxSignature(
        String(config.public_key ?? ''),
        request.rawBody,
        headerOf(request, 'telnyx-signature-ed25519'),
        headerOf(request, 'telnyx-timestamp'),
      ),
    parse: ({ body }) => telnyxCallStatus(body as TelnyxWebhook),
  },
  plivo: {
    verify: (request, { secrets }) =>
      isValidPlivoSignature(
        secrets.auth_token ?? '',
        request.url,
        request.form,
        headerOf(request, 'x-plivo-signature-v3-nonce'),
        headerOf(request, 'x-plivo-signature-v3'),
      ),
    parse: ({ form }) => plivoCallStatus(form),
  },
  vonage: {
    // Signed webhooks are optional at Vonage: without a signature secret the URL token is the authentication.
    verify: (request, { secrets }) =>
      !secrets.signature_secret ||
      isValidVonageSignature(secrets.signature_secret, headerOf(request, 'authorization'), request.rawBody),
    parse: ({ body }) => vonageCallStatus(body as VonageEvent),
  },
};
