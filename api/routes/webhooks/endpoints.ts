/** Webhook endpoints of the caller's organization: where events are sent, with which secret (docs/events.md). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../common-schemas';
import { listWebhookEndpoints } from '../../../db/repositories/webhook-endpoints';
import { callerOf } from '../../plugins/authenticate';
import {
  CreateWebhookEndpointBody,
  MAX_ENDPOINTS_PER_ORGANIZATION,
  UpdateWebhookEndpointBody,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointParams,
  WebhookEndpointWithSecret,
} from './endpoint-schemas';
import { createEndpointService, presentEndpoint } from './endpoint-service';

const tags = ['Webhooks'];

const webhookEndpointRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const endpoints = createEndpointService(app.ctx);

  app.get(
    '/',
    { schema: { tags, summary: 'List webhook endpoints', response: { 200: WebhookEndpointList } } },
    async (request) => {
      const rows = await listWebhookEndpoints(app.ctx.db, callerOf(request).organizationId);
      return { endpoints: rows.map(presentEndpoint) };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a webhook endpoint',
        description:
          'Answers the signing `secret`, the only time it is shown. `events`: types of the catalogue or `["*"]`. ' +
          `At most ${MAX_ENDPOINTS_PER_ORGANIZATION} endpoints per organization (409 webhook_endpoint_limit_reached). ` +
          'A URL leading to a loopback, link-local or private address: 422 destination_not_allowed.',
        body: CreateWebhookEndpointBody,
        response: { 201: WebhookEndpointWithSecret, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const { row, secret } = await endpoints.create(
        callerOf(request).organizationId,
        request.body,
        request.log,
      );
      return reply.status(201).send({ ...presentEndpoint(row), secret });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Get a webhook endpoint',
        params: WebhookEndpointParams,
        response: { 200: WebhookEndpoint, 404: ErrorBody },
      },
    },
    async (request) =>
      presentEndpoint(await endpoints.get(callerOf(request).organizationId, request.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Update a webhook endpoint',
        description:
          'Partial: only the sent fields change. `active: true` on an inactive or disabled endpoint re-activates it ' +
          '(clears `disabled_at` and `failing_since`); its pending deliveries then go out.',
        params: WebhookEndpointParams,
        body: UpdateWebhookEndpointBody,
        response: { 200: WebhookEndpoint, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) =>
      presentEndpoint(
        await endpoints.update(
          callerOf(request).organizationId,
          request.params.id,
          request.body,
          request.log,
        ),
      ),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint',
        description: 'Its pending deliveries and delivery log go with it.',
        params: WebhookEndpointParams,
        response: { 204: Type.Null(), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await endpoints.remove(callerOf(request).organizationId, request.params.id, request.log);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: "Rotate a webhook endpoint's signing secret",
        description:
          'Answers the new `secret`, the only time it is shown. For 24 hours requests carry signatures under both ' +
          'the new and the previous secret (`previous_secret_expires_at`).',
        params: WebhookEndpointParams,
        response: { 200: WebhookEndpointWithSecret, 404: ErrorBody },
      },
    },
    async (request) => {
      const { row, secret } = await endpoints.rotateSecret(
        callerOf(request).organizationId,
        request.params.id,
        request.log,
      );
      return { ...presentEndpoint(row), secret };
    },
  );
};

export default webhookEndpointRoutes;
