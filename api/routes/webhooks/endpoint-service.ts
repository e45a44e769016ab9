/**
 * Webhook endpoints: create, update, delete and rotate with their rules (a URL that leads to an allowed destination,
 * event types from the catalogue, a per-organization cap, the secret sealed and shown once), then the endpoint's
 * deliverer is made sure to run.
 */
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { createCredentialsCipher } from '../../../config/credentials-cipher';
import { ensureWebhookDeliverer } from '../../../client/webhook-deliveries';
import { inTransaction } from '../../../db/client';
import {
  countWebhookEndpoints,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  lockOrganizationEndpoints,
  rotateWebhookEndpointSecret,
  updateWebhookEndpoint,
  type ShownWebhookEndpoint,
} from '../../../db/repositories/webhook-endpoints';
import { ALL_EVENTS, isWebhookEventType } from '../../../domain/webhook-events';
import {
  checkDestination,
  destinationPolicy,
  destinationUrlProblem,
  DestinationNotAllowedError,
} from '../../../net/outbound-destinations';
import { generateEndpointSecret, sealEndpointSecret } from '../../../webhooks/endpoint-secrets';
import { conflict, destinationNotAllowed, invalidField, notFound, validationError } from '../../errors';
import {
  MAX_ENDPOINTS_PER_ORGANIZATION,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookEndpoint,
} from './endpoint-schemas';

/** How long a request waits for Temporal before answering without it (the endpoint is saved either way). */
const ENGINE_DEADLINE_MS = 5000;

/** How long the secret before a rotation keeps signing, so receivers can switch without losing a delivery. */
export const PREVIOUS_SECRET_VALID_SECONDS = 24 * 3600;

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function presentEndpoint(row: ShownWebhookEndpoint): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    previous_secret_expires_at: iso(row.previous_secret_expires_at),
    failing_since: iso(row.failing_since),
    disabled_at: iso(row.disabled_at),
    disabled_reason: row.disabled_reason,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** `*` alone, or types of the catalogue; 422 naming each unknown entry. */
function checkedEvents(events: string[]): string[] {
  const issues = events.flatMap((event, index) =>
    event === ALL_EVENTS || isWebhookEventType(event)
      ? []
      : [
          {
            loc: ['body', 'events', String(index)],
            msg: `Unknown event type '${event}'`,
            type: 'value_error',
          },
        ],
  );
  if (issues.length > 0) throw validationError(issues);
  if (events.includes(ALL_EVENTS) && events.length > 1)
    throw invalidField(['body', 'events'], `"${ALL_EVENTS}" subscribes to every type; send it alone`);
  return events;
}

export function createEndpointService(ctx: AppContext) {
  const { db, config } = ctx;
  const cipher = createCredentialsCipher(config.appSecret);
  const destinations = destinationPolicy(config.security.allowedPrivateDestinations);

  /** The URL's shape, its scheme (https; http only to a destination the operator listed) and where it leads now. */
  async function checkedUrl(url: string): Promise<string> {
    const problem = destinationUrlProblem(url, ['https', 'http']);
    if (problem) throw invalidField(['body', 'url'], problem);
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' && !operatorListed(parsed.hostname))
      throw invalidField(
        ['body', 'url'],
        'Input should be an https URL (http only to a destination listed in ALLOWED_PRIVATE_DESTINATIONS)',
      );
    try {
      await checkDestination(url, destinations);
    } catch (error) {
      if (error instanceof DestinationNotAllowedError) throw destinationNotAllowed(`url: ${error.message}`);
      throw error;
    }
    return url;
  }

  function operatorListed(hostname: string): boolean {
    const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
    if (destinations.allowsAll || destinations.hosts.has(host)) return true;
    const family = isIP(host);
    return family !== 0 && destinations.addresses.check(host, family === 4 ? 'ipv4' : 'ipv6');
  }

  /** The deliverer picks up new deliveries by itself once running; an engine that cannot be reached is logged. */
  async function ensureDeliverer(endpoint: ShownWebhookEndpoint, log: FastifyBaseLogger) {
    if (!endpoint.active || endpoint.disabled_at !== null) return;
    try {
      await ctx.temporal.client.withDeadline(Date.now() + ENGINE_DEADLINE_MS, () =>
        ensureWebhookDeliverer(ctx.temporal, endpoint.id),
      );
    } catch (error) {
      log.error(
        { err: error, organization_id: endpoint.organization_id, webhook_endpoint_id: endpoint.id },
        'webhook deliverer could not be started; the worker starts it for pending deliveries',
      );
    }
  }

  return {
    async get(organizationId: number, id: number) {
      const row = await findWebhookEndpoint(db, organizationId, id);
      if (!row) throw notFound('webhook_endpoint');
      return row;
    },

    async create(organizationId: number, body: CreateWebhookEndpointBody, log: FastifyBaseLogger) {
      const url = await checkedUrl(body.url);
      const events = checkedEvents(body.events);
      const secret = generateEndpointSecret();
      const row = await inTransaction(db, async (trx) => {
        await lockOrganizationEndpoints(trx, organizationId);
        if ((await countWebhookEndpoints(trx, organizationId)) >= MAX_ENDPOINTS_PER_ORGANIZATION)
          throw conflict(
            'webhook_endpoint_limit_reached',
            `An organization has at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints; delete one first.`,
          );
        return insertWebhookEndpoint(trx, {
          organizationId,
          url,
          description: body.description ?? null,
          events,
          active: body.active ?? true,
          encryptedSecret: sealEndpointSecret(cipher, organizationId, secret),
        });
      });
      log.info({ organization_id: organizationId, webhook_endpoint_id: row.id }, 'webhook endpoint created');
      await ensureDeliverer(row, log);
      return { row, secret };
    },

    async update(
      organizationId: number,
      id: number,
      body: UpdateWebhookEndpointBody,
      log: FastifyBaseLogger,
    ) {
      const stored = await this.get(organizationId, id);
      const changes = {
        ...(body.url !== undefined && body.url !== stored.url ? { url: await checkedUrl(body.url) } : {}),
        ...(body.events !== undefined ? { events: checkedEvents(body.events) } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
      };
      // Turning on an endpoint that was off or disabled starts afresh: no disabling, no failing streak.
      const reactivate = body.active === true && (!stored.active || stored.disabled_at !== null);
      const row = await updateWebhookEndpoint(db, organizationId, id, changes, { reactivate });
      if (!row) throw notFound('webhook_endpoint');
      log.info(
        { organization_id: organizationId, webhook_endpoint_id: id, reactivated: reactivate },
        'webhook endpoint updated',
      );
      await ensureDeliverer(row, log);
      return row;
    },

    async remove(organizationId: number, id: number, log: FastifyBaseLogger) {
      if (!(await deleteWebhookEndpoint(db, organizationId, id))) throw notFound('webhook_endpoint');
      log.info({ organization_id: organizationId, webhook_endpoint_id: id }, 'webhook endpoint deleted');
    },

    async rotateSecret(organizationId: number, id: number, log: FastifyBaseLogger) {
      const secret = generateEndpointSecret();
      const row = await rotateWebhookEndpointSecret(
        db,
        organizationId,
        id,
        sealEndpointSecret(cipher, organizationId, secret),
        PREVIOUS_SECRET_VALID_SECONDS,
      );
      if (!row) throw notFound('webhook_endpoint');
      log.info(
        { organization_id: organizationId, webhook_endpoint_id: id },
        'webhook endpoint secret rotated',
      );
      return { row, secret };
    },
  };
}
