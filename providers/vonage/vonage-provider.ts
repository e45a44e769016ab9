/**
 * Vonage over its documented Voice API (`/v1/calls`) with an application JWT; inbound calls through the
 * application's answer URL (Application API v2) and numbers linked to it (Numbers API `/number/update`). Calls are
 * placed with advanced machine detection when AMD is on (vonage-machine.ts), and moved to a person by modifying the
 * call (`PUT /v1/calls/{uuid}`, `action: 'transfer'` to a connect NCCO, vonage-answer.ts).
 */
import type {
  CallStatus,
  GetCallStatusInput,
  HangupInput,
  PlaceCallInput,
  PlaceCallResult,
  ProviderSyncResult,
  SyncInboundWebhookInput,
  TelephonyProvider,
  TransferCallInput,
} from '../provider';
import { ProviderRequestError } from '../provider-errors';
import {
  apiBaseUrl,
  basicAuth,
  vendorJson,
  vendorRefusal,
  vendorRequest,
  vendorSyncFailure,
  type VendorProviderOptions,
} from '../vendor-http';
import { answerUrlOf, inboundWebhookUrl } from '../webhook-urls';
import { isVonageDestination, vonageTransferNcco } from './vonage-answer';
import { vonageEventUrl, vonageMachineDetection } from './vonage-machine';
import { VONAGE_NUMBERS_API, vonageNumbersApi } from './vonage-numbers';
import { vonageApplicationJwt, vonageCallStatus } from './vonage-status';

export function createVonageProvider(options: VendorProviderOptions): TelephonyProvider {
  const base = apiBaseUrl(options.config, 'https://api.nexmo.com');
  const applicationId = String(options.config.application_id ?? '');
  const apiKey = String(options.config.api_key ?? '');
  const request = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, auth?: string) =>
    vendorRequest({
      provider: 'vonage',
      method,
      url: `${base}${path}`,
      headers: {
        authorization:
          auth ?? `Bearer ${vonageApplicationJwt(applicationId, options.secrets.private_key ?? '')}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      timeoutMs: options.environment.requestTimeoutMs,
      destinations: options.environment.destinations,
    });
  const digits = (number: string) => number.replace(/^\+/, '');
  const numbers = vonageNumbersApi({
    baseUrl: apiBaseUrl({ api_base_url: options.config.numbers_api_base_url }, VONAGE_NUMBERS_API),
    apiKey,
    apiSecret: options.secrets.api_secret ?? '',
    timeoutMs: options.environment.requestTimeoutMs,
    destinations: options.environment.destinations,
  });

  return {
    name: 'vonage',

    async placeCall(input: PlaceCallInput): Promise<PlaceCallResult> {
      const leavesVoicemail = input.leavesVoicemail === true;
      let response: Response;
      try {
        response = await request('POST', '/v1/calls', {
          to: [{ type: 'phone', number: digits(input.to) }],
          from: { type: 'phone', number: digits(input.from) },
          answer_url: [answerUrlOf(input.statusCallbackUrl)],
          answer_method: 'POST',
          event_url: [vonageEventUrl(input.statusCallbackUrl, input.amdEnabled && leavesVoicemail)],
          event_method: 'POST',
          ringing_timer: input.ringTimeoutSeconds,
          length_timer: input.maxCallDurationSeconds,
          ...(input.amdEnabled
            ? { advanced_machine_detection: vonageMachineDetection(leavesVoicemail) }
            : {}),
        });
      } catch (error) {
        if (error instanceof ProviderRequestError) throw error;
        // Signing the JWT failed (a malformed private key): nothing was sent.
        throw new ProviderRequestError('vonage', (error as Error).message, { mayHaveReachedProvider: false });
      }
      if (response.status !== 201 && response.status !== 200) throw await vendorRefusal('vonage', response);
      return { providerCallId: ((await vendorJson('vonage', response)) as { uuid: string }).uuid };
    },

    async getCallStatus(input: GetCallStatusInput): Promise<CallStatus> {
      if (!input.providerCallId)
        throw new ProviderRequestError('vonage', 'vonage cannot look a call up without its uuid', {
          mayHaveReachedProvider: true,
        });
      const response = await request('GET', `/v1/calls/${encodeURIComponent(input.providerCallId)}`);
      if (response.status === 404) return { state: 'not_found' };
      if (!response.ok) throw await vendorRefusal('vonage', response);
      const call = (await vendorJson('vonage', response)) as {
        uuid: string;
        status: string;
        duration?: string;
      };
      const status = vonageCallStatus(call);
      if (!status)
        throw new ProviderRequestError('vonage', `unknown call status '${call.status}'`, {
          mayHaveReachedProvider: true,
        });
      return status;
    },

    async hangup(input: HangupInput): Promise<void> {
      const response = await request('PUT', `/v1/calls/${encodeURIComponent(input.providerCallId)}`, {
        action: 'hangup',
      });
      if (!response.ok && response.status !== 404) throw await vendorRefusal('vonage', response);
    },

    /** Moves the call to a new NCCO that connects it to the destination (Voice API: modify an in-progress call). */
    async transferCall(input: TransferCallInput): Promise<void> {
      if (!isVonageDestination(input.destination))
        throw new ProviderRequestError('vonage', 'vonage transfers to an E.164 number or a sip: URI only', {
          mayHaveReachedProvider: false,
        });
      const response = await request('PUT', `/v1/calls/${encodeURIComponent(input.providerCallId)}`, {
        action: 'transfer',
        destination: { type: 'ncco', ncco: vonageTransferNcco(input.destination, input.callerId) },
      });
      if (!response.ok) throw await vendorRefusal('vonage', response);
    },

    async syncInboundWebhook({ phoneNumber, agentId }: SyncInboundWebhookInput): Promise<ProviderSyncResult> {
      const account = basicAuth(apiKey, options.secrets.api_secret ?? '');
      const appPath = `/v2/applications/${encodeURIComponent(applicationId)}`;
      const current = await request('GET', appPath, undefined, account);
      if (!current.ok) return vendorSyncFailure('vonage', current);
      const application = (await vendorJson('vonage', current)) as {
        name: string;
        capabilities?: Record<string, Record<string, unknown>>;
      };
      const url = inboundWebhookUrl(options.environment.publicBaseUrl, 'vonage', options.configurationId);
      const voice = application.capabilities?.voice ?? {};
      const updated = await request(
        'PUT',
        appPath,
        {
          name: application.name,
          capabilities: {
            ...application.capabilities,
            voice: {
              ...voice,
              webhooks: { ...(voice.webhooks as object), answer_url: { address: url, http_method: 'POST' } },
            },
          },
        },
        account,
      );
      if (!updated.ok) return vendorSyncFailure('vonage', updated);
      const country = phoneNumber.extraMetadata.country;
      const link = await numbers.link({
        msisdn: digits(phoneNumber.addressNormalized),
        country: typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null,
        appId: applicationId,
      });
      if (!link.ok) return { ...link, message: `vonage: ${link.message}` };
      return {
        ok: true,
        message:
          agentId === null
            ? `vonage: ${phoneNumber.addressNormalized} stays on application ${applicationId}; this service refuses its calls`
            : `vonage: ${phoneNumber.addressNormalized} linked to application ${applicationId} (answer URL ${url})`,
      };
    },
  };
}
