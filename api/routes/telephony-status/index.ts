import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notifyAttemptFinished } from '../../../client/campaigns';
import { isValidStatusToken } from '../../../engine/status-callbacks';
import { recordAttemptOutcome } from '../../../engine/record-outcome';
import { HttpError, invalidField } from '../../errors';
import { statusParsers } from './status-parsers';

const Ack = Type.Object({ received: Type.Boolean(), recorded: Type.Boolean() });

/**
 * Status callbacks from telephony providers. The URL carries our attempt id and a token we signed for it, so a
 * callback can only ever change the attempt it was issued for. Idempotent: providers resend.
 */
const telephonyStatusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db, temporal } = app.ctx;

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
      const parse = statusParsers[provider];
      if (!parse)
        throw new HttpError(404, 'provider_not_found', `No status callbacks for provider '${provider}'.`);
      const status = parse(request.body);
      if (!status) throw invalidField(['body'], 'Not a status callback of this provider.');

      const attempt = await db
        .selectFrom('attempts')
        .select(['id', 'provider', 'provider_call_id', 'campaign_id'])
        .where('id', '=', attemptId)
        .executeTakeFirst();
      if (!attempt || attempt.provider !== provider)
        throw new HttpError(404, 'attempt_not_found', 'No such attempt.');
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
      if (recorded.campaignId !== null) await notifyAttemptFinished(temporal, recorded.campaignId, attemptId);
      return { received: true, recorded: recorded.changed };
    },
  );
};

export default telephonyStatusRoutes;
