import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isValidStatusToken } from '../../../engine/status-callbacks';
import { ProviderRequestError } from '../../../providers/provider-errors';
import type { TelnyxWebhook } from '../../../providers/telnyx/telnyx-status';
import { HttpError, serviceUnavailable } from '../../errors';
import { statusWebhooks } from '../telephony-status/status-parsers';
import {
  loadWebhookCredentials,
  registerRawBodyParsers,
  webhookRequestOf,
  type WebhookCredentials,
} from '../telephony-status/webhook-request';
import { REFUSAL_MESSAGE, acceptInboundCall } from './inbound-calls';
import { handleTelnyxInboundEvent } from './telnyx-inbound';
import { inboundCallOf, answerInstructions, refusalInstructions } from './vendor-answers';

/**
 * Calls arriving at our numbers (the URL a number's inbound webhook is synced to) and the instructions for
 * answered outbound calls. Each request is authenticated by the vendor's signature with the configuration's
 * secret, and only the configuration's own numbers are considered.
 */
const telephonyInboundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db } = app.ctx;
  registerRawBodyParsers(app);

  const verified = async (
    provider: string,
    configurationId: number | null,
    request: Parameters<typeof webhookRequestOf>[0],
  ): Promise<WebhookCredentials> => {
    const webhook = statusWebhooks[provider];
    if (!webhook)
      throw new HttpError(404, 'provider_not_found', `No call webhooks for provider '${provider}'.`);
    const credentials =
      configurationId === null
        ? undefined
        : await loadWebhookCredentials(db, config.appSecret, configurationId);
    if (!credentials || !webhook.verify(webhookRequestOf(request, config.http.publicBaseUrl), credentials))
      throw new HttpError(403, 'invalid_signature', 'The provider signature of this request does not match.');
    return credentials;
  };

  app.post(
    '/inbound/:provider/:configurationId',
    {
      config: { public: true },
      schema: {
        tags: ['telephony'],
        summary: 'Inbound call to one of our numbers (called by the provider)',
        params: Type.Object({ provider: Type.String(), configurationId: Type.Integer({ minimum: 1 }) }),
      },
    },
    async (request, reply) => {
      const { provider, configurationId } = request.params;
      if (provider === 'telnyx') {
        // Call Control: every event of the call comes here and is answered with commands, not instructions.
        const credentials = await verified(provider, configurationId, request);
        const step = await handleTelnyxInboundEvent(
          { db, logger: request.log },
          { configurationId, credentials, body: request.body as TelnyxWebhook },
        ).catch((error: unknown) => {
          if (error instanceof ProviderRequestError)
            throw serviceUnavailable('provider_unavailable', `${error.message}; resend the event.`);
          throw error;
        });
        return { received: true, step };
      }
      if (!inboundCallOf[provider] || !answerInstructions[provider])
        throw new HttpError(404, 'provider_not_found', `No inbound call webhook for provider '${provider}'.`);
      const credentials = await verified(provider, configurationId, request);
      const call = inboundCallOf[provider]!(request.body as Record<string, unknown>);
      const decision = await acceptInboundCall(db, {
        ...call,
        organizationId: credentials.organizationId,
        configurationId,
        provider,
      });
      request.log.info({ provider, configuration_id: configurationId, ...decision }, 'inbound call');
      const answer = decision.accepted
        ? answerInstructions[provider]!(decision.agentName)
        : refusalInstructions[provider]!(REFUSAL_MESSAGE);
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
        params: Type.Object({ provider: Type.String(), attemptId: Type.Integer({ minimum: 1 }) }),
        querystring: Type.Object({ token: Type.String({ minLength: 1 }) }),
      },
    },
    async (request, reply) => {
      const { provider, attemptId } = request.params;
      if (!answerInstructions[provider])
        throw new HttpError(404, 'provider_not_found', `No answer webhook for provider '${provider}'.`);
      if (!isValidStatusToken(config, provider, attemptId, request.query.token))
        throw new HttpError(403, 'invalid_signature', 'This request was not issued for that attempt.');
      const attempt = await db
        .selectFrom('attempts as t')
        .leftJoin('runs as r', 'r.id', 't.run_id')
        .leftJoin('agents as a', 'a.id', 'r.workflow_id')
        .select(['t.telephony_configuration_id', 'a.name as agent_name'])
        .where('t.id', '=', attemptId)
        .where('t.provider', '=', provider)
        .executeTakeFirst();
      if (!attempt) throw new HttpError(404, 'attempt_not_found', 'No such attempt.');
      await verified(provider, attempt.telephony_configuration_id, request);
      const answer = answerInstructions[provider]!(attempt.agent_name ?? '');
      return reply.type(answer.contentType).send(answer.body);
    },
  );
};

export default telephonyInboundRoutes;
