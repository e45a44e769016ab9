/**
 * Vendor webhooks as their signatures need them: the raw body next to the parsed one, and the full URL the vendor
 * called. Registered inside the webhook plugins only, so the rest of the API keeps Fastify's own parsers.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Db } from '../../../db/client';
import { createCredentialsCipher, telephonySecretsContext } from '../../../config/credentials-cipher';

/** A webhook request: what signature checks and status parsers read. */
export interface WebhookRequest {
  /** The URL as the vendor called it: this deployment's public base URL plus the path and query. */
  url: string;
  rawBody: string;
  /** JSON bodies parsed; form bodies as an object of their last values (`form` keeps every value). */
  body: unknown;
  form: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** The stored configuration a webhook belongs to, secrets decrypted. */
export interface WebhookCredentials {
  organizationId: number;
  /** The configuration's own provider: a webhook under another provider's URL is refused. */
  provider: string;
  config: Record<string, unknown>;
  secrets: Record<string, string>;
}

const rawBodies = new WeakMap<FastifyRequest, string>();

/** JSON and form bodies parsed with their raw text kept, in this plugin's scope only. */
export function registerRawBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, body, done) => {
      rawBodies.set(request, body as string);
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** The request as signature checks see it. */
export function webhookRequestOf(request: FastifyRequest, publicBaseUrl: string): WebhookRequest {
  const rawBody = rawBodies.get(request) ?? '';
  const isForm = String(request.headers['content-type'] ?? '').startsWith(
    'application/x-www-form-urlencoded',
  );
  return {
    url: `${publicBaseUrl}${request.url}`,
    rawBody,
    body: request.body ?? {},
    form: new URLSearchParams(isForm ? rawBody : ''),
    headers: request.headers,
  };
}

/** The configuration's clear fields and decrypted secrets, or undefined when it is gone. */
export async function loadWebhookCredentials(
  db: Db,
  appSecret: string,
  configurationId: number,
): Promise<WebhookCredentials | undefined> {
  const row = await db
    .selectFrom('telephony_configurations')
    .select(['organization_id', 'provider', 'config', 'encrypted_secrets'])
    .where('id', '=', configurationId)
    .executeTakeFirst();
  if (!row) return undefined;
  const secrets = row.encrypted_secrets
    ? createCredentialsCipher(appSecret).decrypt(
        row.encrypted_secrets,
        telephonySecretsContext(row.organization_id),
      )
    : {};
  return {
    organizationId: row.organization_id,
    provider: row.provider,
    config: row.config as Record<string, unknown>,
    secrets,
  };
}

/** A header's single value. */
export function headerOf(request: WebhookRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
