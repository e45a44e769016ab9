/**
 * `GET /organizations/capabilities`: what this deployment can do for the caller's organization, for the dashboard's
 * banners (docs/api.md, "Capabilities"). Today: whether an LLM is configured, by the operator (`LLM_BASE_URL` /
 * `LLM_API_KEY`) or in one of the organization's voice configurations; without one only scripted agents talk.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { hasVoiceConfigurationLlm } from '../../../db/repositories/voice-configurations';
import { callerOf } from '../../plugins/authenticate';

const Capabilities = Type.Object({
  llm: Type.Object({
    configured: Type.Boolean({
      description: 'An LLM answers for this organization: agents with LLM steps talk.',
    }),
    source: Type.Union([Type.Literal('deployment'), Type.Literal('voice_configuration'), Type.Null()], {
      description:
        "Where: the operator's settings, else one of the organization's voice configurations; null without one.",
    }),
  }),
});

const capabilitiesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(
    '/',
    {
      schema: {
        tags: ['organizations'],
        summary: 'What this deployment can do for the organization (whether an LLM is configured)',
        response: { 200: Capabilities },
      },
    },
    async (request) => {
      const source: 'deployment' | 'voice_configuration' | null =
        ctx.config.llm !== null
          ? 'deployment'
          : (await hasVoiceConfigurationLlm(ctx.db, callerOf(request).organizationId))
            ? 'voice_configuration'
            : null;
      return { llm: { configured: source !== null, source } };
    },
  );
};

export default capabilitiesRoutes;
