import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { findAgentNameOfRun } from '../../../db/repositories/runs';
import { destinationPolicy } from '../../../net/outbound-destinations';
import { ProviderRequestError } from '../../../providers/provider-errors';
import type { TelnyxWebhook } from '../../../providers/telnyx/telnyx-status';
import { serviceUnavailable } from '../../errors';
import { Id } from '../common-schemas';
import {
  authenticateAttemptCallback,
  authenticateConfigurationWebhook,
  byProvider,
  noWebhooksFor,
} from '../telephony-status/webhook-auth';
import { registerRawBodyParsers } from '../telephony-status/webhook-request';
import { REFUSAL_MESSAGE, acceptInboundCall } from './inbound-calls';
import { handleTelnyxInboundEvent } from './telnyx-inbound';
import { inboundCallOf, answerInstructions, refusalInstructions } from './vendor-answers';

/**
 * Calls arriving at our numbers (the URL a number's inbound webhook is synced to) and the instructions for
 * answered outbound calls. Each request is authenticated by the vendor's signature with the key of the configuration
 * (or the attempt's configuration) of the provider in the URL (`webhook-auth.ts`), and only the configuration's own
 * numbers are considered.
 */
const telephonyInboundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db } = app.ctx;
  const destinations = destinationPolicy(config.security.allowedPrivateDestinations);
  registerRawBodyParsers(app);

  app.post(
    '/inbound/:provider/:configurationId',
    {
      config: { public: true },
      schema: {
        tags: ['telephony'],
        summary: 'Inbound call to one of our numbers (called by the provider)',
        params: Type.Object({ provider: Type.String({ maxLength: 32 }), configurationId: Id() }),
      },
    },
    async (request, reply) => {
      const { provider, configurationId } = request.params;
      const isCallControl = provider === 'telnyx';
      const callOf = byProvider(inboundCallOf, provider);
      const answerOf = byProvider(answerInstructions, provider);
      const refusalOf = byProvider(refusalInstructions, provider);
      if (!isCallControl && (!callOf || !answerOf || !refusalOf)) throw noWebhooksFor(provider);
      const { credentials, request: webhookRequest } = await authenticateConfigurationWebhook(
        { db, config, log: request.log },
        { provider, configurationId, request },
      );
      const body = objectOf(webhookRequest.body);
      if (isCallControl) {
        // Call Control: every event of the call comes here and is answered with commands, not instructions.
        const step = await handleTelnyxInboundEvent(
          { db, logger: request.log, destinations },
          { configurationId, credentials, body: body as TelnyxWebhook },
        ).catch((error: unknown) => {
          if (error instanceof ProviderRequestError)
            throw serviceUnavailable('provider_unavailable', `${error.message}; resend the event.`);
          throw error;
        });
        return { received: true, step };
      }
      const call = callOf!(body);
      const decision = await acceptInboundCall(db, {
        ...call,
        organizationId: credentials.organizationId,
        configurationId,
        provider,
      });
      request.log.info({ provider, configuration_id: configurationId, ...decision }, 'inbound call');
      const answer = decision.accepted ? answerOf!(decision.agentName) : refusalOf!(REFUSAL_MESSAGE);
      return reply.type(answer.contentType).send(answer.body);
    },
  );

  app.post(
    '/answer/:provider/:attemptId',
    {
      config: { public: true },
      schema: {
        tags: ['telephony'],
        summary: 'Instructions for an answered outbound call (called by the provider)',
        params: Type.Object({ provider: Type.String({ maxLength: 32 }), attemptId: Id() }),
        querystring: Type.Object({ token: Type.String({ minLength: 1 }) }),
      },
    },
    async (request, reply) => {
      const { provider, attemptId } = request.params;
      const answerOf = byProvider(answerInstructions, provider);
      if (!answerOf) throw noWebhooksFor(provider);
      const { attempt } = await authenticateAttemptCallback(
        { db, config, log: request.log },
        { provider, attemptId, token: request.query.token, request },
      );
      const agentName = attempt.run_id === null ? undefined : await findAgentNameOfRun(db, attempt.run_id);
      const answer = answerOf(agentName ?? '');
      return reply.type(answer.contentType).send(answer.body);
    },
  );
};

/** A body that is not a JSON object (a vendor never sends one) reads as empty rather than failing. */
function objectOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

export default telephonyInboundRoutes;
