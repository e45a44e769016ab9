import { createHmac } from 'node:crypto';
import type { Config } from '../config';
import { deriveKey } from '../config/keys';
import { tokensMatch } from '../credentials/tokens';

/** The path providers post call status to; the attempt id and a token signed by us bind a callback to one attempt. */
export const STATUS_CALLBACK_ROUTE = '/api/v1/telephony/status';

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
