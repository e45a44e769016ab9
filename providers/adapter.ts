/**
 * One telephony vendor, whole: its calls and number sync, its status webhook, how it answers calls to our numbers,
 * its event stream where it has one, and (next) its media. Each vendor folder exports one `VendorAdapter`; the
 * registry is the only way to reach it. An adapter knows nothing of the engine or the database: what it needs from
 * this service (deciding an inbound call, naming an agent) is handed to it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DestinationPolicy } from '../net/outbound-destinations';
import type { CallOutcome } from '../domain/outcomes';
import type { ProviderName } from './catalogue';
import type { CallStatus, InboundWebhookSync, ProviderSyncResult, TelephonyProvider } from './provider';
import type { ProviderEnvironment } from './vendor-http';
import type { WebhookCredentials, WebhookRequest } from './webhook-request';
import type { MediaAdapter } from '../voice/media-transport';

/** What a configuration's provider is built from: the stored configuration, its secrets and the deployment. */
export interface ConnectOptions {
  configurationId: number;
  config: Record<string, unknown>;
  secrets: Record<string, string>;
  /** Where vendors reach this deployment; without it a vendor's number sync says it cannot tell the vendor. */
  environment?: ProviderEnvironment;
}

/** How one provider's status webhooks are authenticated and read. */
export type StatusWebhook = {
  /** The call status the body reports; null when the body is not a status report of this vendor. */
  parse(request: WebhookRequest): CallStatus | null;
  /**
   * Answers a status event of a call still going that waits for a command of ours (Telnyx: hang up a call whose media
   * stream is over, since closing a Call Control stream does not end the call). Absent: no event needs one. Throws a
   * ProviderRequestError when the vendor cannot take the command, so the event is resent.
   */
  commandOn?(input: {
    credentials: WebhookCredentials;
    body: unknown;
    destinations: DestinationPolicy;
    log: FastifyBaseLogger;
  }): Promise<void>;
} & (
  | {
      /** The simulator, our own cloud: the attempt token in the URL is its whole authentication. */
      signed: false;
    }
  | {
      signed: true;
      /** The configuration's key the vendor signs with; an empty one refuses every webhook. */
      keyOf(credentials: WebhookCredentials): string;
      /** True when the request carries the vendor's valid signature made with `key`. */
      verify(request: WebhookRequest, key: string, credentials: WebhookCredentials): boolean;
    }
);

/**
 * A vendor's asynchronous answering-machine verdict, posted to the attempt's AMD URL (`amdCallbackUrlOf`) and
 * authenticated as its status webhooks are.
 */
export interface MachineDetectionWebhook {
  /**
   * The call and the verdict; null when the body is not one. `answeredBy` is in Twilio's words, which
   * `isMachineAnswer` (domain/outcomes.ts) reads: `human`, `unknown`, `machine_start`, `machine_end_beep`,
   * `machine_end_silence`, `machine_end_other`, `fax`; other vendors map theirs onto these. Vendors that report the
   * verdict among their status events (Telnyx, Vonage) are read here too: the status route tries this parser on a
   * body that is not a status report.
   */
  parse(request: WebhookRequest): { providerCallId: string; answeredBy: string } | null;
}

/** An inbound call as the vendor describes it. */
export interface InboundCallFields {
  providerCallId: string;
  to: string;
  from: string;
}

/** Call instructions in the vendor's language (TwiML, Plivo XML, a Vonage NCCO). */
export interface CallInstructions {
  contentType: string;
  body: string;
}

/**
 * What answer instructions are built from: the agent taking the call, its run, and the media stream the call joins
 * (null when the vendor carries no media here, or the call has no run), with the per-call values the stream carries
 * (Twilio `<Parameter>`; the stream URL itself holds only the token).
 */
export interface AnswerInput {
  agentName: string;
  runId: number | null;
  streamUrl: string | null;
  parameters: Record<string, string>;
  /**
   * The vendor's id of the call being answered, as its answer request names it (`callOf(body).providerCallId`), or
   * null when the request names none. For vendors whose media stream does not name the call (Vonage's WebSocket: the
   * answer puts it in the stream's headers).
   */
  providerCallId?: string | null;
}

/** This service's answer to an inbound call: the active agent bound to the number takes it, with a run. */
export type InboundVerdict = { accepted: true; runId: number; agentName: string } | { accepted: false };

/** What an adapter asks of this service while it answers an inbound call. */
export interface InboundDesk {
  /** Decides the call and creates its run, once per provider call. */
  decide(call: InboundCallFields): Promise<InboundVerdict>;
  /** The agent of a run an accepted call created (empty when unknown). */
  agentNameOfRun(runId: number): Promise<string>;
  /**
   * The WebSocket URL a run's media stream opens at (`{MEDIA_PUBLIC_URL}/media/{provider}/{token}`), for vendors that
   * ask for media in a command when they answer (Telnyx `stream_url` on answer, Asterisk).
   */
  mediaStreamUrlOf(runId: number): string;
  log: FastifyBaseLogger;
}

