/**
 * The one interface through which the engine and the API reach a telephony provider. Vendor adapters
 * implement it; nothing outside `providers/` knows a vendor's API.
 */
import type { CallOutcome } from '../domain/outcomes';
import type { ProviderName } from './catalogue';

/** The number a provider is asked about: enough to find it at the vendor (e.g. a number sid in `extra_metadata`). */
export interface ProviderPhoneNumber {
  id: number;
  address: string;
  addressNormalized: string;
  addressType: 'pstn' | 'sip';
  extraMetadata: Record<string, unknown>;
}

export interface SyncInboundWebhookInput {
  phoneNumber: ProviderPhoneNumber;
  /** The agent that answers inbound calls to the number; null unbinds it. */
  agentId: number | null;
}

/** Result of pointing (or un-pointing) the vendor's inbound webhook of a number at this service. */
export interface ProviderSyncResult {
  ok: boolean;
  message: string;
  /** What the vendor answered, for logs only: clients see `ok` and `message`. */
  vendorBody?: string;
}

export interface PlaceCallInput {
  /** Our attempt id: the idempotency key of the placement, so a retried activity never dials twice. */
  attemptId: string;
  from: string;
  to: string;
  /** Where the vendor reports status changes for this attempt. */
  statusCallbackUrl: string;
  ringTimeoutSeconds: number;
  maxCallDurationSeconds: number;
  amdEnabled: boolean;
  /**
   * The agent leaves a message on a machine (it has a `voicemail_message`): detection then waits for the end of the
   * machine's greeting (Twilio `DetectMessageEnd`) so the message lands after the beep. Absent: false.
   */
  leavesVoicemail?: boolean;
  /**
   * The WebSocket URL of the call's media stream (its run's token in the path, valid past the ring timeout), for the
   * vendors that ask for media when dialing (Telnyx `stream_url`, media from answer on). Vendors that ask for media
   * in their answer instructions (Twilio, Vonage, Plivo) ignore it. Null: the call has no run to stream to.
   */
  mediaStreamUrl?: string | null;
}

export interface PlaceCallResult {
  providerCallId: string;
}

export interface GetCallStatusInput {
  attemptId: string;
  /** Unknown when the placement's answer was lost; the adapter then looks the call up by `attemptId`. */
  providerCallId: string | null;
}

export type CallStatus =
  /** The vendor has no call for this attempt: it was never placed. */
  | { state: 'not_found' }
  | { state: 'in_progress'; providerCallId: string; rawStatus: string }
  | {
      state: 'ended';
      providerCallId: string;
      outcome: CallOutcome;
      /** The vendor's own status word and SIP/Q.850 cause, kept beside the outcome. */
      rawStatus: string;
      cause: string | null;
      durationSeconds: number | null;
    };

export interface HangupInput {
  attemptId: string;
  providerCallId: string;
}

/** Hands a live call over to a person (the agent graph's `transfer_to`), after the agent said its transfer line. */
export interface TransferCallInput {
  /** The vendor's id of the caller's call (the media stream's `providerCallId`). */
  providerCallId: string;
  /** Where the call goes: an E.164 number (`+15551234567`) or a SIP URI (`sip:desk@pbx.example.com`). */
  destination: string;
  /** The caller id shown to the person (E.164; the number of the call's own line), or null for the vendor's default. */
  callerId: string | null;
}

/** A telephony provider as the engine sees it. */
export interface TelephonyProvider {
  readonly name: ProviderName;
  syncInboundWebhook(input: SyncInboundWebhookInput): Promise<ProviderSyncResult>;
  placeCall(input: PlaceCallInput): Promise<PlaceCallResult>;
  getCallStatus(input: GetCallStatusInput): Promise<CallStatus>;
  hangup(input: HangupInput): Promise<void>;
  /**
   * Moves the call off its media stream to `destination` (Twilio `<Dial>`, Telnyx transfer, Vonage `connect`, Plivo
   * transfer, Asterisk dial and bridge). Resolves once the vendor accepted the change; the caller stays on the line.
   * Throws ProviderRequestError when the vendor refuses. Every vendor with media implements it.
   */
  transferCall?(input: TransferCallInput): Promise<void>;
}

/** The part of a provider the resources API needs today: re-syncing a number's inbound webhook. */
export type InboundWebhookSync = Pick<TelephonyProvider, 'name' | 'syncInboundWebhook'>;
