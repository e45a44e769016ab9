import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { storeReportedOutcome } from '../../../client/attempt-outcomes';
import { invalidField, serviceUnavailable } from '../../errors';
import { destinationPolicy } from '../../../net/outbound-destinations';
import { ProviderRequestError } from '../../../providers/provider-errors';
import { Id } from '../common-schemas';
import { adapterFor } from '../../../providers/registry';
import { recordMachineVerdict } from '../../telephony/machine-verdicts';
import { authenticateAttemptCallback } from '../../telephony/webhook-auth';
import { registerRawBodyParsers } from '../../telephony/webhook-request';

const Ack = Type.Object({ received: Type.Boolean(), recorded: Type.Boolean() });

/**
 * Status callbacks from telephony providers. The URL carries our attempt id and a token we signed for it, so a
 * callback can only ever change the attempt it was issued for; the vendor's signature with the key of the attempt's
 * own configuration proves who sent it (`webhook-auth.ts`). Idempotent: providers resend.
 */
const telephonyStatusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db, temporal } = app.ctx;
  const destinations = destinationPolicy(config.security.allowedPrivateDestinations);
  registerRawBodyParsers(app);

  app.post(
    '/:provider/:attemptId',
    {
      config: { public: true },
      schema: {
        tags: ['telephony'],
        summary: 'Status callback of a placed call (called by the provider)',
        params: Type.Object({ provider: Type.String({ maxLength: 32 }), attemptId: Id() }),
        querystring: Type.Object({ token: Type.String({ minLength: 1 }) }),
        response: { 200: Ack },
      },
    },
    async (request) => {
      const { provider, attemptId } = request.params;
      const log = request.log.child({ provider, attempt_id: attemptId });
      const {
        attempt,
        webhook,
        credentials,
        request: webhookRequest,
      } = await authenticateAttemptCallback(
        { db, config, log },
        { provider, attemptId, token: request.query.token, request },
      );
      const status = webhook.parse(webhookRequest);
      if (!status) {
        // Telnyx and Vonage report the answering-machine verdict among the call's status events.
        const verdict = adapterFor(provider)?.machineDetection?.parse(webhookRequest);
        if (verdict) return recordMachineVerdict({ db, temporal, log }, attempt, verdict);
        throw invalidField(['body'], 'Not a status callback of this provider.');
      }
      const otherCall =
        status.state !== 'not_found' &&
        attempt.provider_call_id !== null &&
        attempt.provider_call_id !== status.providerCallId;
      if (otherCall) {
        log.warn(
          { provider_call_id: status.providerCallId },
          'status callback for another call of this attempt ignored',
        );
        return { received: true, recorded: false };
      }
      if (status.state !== 'ended') {
        // Some vendors' calls wait for a command on an event (Telnyx: hang up once the media stream is over).
        if (webhook.commandOn && credentials)
          await webhook
            .commandOn({ credentials, body: webhookRequest.body, destinations, log })
            .catch((error: unknown) => {
              if (error instanceof ProviderRequestError)
                throw serviceUnavailable('provider_unavailable', `${error.message}; resend the event.`);
              throw error;
            });
        return { received: true, recorded: false };
      }

      const recorded = await storeReportedOutcome(
        { db, temporal },
        {
          attemptId,
          outcome: status.outcome,
          providerStatus: status.rawStatus,
          providerCause: status.cause,
          durationSeconds: status.durationSeconds,
          providerCallId: status.providerCallId,
        },
      );
      log.info(
        {
          outcome: status.outcome,
          changed: recorded.changed,
          campaign_id: recorded.campaignId,
          contact_id: recorded.contactId,
          run_id: recorded.runId,
        },
        'call status received',
      );
      return { received: true, recorded: recorded.changed };
    },
  );
};

export default telephonyStatusRoutes;
