/** A webhook endpoint's delivery log, redeliveries and test events (`/organizations/webhooks/{id}/…`, docs/events.md). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ensureWebhookDeliverer } from '../../../client/webhook-deliveries';
import {
  listDeliveries,
  recordTestEvent,
  redeliverOne,
  redeliverSince,
  type LoggedDelivery,
} from '../../../db/repositories/webhook-delivery-log';
import { reserveAttempt } from '../../../db/repositories/auth-attempts';
import { findWebhookEndpoint } from '../../../db/repositories/webhook-endpoints';
import { conflict, invalidField, notFound, tooManyAttempts } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { errorResponses } from '../auth/schemas';
import {
  DeliveriesQuery,
  DeliveryParams,
  EndpointParams,
  Redelivered,
  RedeliverSinceBody,
  TestEventSent,
  WebhookDeliveryPage,
} from './schemas';

const tags = ['Webhooks'];

/**
 * Test events per endpoint and per organization in a sliding minute: each one is a delivery row and a request to the
 * customer's server, so a loop of test calls must not become a way to flood either. Counted in PostgreSQL (shared by
 * every API process), with the login throttle's buckets.
 */
export const TEST_EVENTS_PER_ENDPOINT = { limit: 10, windowSeconds: 60 };
export const TEST_EVENTS_PER_ORGANIZATION = { limit: 30, windowSeconds: 60 };

const webhookDeliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, temporal } = app.ctx;

  /** The caller's endpoint, or 404 (another organization's id included). */
  const endpointOf = async (organizationId: number, id: number) => {
    const endpoint = await findWebhookEndpoint(db, organizationId, id);
    if (!endpoint) throw notFound('webhook_endpoint');
    return endpoint;
  };

  app.get(
    '/:id/deliveries',
    {
      schema: {
        tags,
        summary: "List the endpoint's deliveries, newest first, each with its attempts",
        params: EndpointParams,
        querystring: DeliveriesQuery,
        response: { 200: WebhookDeliveryPage, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const endpoint = await endpointOf(callerOf(request).organizationId, request.params.id);
      const { page, limit } = request.query;
      const result = await listDeliveries(db, endpoint.id, { page, limit });
      return { deliveries: result.deliveries.map(presentDelivery), total: result.total, page, limit };
    },
  );

  app.post(
    '/:id/deliveries/:delivery_id/redeliver',
    {
      schema: {
        tags,
        summary: 'Send one delivery again (with its sequence, a fresh retry window)',
        params: DeliveryParams,
        response: { 200: Redelivered, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const endpoint = await endpointOf(callerOf(request).organizationId, request.params.id);
      if (!(await redeliverOne(db, endpoint.id, request.params.delivery_id)))
        throw notFound('webhook_delivery');
      if (endpoint.active && !endpoint.disabled_at) await ensureWebhookDeliverer(temporal, endpoint.id);
      return { redelivered: 1 };
    },
  );

  app.post(
    '/:id/deliveries/redeliver',
    {
      schema: {
        tags,
        summary: 'Send again every delivery of events recorded since a time',
        params: EndpointParams,
        body: RedeliverSinceBody,
        response: { 200: Redelivered, ...errorResponses(401, 403, 404, 422) },
      },
      // The endpoint's owner is checked before its body: another organization's id is 404 whatever is sent.
      attachValidation: true,
    },
    async (request) => {
      const invalid = request.validationError;
      if (invalid && invalid.validationContext !== 'body') throw invalid;
      const endpoint = await endpointOf(callerOf(request).organizationId, request.params.id);
      if (invalid) throw invalid;
      const since = new Date(request.body.since);
      if (Number.isNaN(since.getTime()))
        throw invalidField(['body', 'since'], 'Input should be a valid datetime');
      const redelivered = await redeliverSince(db, endpoint.id, since);
      if (redelivered > 0 && endpoint.active && !endpoint.disabled_at)
        await ensureWebhookDeliverer(temporal, endpoint.id);
      return { redelivered };
    },
  );

  app.post(
    '/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a `webhook.test` event to the endpoint, signed and delivered like any other',
        params: EndpointParams,
        description: `At most ${TEST_EVENTS_PER_ENDPOINT.limit} per endpoint and ${TEST_EVENTS_PER_ORGANIZATION.limit} per organization in a sliding minute; past that 429 \`too_many_attempts\` with \`Retry-After\`.`,
        response: { 200: TestEventSent, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const organizationId = callerOf(request).organizationId;
      const endpoint = await endpointOf(organizationId, request.params.id);
      if (!endpoint.active || endpoint.disabled_at)
        throw conflict(
          'webhook_endpoint_inactive',
          'The endpoint is inactive or disabled and receives nothing; activate it first (PUT with active: true).',
        );
      const reservation = await reserveAttempt(db, [
        { bucket: 'webhook_test_endpoint', key: String(endpoint.id), ...TEST_EVENTS_PER_ENDPOINT },
        { bucket: 'webhook_test_organization', key: String(organizationId), ...TEST_EVENTS_PER_ORGANIZATION },
      ]);
      if ('retryAfterSeconds' in reservation)
        throw tooManyAttempts(reservation.retryAfterSeconds, 'Too many test events');
      const sent = await recordTestEvent(db, { id: endpoint.id, organization_id: organizationId });
      await ensureWebhookDeliverer(temporal, endpoint.id);
      return { event_id: sent.eventId, delivery_id: sent.deliveryId };
    },
  );
};

function presentDelivery(delivery: LoggedDelivery) {
  return {
    id: delivery.id,
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    event_created_at: delivery.event_created_at.toISOString(),
    state: delivery.state,
    sequence: delivery.sequence,
    order_key: delivery.order_key,
    attempt_count: delivery.attempt_count,
    next_attempt_at: delivery.state === 'pending' ? delivery.next_attempt_at.toISOString() : null,
    delivered_at: delivery.delivered_at?.toISOString() ?? null,
    last_status_code: delivery.last_status_code,
    last_error: delivery.last_error,
    created_at: delivery.created_at.toISOString(),
    attempts: delivery.attempts.map((attempt) => ({
      id: attempt.id,
      attempted_at: attempt.attempted_at.toISOString(),
      status_code: attempt.status_code,
      latency_ms: attempt.latency_ms,
      error: attempt.error,
    })),
  };
}

export default webhookDeliveryRoutes;
