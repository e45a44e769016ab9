import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { adapterFor } from '../../../providers/registry';
import { invalidField } from '../../errors';
import { recordMachineVerdict } from '../../telephony/machine-verdicts';
import { authenticateAttemptCallback, noWebhooksFor } from '../../telephony/webhook-auth';
import { Id } from '../common-schemas';

const Ack = Type.Object({ received: Type.Boolean(), recorded: Type.Boolean() });

/**
 * Asynchronous answering-machine verdicts (Twilio `AsyncAmdStatusCallback`): authenticated as status callbacks are
 * (our attempt token, then the vendor's signature with the attempt's configuration key), stored on the attempt; a
 * machine is announced to the media process, whose agent then leaves its message and hangs up. The call's outcome
 * still comes from the status callback (engine/record-outcome.ts reads the stored verdict); a machine verdict that
 * comes after it settled the call `completed` makes it `voicemail` (engine/late-machine-verdict.ts). Idempotent.
 */
const machineDetectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db, temporal } = app.ctx;

  app.post(
    '/amd/:provider/:attemptId',
    {
      config: { public: true },
      schema: {
        tags: ['telephony'],
        summary: 'Answering-machine verdict of a placed call (called by the provider)',
        params: Type.Object({ provider: Type.String({ maxLength: 32 }), attemptId: Id() }),
        querystring: Type.Object({ token: Type.String({ minLength: 1 }) }),
        response: { 200: Ack },
      },
    },
    async (request) => {
      const { provider, attemptId } = request.params;
      const machineDetection = adapterFor(provider)?.machineDetection;
      if (!machineDetection) throw noWebhooksFor(provider);
      const log = request.log.child({ provider, attempt_id: attemptId });
      const { attempt, request: webhookRequest } = await authenticateAttemptCallback(
        { db, config, log },
        { provider, attemptId, token: request.query.token, request },
      );
      const verdict = machineDetection.parse(webhookRequest);
      if (!verdict) throw invalidField(['body'], 'Not an answering-machine report of this provider.');
      return recordMachineVerdict({ db, temporal, log }, attempt, verdict);
    },
  );
};

export default machineDetectionRoutes;
