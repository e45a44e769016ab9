/**
 * One authentication rule for every vendor webhook (status, answer and inbound URLs): the configuration must exist,
 * be of the provider named in the URL, hold a non-empty key, and the request must carry that vendor's signature made
 * with it. Every refusal is the same 403, so a caller learns nothing about which ids exist or which numbers they own.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Attempt } from '../../db/database';
import { findAttempts } from '../../db/repositories/attempts';
import { isValidStatusToken } from '../../providers/webhook-urls';
import { HttpError } from '../errors';
import { countWebhookRefusal } from '../../observability/metrics';
import type { StatusWebhook } from '../../providers/adapter';
import { adapterFor } from '../../providers/registry';
import type { WebhookCredentials, WebhookRequest } from '../../providers/webhook-request';
import { loadWebhookCredentials, webhookRequestOf } from './webhook-request';

export interface WebhookDeps {
  db: Db;
  config: { appSecret: string; appSecretPrevious?: string | null; http: { publicBaseUrl: string } };
  log: FastifyBaseLogger;
}

/** The one answer to every refused webhook: unknown id, another provider's URL, bad token, bad or missing signature. */
function webhookRefused(): HttpError {
  return new HttpError(403, 'invalid_signature', 'This request is not signed for this webhook.');
}

/** A provider without webhooks of this kind: the URL names no such provider (says nothing about ids). */
export function noWebhooksFor(provider: string): HttpError {
  return new HttpError(404, 'provider_not_found', `No call webhooks for provider '${provider}'.`);
}

type Refusal =
  | 'bad_token'
  | 'unknown_attempt'
  | 'unknown_configuration'
  | 'provider_mismatch'
  | 'no_key'
  | 'bad_signature';

function refuse(deps: WebhookDeps, reason: Refusal, ids: Record<string, unknown>): never {
  deps.log.warn({ ...ids, reason }, 'vendor webhook refused');
  countWebhookRefusal(reason);
  throw webhookRefused();
}

/** A webhook to a configuration's URL (inbound calls), signed by the vendor with that configuration's key. */
export async function authenticateConfigurationWebhook(
  deps: WebhookDeps,
  input: { provider: string; configurationId: number; request: FastifyRequest },
): Promise<{ credentials: WebhookCredentials; request: WebhookRequest }> {
  const webhook = adapterFor(input.provider)?.statusWebhook;
  if (!webhook) throw noWebhooksFor(input.provider);
  const ids = { provider: input.provider, telephony_configuration_id: input.configurationId };
  const credentials = await loadWebhookCredentials(deps.db, deps.config, input.configurationId);
  if (!credentials) refuse(deps, 'unknown_configuration', ids);
  const request = webhookRequestOf(input.request, deps.config.http.publicBaseUrl);
  // An unsigned (simulator) webhook has no URL token here to stand for its signature.
  if (!webhook.signed) refuse(deps, 'no_key', ids);
  checkSignature(deps, webhook, input.provider, credentials, request, ids);
  return { credentials, request };
}

/**
 * A callback to an attempt's URL: the token we minted for provider and attempt, the attempt of that provider, and
 * the vendor's signature with its configuration's key. Only the simulator's callbacks pass on the token alone,
 * including those of an attempt whose configuration is gone.
 */
export async function authenticateAttemptCallback(
  deps: WebhookDeps,
  input: { provider: string; attemptId: number; token: string; request: FastifyRequest },
): Promise<{
  attempt: Attempt;
  webhook: StatusWebhook;
  request: WebhookRequest;
  /** The attempt's configuration (absent only for the simulator's callbacks, which carry no signature). */
  credentials?: WebhookCredentials;
}> {
  const webhook = adapterFor(input.provider)?.statusWebhook;
  if (!webhook) throw noWebhooksFor(input.provider);
  const ids: Record<string, unknown> = { provider: input.provider, attempt_id: input.attemptId };
  if (!isValidStatusToken(deps.config, input.provider, input.attemptId, input.token))
    refuse(deps, 'bad_token', ids);
  const [attempt] = await findAttempts(deps.db, [input.attemptId]);
  if (!attempt || attempt.provider !== input.provider) refuse(deps, 'unknown_attempt', ids);
  ids.telephony_configuration_id = attempt.telephony_configuration_id;
  const credentials =
    attempt.telephony_configuration_id === null
      ? undefined
      : await loadWebhookCredentials(deps.db, deps.config, attempt.telephony_configuration_id);
  const request = webhookRequestOf(input.request, deps.config.http.publicBaseUrl);
  if (credentials && credentials.organizationId !== attempt.organization_id)
    refuse(deps, 'unknown_configuration', ids);
  if (!webhook.signed) {
    if (credentials && credentials.provider !== input.provider) refuse(deps, 'provider_mismatch', ids);
    return { attempt, webhook, request };
  }
  if (!credentials) refuse(deps, 'unknown_configuration', ids);
  checkSignature(deps, webhook, input.provider, credentials, request, ids);
  return { attempt, webhook, request, credentials };
}

function checkSignature(
  deps: WebhookDeps,
  webhook: Extract<StatusWebhook, { signed: true }>,
  provider: string,
  credentials: WebhookCredentials,
  request: WebhookRequest,
  ids: Record<string, unknown>,
): void {
  if (credentials.provider !== provider) refuse(deps, 'provider_mismatch', ids);
  const key = webhook.keyOf(credentials);
  // Never verify with an empty key: anyone can compute an HMAC keyed by the empty string.
  if (!key) refuse(deps, 'no_key', ids);
  if (!webhook.verify(request, key, credentials)) refuse(deps, 'bad_signature', ids);
}
