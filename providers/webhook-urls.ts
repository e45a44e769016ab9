/**
 * The URLs of this service that vendors call: one place, shared by the engine (which hands a status callback URL to
 * each placement), the adapters (which give them to vendors) and the routes (which check them).
 */
import { createHmac } from 'node:crypto';
import type { Config } from '../config';
import { deriveKey } from '../config/keys';
import { tokensMatch } from '../credentials/tokens';

/** The path providers post call status to; the attempt id and a token signed by us bind a callback to one attempt. */
export const STATUS_CALLBACK_ROUTE = '/api/v1/telephony/status';

export const INBOUND_WEBHOOK_ROUTE = '/api/v1/telephony/inbound';

function tokenFor(config: Pick<Config, 'appSecret'>, provider: string, attemptId: number): string {
  return createHmac('sha256', deriveKey(config.appSecret, 'status-callbacks'))
    .update(`${provider}:${attemptId}`)
    .digest('base64url');
}

/** The status callback URL handed to the provider when an attempt is placed. */
export function statusCallbackUrl(
  config: Pick<Config, 'appSecret' | 'http'>,
  provider: string,
  attemptId: number,
): string {
  return `${config.http.publicBaseUrl}${STATUS_CALLBACK_ROUTE}/${provider}/${attemptId}?token=${tokenFor(config, provider, attemptId)}`;
}

/** True when `token` was minted by this deployment for this provider and attempt. */
export function isValidStatusToken(
  config: Pick<Config, 'appSecret'>,
  provider: string,
  attemptId: number,
  token: string,
): boolean {
  return tokensMatch(tokenFor(config, provider, attemptId), token);
}

/** Where a vendor sends calls to a configuration's numbers; the vendor's signature authenticates each request. */
export function inboundWebhookUrl(publicBaseUrl: string, provider: string, configurationId: number): string {
  return `${publicBaseUrl}${INBOUND_WEBHOOK_ROUTE}/${provider}/${configurationId}`;
}

/**
 * Where a vendor asks what to do once an outbound call is answered: the status callback's sibling, carrying the
 * same attempt id and token, so it needs no second secret.
 */
export function answerUrlOf(statusCallbackUrl: string): string {
  return statusCallbackUrl.replace('/telephony/status/', '/telephony/answer/');
}
