import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { adapterFor } from '../../../providers/registry';
import { invalidField } from '../../errors';
import { authenticateConfigurationWebhook, noWebhooksFor } from '../../telephony/webhook-auth';
import { Id } from '../common-schemas';

/**
 * The instructions a vendor fetches to move a live call to a person (`transferInstructionsUrl`; Plivo's transfer
 * `aleg_url`). The vendor's signature with the configuration's key covers the whole URL, destination included, so
 * only the vendor, for a transfer this service asked for, gets a dial; a changed destination fails the signature.
 */
const transferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db } = app.ctx;

  app.post(
    '/transfer/:provider/:configurationId',
    {
      config: { public: true },
      schema: {
        tags: ['telephony'],
        summary: 'Instructions that move a live call to a person (called by the provider)',
        params: Type.Object({ provider: Type.String({ maxLength: 32 }), configurationId: Id() }),
        querystring: Type.Object({
          to: Type.String({ minLength: 1, maxLength: 256 }),
          caller_id: Type.Optional(Type.String({ maxLength: 32 })),
        }),
      },
    },
    async (request, reply) => {
      const { provider, configurationId } = request.params;
      const transferInstructions = adapterFor(provider)?.transferInstructions;
      if (!transferInstructions) throw noWebhooksFor(provider);
      const log = request.log.child({ provider, telephony_configuration_id: configurationId });
      const { request: webhookRequest } = await authenticateConfigurationWebhook(
        { db, config, log },
        { provider, configurationId, request },
      );
      const instructions = transferInstructions(new URL(webhookRequest.url).searchParams);
      if (!instructions) throw invalidField(['query', 'to'], 'Not a destination this service transfers to.');
      log.info(
        { provider_call_id: textOf(webhookRequest.form.get('CallUUID')) },
        'call transfer instructions served',
      );
      return reply.type(instructions.contentType).send(instructions.body);
    },
  );
};

const textOf = (value: string | null) => (value === null ? null : value.slice(0, 64));

export default transferRoutes;
