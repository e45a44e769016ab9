/**
 * Vendor webhooks as their signatures need them: the raw body next to the parsed one, and the full URL the vendor
 * called. Registered inside the webhook plugins only, so the rest of the API keeps Fastify's own parsers.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { findTelephonyConfigurationById } from '../../db/repositories/telephony-configurations';
import {
  credentialsOfConfiguration,
  type WebhookCredentials,
  type WebhookRequest,
} from '../../providers/webhook-request';
import type { RootSecrets } from '../../config/keys';

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
  appSecret: RootSecrets,
  configurationId: number,
): Promise<WebhookCredentials | undefined> {
  const row = await findTelephonyConfigurationById(db, configurationId);
  return row ? credentialsOfConfiguration(row, appSecret) : undefined;
}
