/** Twilio over its documented REST API (2010-04-01): Calls (placing, looking up, hanging up, transferring) and IncomingPhoneNumbers. */
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
import { amdCallbackUrlOf, answerUrlOf, inboundWebhookUrl } from '../webhook-urls';
import { twilioCallStatus } from './twilio-status';
import { twilioTransferTwiml } from './twilio-transfer';

interface TwilioCallResource {
  sid: string;
  status: string;
  answered_by: string | null;
  duration: string | null;
}

/** Twilio as the engine sees it; the attempt id travels in the status callback URL. */
export function createTwilioProvider(options: VendorProviderOptions): TelephonyProvider {
  const accountSid = String(options.config.account_sid ?? '');
  const authToken = options.secrets.auth_token ?? '';
  const account = `${apiBaseUrl(options.config, 'https://api.twilio.com')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}`;
  const call = (method: 'GET' | 'POST', path: string, form?: URLSearchParams) =>
    vendorRequest({
      provider: 'twilio',
      method,
      url: `${account}${path}`,
      headers: {
        authorization: basicAuth(accountSid, authToken),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
      timeoutMs: options.environment.requestTimeoutMs,
      destinations: options.environment.destinations,
    });

  return {
    name: 'twilio',

    async placeCall(input: PlaceCallInput): Promise<PlaceCallResult> {
      const form = new URLSearchParams({
        To: input.to,
        From: input.from,
        Url: answerUrlOf(input.statusCallbackUrl),
        Method: 'POST',
        StatusCallback: input.statusCallbackUrl,
        StatusCallbackMethod: 'POST',
        Timeout: String(input.ringTimeoutSeconds),
        TimeLimit: String(input.maxCallDurationSeconds),
      });
      for (const event of ['initiated', 'ringing', 'answered', 'completed'])
        form.append('StatusCallbackEvent', event);
      if (input.amdEnabled) {
        // Asynchronous: the call connects to the agent at once; the verdict arrives on its own callback. Waiting for
        // the end of the greeting only pays when there is a message to leave after the beep.
        form.set('MachineDetection', input.leavesVoicemail ? 'DetectMessageEnd' : 'Enable');
        form.set('AsyncAmd', 'true');
        form.set('AsyncAmdStatusCallback', amdCallbackUrlOf(input.statusCallbackUrl));
        form.set('AsyncAmdStatusCallbackMethod', 'POST');
      }
      const response = await call('POST', '/Calls.json', form);
      if (response.status !== 201 && response.status !== 200) throw await vendorRefusal('twilio', response);
      const created = (await vendorJson('twilio', response)) as TwilioCallResource;
      return { providerCallId: created.sid };
    },

    async getCallStatus(input: GetCallStatusInput): Promise<CallStatus> {
      if (!input.providerCallId) {
        // Twilio cannot find a call by anything we sent with it, so "not found" would be a guess.
        throw new ProviderRequestError('twilio', 'twilio cannot look a call up without its sid', {
          mayHaveReachedProvider: true,
        });
      }
      const response = await call('GET', `/Calls/${encodeURIComponent(input.providerCallId)}.json`);
      if (response.status === 404) return { state: 'not_found' };
      if (!response.ok) throw await vendorRefusal('twilio', response);
      const resource = (await vendorJson('twilio', response)) as TwilioCallResource;
      const status = twilioCallStatus({
        CallSid: resource.sid,
        CallStatus: resource.status,
        AnsweredBy: resource.answered_by,
        CallDuration: resource.duration,
      });
      if (!status)
        throw new ProviderRequestError('twilio', `unknown call status '${resource.status}'`, {
          mayHaveReachedProvider: true,
        });
      return status;
    },

    async hangup(input: HangupInput): Promise<void> {
      const response = await call(
        'POST',
        `/Calls/${encodeURIComponent(input.providerCallId)}.json`,
        new URLSearchParams({ Status: 'completed' }),
      );
      if (!response.ok && response.status !== 404) throw await vendorRefusal('twilio', response);
    },

    async transferCall(input: TransferCallInput): Promise<void> {
      const response = await call(
        'POST',
        `/Calls/${encodeURIComponent(input.providerCallId)}.json`,
        new URLSearchParams({ Twiml: twilioTransferTwiml(input) }),
      );
      if (!response.ok) throw await vendorRefusal('twilio', response);
    },

    async syncInboundWebhook({ phoneNumber, agentId }: SyncInboundWebhookInput): Promise<ProviderSyncResult> {
      let sid =
        typeof phoneNumber.extraMetadata.twilio_sid === 'string'
          ? phoneNumber.extraMetadata.twilio_sid
          : null;
      if (!sid) {
        const lookup = await call(
          'GET',
          `/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(phoneNumber.addressNormalized)}`,
        );
        if (!lookup.ok) return vendorSyncFailure('twilio', lookup);
        const found = (await vendorJson('twilio', lookup)) as {
          incoming_phone_numbers?: Array<{ sid: string }>;
        };
        sid = found.incoming_phone_numbers?.[0]?.sid ?? null;
        if (!sid)
          return {
            ok: false,
            message: `twilio: ${phoneNumber.addressNormalized} is not a number of this account`,
          };
      }
      const voiceUrl =
        agentId === null
          ? ''
          : inboundWebhookUrl(options.environment.publicBaseUrl, 'twilio', options.configurationId);
      const response = await call(
        'POST',
        `/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`,
        new URLSearchParams({ VoiceUrl: voiceUrl, VoiceMethod: 'POST' }),
      );
      if (!response.ok) return vendorSyncFailure('twilio', response);
      return {
        ok: true,
        message:
          agentId === null
            ? `twilio: voice URL of ${phoneNumber.addressNormalized} cleared`
            : `twilio: voice URL of ${phoneNumber.addressNormalized} set to ${voiceUrl}`,
      };
    },
  };
}
