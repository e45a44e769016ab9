import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notifyOutcomeStored } from '../../../client/one-off-calls';
import { isValidStatusToken } from '../../../engine/status-callbacks';
import { recordAttemptOutcome } from '../../../engine/record-outcome';
import { HttpError, invalidField } from '../../errors';
import { startAriListener } from './ari-listener';
import { statusWebhooks } from './status-parsers';
import { loadWebhookCredentials, registerRawBodyParsers, webhookRequestOf } from './webhook-request';

const Ack = Type.Object({ received: Type.Boolean(), recorded: Type.Boolean() });

/**
 * Status callbacks from telephony providers. The URL carries our attempt id and a token we signed for it, so a
 * callback can only ever change the attempt it was issued for. Idempotent: providers resend.
 */
const telephonyStatusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db, temporal } = app.ctx;
  registerRawBodyParsers(app);

  // Asterisk has no status webhooks: its events stream is followed from here, the process that receives webhooks.
  let ariListener: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    ariListener = startAriListener(app.ctx);
  });
  app.addHook('onClose', async () => ariListener?.stop());

  app.post(
    '/:provider/:attemptId',
    {
      config: { public: true },
      schema: {
        tags: ['telephony'],
        summary: 'Status callback of a placed call (called by the provider)',
        params: Type.Object({ provider: Type.String(), attemptId: Type.Integer({ minimum: 1 }) }),
        querystring: Type.Object({ token: Type.String({ minLength: 1 }) }),
        response: { 200: Ack },
      },
    },
    async (request) => {
      const { provider, attemptId } = request.params;
      const log = request.log.child({ provider, attempt_id: attemptId });
      if (!isValidStatusToken(config, provider, attemptId, request.query.token)) {
        throw new HttpError(403, 'invalid_signature', 'This callback was not issued for that attempt.');
      }
      const webhook = statusWebhooks[provider];
      if (!webhook)
        throw new HttpError(404, 'provider_not_found', `No status callbacks for provider '${provider}'.`);

      const attempt = await db
        .selectFrom('attempts')
        .select(['id', 'provider', 'provider_call_id', 'campaign_id', 'telephony_configuration_id'])
        .where('id', '=', attemptId)
        .executeTakeFirst();
      if (!attempt || attempt.provider !== provider)
        throw new HttpError(404, 'attempt_not_found', 'No such attempt.');
      const webhookRequest = webhookRequestOf(request, config.http.publicBaseUrl);
      // No configuration left means no secret to check against: only unsigned (simulator) callbacks pass.
      const credentials = (attempt.telephony_configuration_id !== null &&
        (await loadWebhookCredentials(db, config.appSecret, attempt.telephony_configuration_id))) || {
        organizationId: 0,
        config: {},
        secrets: {},
      };
      if (!webhook.verify(webhookRequest, credentials)) {
        log.warn('status callback with a bad vendor signature refused');
        throw new HttpError(
          403,
          'invalid_signature',
          'The provider signature of this callback does not match.',
        );
      }
      const status = webhook.parse(webhookRequest);
      if (!status) throw invalidField(['body'], 'Not a status callback of this provider.');
      if (status.state !== 'ended') return { received: true, recorded: false };
      if (attempt.provider_call_id !== null && attempt.provider_call_id !== status.providerCallId) {
        log.warn(
          { provider_call_id: status.providerCallId },
          'status callback for another call of this attempt ignored',
        );
        return { received: true, recorded: false };
      }

      const recorded = await recordAttemptOutcome(db, {
        attemptId,
        outcome: status.outcome,
        providerStatus: status.rawStatus,
        providerCause: status.cause,
        durationSeconds: status.durationSeconds,
        providerCallId: status.providerCallId,
      });
      log.info(
        { outcome: status.outcome, changed: recorded.changed, campaign_id: recorded.campaignId },
        'call status received',
      );
      // Signalled on every delivery, not only the first: a resend after a failed signal must still wake the workflow.
      await notifyOutcomeStored(temporal, recorded);
      return { received: true, recorded: recorded.changed };
    },
  );
};

export default telephonyStatusRoutes;
