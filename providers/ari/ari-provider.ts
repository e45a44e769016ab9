/**
 * Asterisk over ARI: calls are originated into the configuration's Stasis application with a channel id that
 * carries our attempt id; their ends arrive on the application's events WebSocket (see `ari-events.ts`).
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
import { vendorJson, vendorRefusal, vendorSyncFailure, type VendorProviderOptions } from '../vendor-http';
import { ariChannelIdOf } from './ari-causes';
import { ariConnectionOf, ariRequester } from './ari-client';
import { transferAriCall } from './ari-transfer';

interface AriChannel {
  id: string;
  state: string;
}

export function createAriProvider(options: VendorProviderOptions): TelephonyProvider {
  const connection = ariConnectionOf(options.config, options.secrets);
  const dialTemplate =
    typeof options.config.dial_template === 'string' && options.config.dial_template.includes('{number}')
      ? options.config.dial_template
      : 'PJSIP/{number}';
  const request = ariRequester(
    connection,
    options.environment.destinations,
    options.environment.requestTimeoutMs,
  );
  const transferEndpoint =
    typeof options.config.transfer_endpoint === 'string' ? options.config.transfer_endpoint : '';

  return {
    name: 'ari',

    async placeCall(input: PlaceCallInput): Promise<PlaceCallResult> {
      const channelId = ariChannelIdOf(input.attemptId);
      const query = new URLSearchParams({
        endpoint: dialTemplate.replaceAll('{number}', input.to),
        app: connection.app,
        appArgs: `outbound,${input.attemptId}`,
        channelId,
        timeout: String(input.ringTimeoutSeconds),
      });
      if (input.from) query.set('callerId', input.from);
      const response = await request('POST', `/channels?${query}`, {
        variables: {
          VAC_ATTEMPT_ID: input.attemptId,
          // Asterisk ends the call itself at the agent's maximum length, even if this service is away.
          'TIMEOUT(absolute)': String(input.maxCallDurationSeconds),
        },
      });
      // 409: a channel with this id exists, so this attempt's call was already originated (a retried request).
      if (response.status === 409) return { providerCallId: channelId };
      if (!response.ok) throw await vendorRefusal('ari', response);
      const channel = (await vendorJson('ari', response)) as AriChannel;
      return { providerCallId: channel.id };
    },

    async getCallStatus(input: GetCallStatusInput): Promise<CallStatus> {
      const channelId = input.providerCallId ?? ariChannelIdOf(input.attemptId);
      const response = await request('GET', `/channels/${encodeURIComponent(channelId)}`);
      if (response.status === 404) {
        // Asterisk forgets a channel when it ends: absent means "never originated" only if we never heard back.
        if (input.providerCallId === null)
          throw new ProviderRequestError(
            'ari',
            `channel ${channelId} is unknown to Asterisk: never dialed or already ended`,
            {
              mayHaveReachedProvider: true,
            },
          );
        return { state: 'not_found' };
      }
      if (!response.ok) throw await vendorRefusal('ari', response);
      const channel = (await vendorJson('ari', response)) as AriChannel;
      return { state: 'in_progress', providerCallId: channel.id, rawStatus: channel.state };
    },

    async hangup(input: HangupInput): Promise<void> {
      const response = await request(
        'DELETE',
        `/channels/${encodeURIComponent(input.providerCallId)}?reason=normal`,
      );
      if (!response.ok && response.status !== 404) throw await vendorRefusal('ari', response);
    },

    transferCall: (input: TransferCallInput) =>
      transferAriCall(request, { app: connection.app, dialTemplate, transferEndpoint }, input),

    async syncInboundWebhook({ phoneNumber, agentId }: SyncInboundWebhookInput): Promise<ProviderSyncResult> {
      // Asterisk routes calls with its dialplan, which ARI cannot edit; we check the application is reachable.
      const response = await request('GET', `/applications/${encodeURIComponent(connection.app)}`);
      if (!response.ok) return vendorSyncFailure('ari', response);
      return {
        ok: true,
        message:
          agentId === null
            ? `ari: inbound calls to ${phoneNumber.addressNormalized} are refused by this service from now on`
            : `ari: route ${phoneNumber.addressNormalized} to Stasis(${connection.app},inbound) in the dialplan; calls reach agent ${agentId}`,
      };
    },
  };
}
