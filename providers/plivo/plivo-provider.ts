/** Plivo over its documented Voice API (v1): Call and Number resources. */
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
import { amdCallbackUrlOf, answerUrlOf, inboundWebhookUrl, transferInstructionsUrl } from '../webhook-urls';
import { isPlivoDestination, plivoCallerId } from './plivo-transfer';

export function createPlivoProvider(options: VendorProviderOptions): TelephonyProvider {
  const authId = String(options.config.auth_id ?? '');
  const account = `${apiBaseUrl(options.config, 'https://api.plivo.com')}/v1/Account/${encodeURIComponent(authId)}`;
  const request = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    vendorRequest({
      provider: 'plivo',
      method,
      url: `${account}${path}`,
      headers: {
        authorization: basicAuth(authId, options.secrets.auth_token ?? ''),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      timeoutMs: options.environment.requestTimeoutMs,
      destinations: options.environment.destinations,
    });

  return {
    name: 'plivo',

    async placeCall(input: PlaceCallInput): Promise<PlaceCallResult> {
      const response = await request('POST', '/Call/', {
        from: input.from.replace(/^\+/, ''),
        to: input.to.replace(/^\+/, ''),
        answer_url: answerUrlOf(input.statusCallbackUrl),
        answer_method: 'POST',
        ring_url: input.statusCallbackUrl,
        ring_method: 'POST',
        hangup_url: input.statusCallbackUrl,
        hangup_method: 'POST',
        ring_timeout: input.ringTimeoutSeconds,
        time_limit: input.maxCallDurationSeconds,
        // Asynchronous: the call reaches its answer URL (the agent's stream) at once; the verdict comes to the AMD URL.
        ...(input.amdEnabled
          ? {
              machine_detection: 'true',
              machine_detection_url: amdCallbackUrlOf(input.statusCallbackUrl),
              machine_detection_method: 'POST',
            }
          : {}),
      });
      if (response.status !== 201 && response.status !== 200) throw await vendorRefusal('plivo', response);
      const created = (await vendorJson('plivo', response)) as { request_uuid: string };
      return { providerCallId: created.request_uuid };
    },

    async getCallStatus(input: GetCallStatusInput): Promise<CallStatus> {
      if (!input.providerCallId)
        throw new ProviderRequestError('plivo', 'plivo cannot look a call up without its request uuid', {
          mayHaveReachedProvider: true,
        });
      const id = encodeURIComponent(input.providerCallId);
      const queued = await request('GET', `/Call/${id}/?status=queued`);
      if (queued.ok)
        return { state: 'in_progress', providerCallId: input.providerCallId, rawStatus: 'queued' };
      const live = await request('GET', '/Call/?status=live');
      if (!live.ok) throw await vendorRefusal('plivo', live);
      for (const callUuid of ((await vendorJson('plivo', live)) as { calls?: string[] }).calls ?? []) {
        const details = await request('GET', `/Call/${encodeURIComponent(callUuid)}/?status=live`);
        if (
          details.ok &&
          ((await vendorJson('plivo', details)) as { request_uuid?: string }).request_uuid ===
            input.providerCallId
        )
          return { state: 'in_progress', providerCallId: input.providerCallId, rawStatus: 'live' };
      }
      // Neither queued nor live: the call ended and its hangup callback was lost. Plivo's call records are keyed by
      // the call uuid we never learnt, so the outcome cannot be read back.
      return {
        state: 'ended',
        providerCallId: input.providerCallId,
        outcome: 'error',
        rawStatus: 'ended-unobserved',
        cause: null,
        durationSeconds: null,
      };
    },

    async transferCall(input: TransferCallInput): Promise<void> {
      if (!isPlivoDestination(input.destination))
        throw new ProviderRequestError('plivo', 'plivo transfers to an E.164 number or a sip: URI only', {
          mayHaveReachedProvider: false,
        });
      const alegUrl = transferInstructionsUrl(
        options.environment.publicBaseUrl,
        'plivo',
        options.configurationId,
        {
          destination: input.destination,
          callerId: plivoCallerId(input.callerId),
        },
      );
      const response = await request('POST', `/Call/${encodeURIComponent(input.providerCallId)}/`, {
        legs: 'aleg',
        aleg_url: alegUrl,
        aleg_method: 'POST',
      });
      if (!response.ok) throw await vendorRefusal('plivo', response);
    },

    async hangup(input: HangupInput): Promise<void> {
      const response = await request('DELETE', `/Request/${encodeURIComponent(input.providerCallId)}/`);
      if (!response.ok && response.status !== 404) throw await vendorRefusal('plivo', response);
    },

    async syncInboundWebhook({ phoneNumber, agentId }: SyncInboundWebhookInput): Promise<ProviderSyncResult> {
      // Plivo routes a number to an Application, whose answer_url receives the call.
      const number = phoneNumber.addressNormalized.replace(/^\+/, '');
      const url = inboundWebhookUrl(options.environment.publicBaseUrl, 'plivo', options.configurationId);
      const appName = `voice-agents-${options.configurationId}`;
      const list = await request('GET', `/Application/?app_name=${encodeURIComponent(appName)}`);
      if (!list.ok) return vendorSyncFailure('plivo', list);
      const existing = ((await vendorJson('plivo', list)) as { objects?: Array<{ app_id: string }> })
        .objects?.[0];
      const saved = await request(
        'POST',
        existing ? `/Application/${encodeURIComponent(existing.app_id)}/` : '/Application/',
        {
          ...(existing ? {} : { app_name: appName }),
          answer_url: url,
          answer_method: 'POST',
        },
      );
      if (!saved.ok) return vendorSyncFailure('plivo', saved);
      const appId = existing?.app_id ?? ((await vendorJson('plivo', saved)) as { app_id: string }).app_id;
      const assigned = await request('POST', `/Number/${encodeURIComponent(number)}/`, { app_id: appId });
      if (!assigned.ok) return vendorSyncFailure('plivo', assigned);
      return {
        ok: true,
        message:
          agentId === null
            ? `plivo: ${phoneNumber.addressNormalized} stays on application ${appName}; this service refuses its calls`
            : `plivo: ${phoneNumber.addressNormalized} answered by application ${appName} (${url})`,
      };
    },
  };
}