/** How calls to our numbers are answered or refused. */
export type InboundAnswering =
  | {
      /** The vendor asks for instructions on each call, and on each answered outbound call (the answer URL). */
      style: 'instructions';
      callOf(body: Record<string, unknown>): InboundCallFields;
      answer(input: AnswerInput): CallInstructions;
      refuse(): CallInstructions;
    }
  | {
      /** The vendor posts every event of a call to the inbound URL and waits for commands (Call Control). */
      style: 'call_control';
      /** Handles one event; returns the step taken, for the log and the tests. */
      handleEvent(
        input: { credentials: WebhookCredentials; body: unknown; destinations: DestinationPolicy },
        desk: InboundDesk,
      ): Promise<string>;
    }
  | {
      /** Calls arrive on the vendor's event stream (see `eventStream`) and are answered with commands. */
      style: 'event_stream';
      answer(
        input: { credentials: WebhookCredentials; destinations: DestinationPolicy; providerCallId: string },
        accepted: boolean,
      ): Promise<void>;
    };

/** How a call ended, as the engine records it. */
export interface EndedCall {
  outcome: CallOutcome;
  providerStatus: string;
  providerCause: string | null;
  providerCallId: string;
  durationSeconds: number;
}

/** What a vendor's event stream says, in this service's terms. */
export type CallEvent =
  | { type: 'inbound_call'; call: InboundCallFields }
  | { type: 'state_changed'; attemptId: number; state: string }
  /** An outbound call of ours was answered and is ours to connect (Asterisk: it entered the Stasis application). */
  | { type: 'answered'; attemptId: number; providerCallId: string }
  /** `report` reads the end given whether the call was seen answered before (an earlier event). */
  | { type: 'ended'; attemptId: number; report(answeredBefore: boolean): EndedCall };

/** A vendor that reports calls on a stream it keeps open, instead of webhooks (Asterisk). */
export interface CallEventStream {
  /** The raw state of an answered call: once seen, a call's later states never make it unanswered again. */
  answeredState: string;
  /** Opens one configuration's stream; it reconnects by itself and calls `onOpen` on every (re)connection. */
  open(options: {
    credentials: WebhookCredentials;
    destinations: DestinationPolicy;
    onOpen(): Promise<void> | void;
    onEvent(event: CallEvent): Promise<void> | void;
    onError(error: Error): void;
  }): { close(): void };
  /**
   * Connects an answered call (inbound, or outbound `answered`) to its run's media stream, for vendors whose calls
   * are given media by command (Asterisk: bridge + external media). Called by the one process that claimed the call;
   * `streamToken` is the run's media token (`mediaStreamToken`). Absent: the vendor's calls carry no media.
   */
  connectMedia?(input: {
    credentials: WebhookCredentials;
    destinations: DestinationPolicy;
    providerCallId: string;
    streamToken: string;
    log: FastifyBaseLogger;
  }): Promise<void>;
}

/** One vendor, as the registry hands it out. */
export interface VendorAdapter {
  readonly name: ProviderName;
  /** Calls (place, look up, hang up) and number sync of one configuration. */
  connect(options: ConnectOptions): InboundWebhookSync | TelephonyProvider;
  /** Absent: the vendor reports call status on its event stream only. */
  readonly statusWebhook?: StatusWebhook;
  /** Absent: the vendor's calls to our numbers are not answered here. */
  readonly inbound?: InboundAnswering;
  readonly eventStream?: CallEventStream;
  /** Absent: the vendor's calls carry no live media to this service yet. */
  readonly media?: MediaAdapter;
  /** Absent: the vendor reports machine answers in its status webhooks only (or not at all). */
  readonly machineDetection?: MachineDetectionWebhook;
  /**
   * The instructions for an answered outbound call (the answer URL, `answerUrlOf`). Absent: the inbound
   * instructions' `answer` serves both.
   */
  answerOutbound?(input: AnswerInput): CallInstructions;
  /**
   * The instructions a vendor fetches to move a live call (`transferInstructionsUrl`, Plivo's transfer `aleg_url`),
   * read from that URL's query (`to`, `caller_id`); null when the query is not a transfer this adapter writes.
   * Absent: the vendor's transfers carry their instructions inline, or it has none.
   */
  transferInstructions?(query: URLSearchParams): CallInstructions | null;
}

/** A vendor's `connect`: without the deployment's public URL there is no webhook address to give the vendor. */
export function connectWithEnvironment(
  name: ProviderName,
  create: (options: Required<ConnectOptions>) => TelephonyProvider,
): VendorAdapter['connect'] {
  return (options) => {
    const { environment } = options;
    if (environment) return create({ ...options, environment });
    return {
      name,
      async syncInboundWebhook(): Promise<ProviderSyncResult> {
        return {
          ok: false,
          message: `${name}: this service's public URL is unknown here; the binding is saved`,
        };
      },
    };
  };
}
