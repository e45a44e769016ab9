/**
 * Telnyx over its documented Call Control API (v2): calls (dialed with their media stream and, when asked,
 * answering-machine detection), call actions (hangup, transfer) and phone numbers.
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
  vendorJson,
  vendorRefusal,
  vendorRequest,
  vendorSyncFailure,
  type VendorProviderOptions,
} from '../vendor-http';
import { inboundWebhookUrl } from '../webhook-urls';
import { encodeClientState } from './telnyx-call-control';
import { telnyxAttemptState } from './telnyx-machine';
import { TRANSFERRED_STATE } from './telnyx-stream-end';
import { telnyxStreamFields } from './telnyx-stream';

interface TelnyxCall {
  call_control_id: string;
  is_alive: boolean;
  call_duration?: number;
}

export function createTelnyxProvider(options: VendorProviderOptions): TelephonyProvider {
  const base = `${apiBaseUrl(options.config, 'https://api.telnyx.com')}/v2`;
  const connectionId = String(options.config.connection_id ?? '');
  const request = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
    vendorRequest({
      provider: 'telnyx',
      method,
      url: `${base}${path}`,
      headers: {
        authorization: `Bearer ${options.secrets.api_key ?? ''}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      timeoutMs: options.environment.requestTimeoutMs,
      destinations: options.environment.destinations,
    });

  return {
    name: 'telnyx',

    async placeCall(input: PlaceCallInput): Promise<PlaceCallResult> {
      const response = await request('POST', '/calls', {
        connection_id: connectionId,
        to: input.to,
        from: input.from,
        webhook_url: input.statusCallbackUrl,
        webhook_url_method: 'POST',
        client_state: encodeClientState(telnyxAttemptState(input)),
        timeout_secs: input.ringTimeoutSeconds,
        time_limit_secs: input.maxCallDurationSeconds,
        // The stream opens when the callee answers; the agent talks from the first word.
        ...(input.mediaStreamUrl ? telnyxStreamFields(input.mediaStreamUrl) : {}),
        // A message to leave waits for the end of the machine's greeting (call.machine.greeting.ended).
        ...(input.amdEnabled
          ? { answering_machine_detection: input.leavesVoicemail ? 'greeting_end' : 'detect' }
          : {}),
      });
      if (!response.ok) throw await vendorRefusal('telnyx', response);
      const { data } = (await vendorJson('telnyx', response)) as { data: TelnyxCall };
      return { providerCallId: data.call_control_id };
    },

    async getCallStatus(input: GetCallStatusInput): Promise<CallStatus> {
      if (!input.providerCallId)
        throw new ProviderRequestError('telnyx', 'telnyx cannot look a call up without its call_control_id', {
          mayHaveReachedProvider: true,
        });
      const response = await request('GET', `/calls/${encodeURIComponent(input.providerCallId)}`);
      if (response.status === 404) return { state: 'not_found' };
      if (!response.ok) throw await vendorRefusal('telnyx', response);
      const { data } = (await vendorJson('telnyx', response)) as { data: TelnyxCall };
      if (data.is_alive)
        return { state: 'in_progress', providerCallId: data.call_control_id, rawStatus: 'alive' };
      // Without the hangup webhook Telnyx tells only whether the call was answered (it lasted), not why it ended.
      const answered = (data.call_duration ?? 0) > 0;
      return {
        state: 'ended',
        providerCallId: data.call_control_id,
        outcome: answered ? 'completed' : 'no_answer',
        rawStatus: 'ended',
        cause: null,
        durationSeconds: data.call_duration ?? null,
      };
    },

    async hangup(input: HangupInput): Promise<void> {
      const response = await request(
        'POST',
        `/calls/${encodeURIComponent(input.providerCallId)}/actions/hangup`,
        {},
      );
      if (!response.ok && response.status !== 404 && response.status !== 422)
        throw await vendorRefusal('telnyx', response);
    },

    async transferCall(input: TransferCallInput): Promise<void> {
      const response = await request(
        'POST',
        `/calls/${encodeURIComponent(input.providerCallId)}/actions/transfer`,
        {
          to: input.destination,
          ...(input.callerId ? { from: input.callerId } : {}),
          // Every later event of the caller's call says it was handed over: its stream stopping must not hang it up.
          client_state: encodeClientState(TRANSFERRED_STATE),
        },
      );
      if (!response.ok) throw await vendorRefusal('telnyx', response);
    },

    async syncInboundWebhook({ phoneNumber, agentId }: SyncInboundWebhookInput): Promise<ProviderSyncResult> {
      const lookup = await request(
        'GET',
        `/phone_numbers?filter[phone_number]=${encodeURIComponent(phoneNumber.addressNormalized)}`,
      );
      if (!lookup.ok) return vendorSyncFailure('telnyx', lookup);
      const found = ((await vendorJson('telnyx', lookup)) as { data?: Array<{ id: string }> }).data?.[0];
      if (!found)
        return {
          ok: false,
          message: `telnyx: ${phoneNumber.addressNormalized} is not a number of this account`,
        };
      // The number is routed to this configuration's Call Control application, whose webhook is our inbound URL.
      const number = await request('PATCH', `/phone_numbers/${encodeURIComponent(found.id)}`, {
        connection_id: connectionId,
      });
      if (!number.ok) return vendorSyncFailure('telnyx', number);
      const url = inboundWebhookUrl(options.environment.publicBaseUrl, 'telnyx', options.configurationId);
      const application = await request(
        'PATCH',
        `/call_control_applications/${encodeURIComponent(connectionId)}`,
        {
          webhook_event_url: url,
        },
      );
      if (!application.ok) return vendorSyncFailure('telnyx', application);
      return {
        ok: true,
        message:
          agentId === null
            ? `telnyx: ${phoneNumber.addressNormalized} stays on the application; this service refuses its calls`
            : `telnyx: ${phoneNumber.addressNormalized} routed to application ${connectionId} (webhook ${url})`,
      };
    },
  };
}
