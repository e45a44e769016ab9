/**
 * The URLs of this service that vendors call: one place, shared by the engine (which hands a status callback URL to
 * each placement), the adapters (which give them to vendors) and the routes (which check them).
 */
import type { Config } from '../config';
import { createPayloadSigner } from '../config/payload-signer';

/** The root secrets the URLs' tokens are signed with: the current one, and during a rotation the previous one. */
type Secrets = Pick<Config, 'appSecret'> & Partial<Pick<Config, 'appSecretPrevious'>>;

/** The path providers post call status to; the attempt id and a token signed by us bind a callback to one attempt. */
export const STATUS_CALLBACK_ROUTE = '/api/v1/telephony/status';

export const INBOUND_WEBHOOK_ROUTE = '/api/v1/telephony/inbound';

/** The status callback URL handed to the provider when an attempt is placed. */
export function statusCallbackUrl(
  config: Secrets & Pick<Config, 'http'>,
  provider: string,
  attemptId: number,
): string {
  const token = createPayloadSigner(config, 'status-callbacks').sign(`${provider}:${attemptId}`);
  return `${config.http.publicBaseUrl}${STATUS_CALLBACK_ROUTE}/${provider}/${attemptId}?token=${token}`;
}

/** True when `token` was minted by this deployment for this provider and attempt. */
export function isValidStatusToken(
  config: Secrets,
  provider: string,
  attemptId: number,
  token: string,
): boolean {
  return createPayloadSigner(config, 'status-callbacks').verify(`${provider}:${attemptId}`, token);
}

/** Where a vendor sends calls to a configuration's numbers; the vendor's signature authenticates each request. */
export function inboundWebhookUrl(publicBaseUrl: string, provider: string, configurationId: number): string {
  return `${publicBaseUrl}${INBOUND_WEBHOOK_ROUTE}/${provider}/${configurationId}`;
}

export const TRANSFER_INSTRUCTIONS_ROUTE = '/api/v1/telephony/transfer';

/**
 * Where a vendor fetches the instructions that move a live call to `destination` (Plivo's transfer `aleg_url`): the
 * configuration's sibling of its inbound URL, the destination in the query. The vendor's signature with the
 * configuration's key over the whole URL, query included, authenticates each fetch, so no one else can have this
 * service write a dial, nor change where one leads.
 */
export function transferInstructionsUrl(
  publicBaseUrl: string,
  provider: string,
  configurationId: number,
  transfer: { destination: string; callerId: string | null },
): string {
  const query = new URLSearchParams({ to: transfer.destination });
  if (transfer.callerId) query.set('caller_id', transfer.callerId);
  return `${publicBaseUrl}${TRANSFER_INSTRUCTIONS_ROUTE}/${provider}/${configurationId}?${query.toString()}`;
}

/**
 * Where a vendor asks what to do once an outbound call is answered: the status callback's sibling, carrying the
 * same attempt id and token, so it needs no second secret.
 */
export function answerUrlOf(statusCallbackUrl: string): string {
  return statusCallbackUrl.replace('/telephony/status/', '/telephony/answer/');
}

/**
 * Where a vendor posts its asynchronous answering-machine verdict (Twilio `AsyncAmdStatusCallback`): the status
 * callback's sibling, with the same attempt id and token.
 */
export function amdCallbackUrlOf(statusCallbackUrl: string): string {
  return statusCallbackUrl.replace('/telephony/status/', '/telephony/amd/');
}

/** Where vendors open a call's media stream (the media process): `{MEDIA_PUBLIC_URL}/media/{provider}/{token}`. */
export const MEDIA_STREAM_ROUTE = '/media';

/**
 * The per-call token of a media stream URL: `{runId}.{expiresAtSeconds}.{keyId}.{signature}` (before key ids:
 * `{runId}.{expiresAtSeconds}.{signature}`). It travels in the path
 * (Twilio allows no query string on a stream URL), so any media replica can take any stream.
 */
export function mediaStreamToken(
  config: Secrets & Pick<Config, 'media'>,
  provider: string,
  runId: number,
  now: Date = new Date(),
): string {
  const payload = `${runId}.${Math.floor(now.getTime() / 1000) + config.media.tokenTtlSeconds}`;
  return `${payload}.${createPayloadSigner(config, 'media-streams').sign(`${provider}:${payload}`)}`;
}

/** The WebSocket URL a vendor streams one run's call to. */
export function mediaStreamUrl(
  config: Secrets & Pick<Config, 'media'>,
  provider: string,
  runId: number,
  now?: Date,
): string {
  return `${config.media.publicUrl}${MEDIA_STREAM_ROUTE}/${provider}/${mediaStreamToken(config, provider, runId, now)}`;
}

/**
 * The stream URL handed to a vendor when dialing (Telnyx `stream_url`): the stream opens at answer, so its token
 * lives past the ring timeout. Null without a run.
 */
export function dialTimeStreamUrl(
  config: Secrets & Pick<Config, 'media'>,
  provider: string,
  runId: number | null,
  ringTimeoutSeconds: number,
): string | null {
  if (runId === null) return null;
  return mediaStreamUrl(config, provider, runId, new Date(Date.now() + ringTimeoutSeconds * 1000));
}

/** The run a media stream token was minted for, or null when it is forged, for another provider, or expired. */
export function runOfMediaToken(
  config: Secrets,
  provider: string,
  token: string,
  now: Date = new Date(),
): number | null {
  const match = /^([1-9]\d{0,15})\.(\d{1,12})\.((?:[0-9a-f]{8}\.)?[A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, run, expires, signature] = match;
  if (!createPayloadSigner(config, 'media-streams').verify(`${provider}:${run}.${expires}`, signature!))
    return null;
  if (Number(expires) * 1000 < now.getTime()) return null;
  const runId = Number(run);
  return Number.isSafeInteger(runId) ? runId : null;
}
