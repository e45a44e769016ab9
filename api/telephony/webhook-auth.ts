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
import { findTelephonyConfigurationById } from '../../db/repositories/telephony-configurations';
import { credentialsOfConfiguration } from '../../providers/webhook-request';
import { decoyConfiguration } from './decoy-configuration';
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

/** The work a configuration webhook's check did, in order (logged with a refusal). */
type ConfigurationCheck = 'configuration_read' | 'secrets_decrypted' | 'signature_computed';

/**
 * A webhook to a configuration's URL (inbound calls), signed by the vendor with that configuration's key. An unknown
 * configuration id does the same work as a known one with a bad signature (read, decrypt, compute the signature with
 * a decoy configuration's key: decoy-configuration.ts) before the same 403, so the answer's time does not tell them
 * apart; the refusal's log line lists that work (`checks`).
 */
export async function authenticateConfigurationWebhook(
  deps: WebhookDeps,
  input: { provider: string; configurationId: number; request: FastifyRequest },
): Promise<{ credentials: WebhookCredentials; request: WebhookRequest }> {
  const webhook = adapterFor(input.provider)?.statusWebhook;
  if (!webhook) throw noWebhooksFor(input.provider);
  const checks: ConfigurationCheck[] = [];
  const ids = { provider: input.provider, telephony_configuration_id: input.configurationId, checks };
  const row = await findTelephonyConfigurationById(deps.db, input.configurationId);
  checks.push('configuration_read');
  const stored = row ?? decoyConfiguration(deps.config, input.provider);
  const credentials = credentialsOfConfiguration(stored, deps.config);
  if (stored.encrypted_secrets) checks.push('secrets_decrypted');
  const request = webhookRequestOf(input.request, deps.config.http.publicBaseUrl);
  // An unsigned (simulator) webhook has no URL token here to stand for its signature.
  if (!webhook.signed) refuse(deps, row ? 'no_key' : 'unknown_configuration', ids);
  const refusal = signatureRefusal(webhook, input.provider, credentials, request, () =>
    checks.push('signature_computed'),
  );
  if (!row) refuse(deps, 'unknown_configuration', ids);
  if (refusal) refuse(deps, refusal, ids);
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
  const refusal = signatureRefusal(webhook, provider, credentials, request);
  if (refusal) refuse(deps, refusal, ids);
}

/** Why the request is not signed for these credentials, or null when it is. */
function signatureRefusal(
  webhook: Extract<StatusWebhook, { signed: true }>,
  provider: string,
  credentials: WebhookCredentials,
  request: WebhookRequest,
  computed: () => void = () => {},
): Refusal | null {
  if (credentials.provider !== provider) return 'provider_mismatch';
  const key = webhook.keyOf(credentials);
  // Never verify with an empty key: anyone can compute an HMAC keyed by the empty string.
  if (!key) return 'no_key';
  const valid = webhook.verify(request, key, credentials);
  computed();
  return valid ? null : 'bad_signature';
}
