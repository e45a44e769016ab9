import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { findAgentNameOfRun } from '../../../db/repositories/runs';
import { destinationPolicy } from '../../../net/outbound-destinations';
import { ProviderRequestError } from '../../../providers/provider-errors';
import type { AnswerInput, VendorAdapter } from '../../../providers/adapter';
import { adapterFor } from '../../../providers/registry';
import { mediaStreamUrl } from '../../../providers/webhook-urls';
import { serviceUnavailable } from '../../errors';
import { Id } from '../common-schemas';
import {
  authenticateAttemptCallback,
  authenticateConfigurationWebhook,
  noWebhooksFor,
} from '../../telephony/webhook-auth';
import { registerRawBodyParsers } from '../../telephony/webhook-request';
import { inboundDesk } from '../../telephony/inbound-calls';
import machineDetectionRoutes from './machine-detection';
import transferRoutes from './transfer';

/**
 * Calls arriving at our numbers (the URL a number's inbound webhook is synced to), the instructions for answered
 * outbound calls and (machine-detection.ts) their answering-machine verdicts. Each request is authenticated by the
 * vendor's signature with the key of the configuration (or the attempt's configuration) of the provider in the URL
 * (`webhook-auth.ts`), and only the configuration's own numbers are considered.
 */
const telephonyInboundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db } = app.ctx;
  const destinations = destinationPolicy(config.security.allowedPrivateDestinations);
  registerRawBodyParsers(app);
  await app.register(machineDetectionRoutes);
  await app.register(transferRoutes);

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
      const adapter = adapterFor(provider);
      const inbound = adapter?.inbound;
      // Calls that arrive on a vendor's event stream (Asterisk) have no inbound URL.
      if (!inbound || inbound.style === 'event_stream') throw noWebhooksFor(provider);
      const { credentials, request: webhookRequest } = await authenticateConfigurationWebhook(
        { db, config, log: request.log },
        { provider, configurationId, request },
      );
      const body = objectOf(webhookRequest.body);
      const desk = inboundDesk(
        { db, config },
        { organizationId: credentials.organizationId, configurationId, provider },
        request.log.child({ provider, telephony_configuration_id: configurationId }),
      );
      if (inbound.style === 'call_control') {
        // Call Control: every event of the call comes here and is answered with commands, not instructions.
        const step = await inbound
          .handleEvent({ credentials, body, destinations }, desk)
          .catch((error: unknown) => {
            if (error instanceof ProviderRequestError)
              throw serviceUnavailable('provider_unavailable', `${error.message}; resend the event.`);
            throw error;
          });
        return { received: true, step };
      }
      const call = inbound.callOf(body);
      const decision = await desk.decide(call);
      const answer = decision.accepted
        ? inbound.answer(answerInput(adapter!, decision.agentName, decision.runId, {}, call.providerCallId))
        : inbound.refuse();
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
      const adapter = adapterFor(provider);
      const inbound = adapter?.inbound;
      const answerOf =
        adapter?.answerOutbound ?? (inbound?.style === 'instructions' ? inbound.answer : undefined);
      if (!adapter || !answerOf) throw noWebhooksFor(provider);
      const { attempt, request: webhookRequest } = await authenticateAttemptCallback(
        { db, config, log: request.log },
        { provider, attemptId, token: request.query.token, request },
      );
      const runId = attempt.run_id;
      const agentName = runId === null ? undefined : await findAgentNameOfRun(db, runId);
      // The call being answered, as the vendor's answer request names it (Vonage's stream carries it).
      const providerCallId =
        inbound?.style === 'instructions' ? inbound.callOf(objectOf(webhookRequest.body)).providerCallId : '';
      const answer = answerOf(
        answerInput(adapter, agentName ?? '', runId, { attempt_id: String(attempt.id) }, providerCallId),
      );
      request.log.info(
        {
          provider,
          attempt_id: attempt.id,
          run_id: runId,
          streamed: adapter.media !== undefined && runId !== null,
        },
        'outbound call answered',
      );
      return reply.type(answer.contentType).send(answer.body);
    },
  );

  /** The call joins its run's media stream when the vendor carries media here; the run id travels with it. */
  function answerInput(
    adapter: VendorAdapter,
    agentName: string,
    runId: number | null,
    parameters: Record<string, string>,
    callId: string,
  ): AnswerInput {
    const providerCallId = callId || null;
    if (runId === null) return { agentName, runId, streamUrl: null, parameters, providerCallId };
    return {
      agentName,
      runId,
      streamUrl: adapter.media ? mediaStreamUrl(config, adapter.name, runId) : null,
      parameters: { run_id: String(runId), ...parameters },
      providerCallId,
    };
  }
};

/** A body that is not a JSON object (a vendor never sends one) reads as empty rather than failing. */
function objectOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

export default telephonyInboundRoutes;
