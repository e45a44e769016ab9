import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { withConfigurationDefaults } from '../../../agents/settings';
import { generateAgentTemplate, TemplateGenerationError } from '../../../agents/template-generator';
import { createAgent, findAgent } from '../../../db/repositories/agents';
import { createLanguageModel, LlmUnavailableError } from '../../../llm';
import { HttpError } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { AgentBody } from '../agents/schemas';
import { presentAgent } from '../agents/present';
import { errorResponses } from '../auth/schemas';
import { Name } from '../common-schemas';

const TemplateBody = Type.Object(
  {
    call_type: Type.Union([Type.Literal('inbound'), Type.Literal('outbound')]),
    use_case: Type.String({ minLength: 1, maxLength: 200, description: 'e.g. "appointment reminders"' }),
    activity_description: Type.String({
      minLength: 1,
      maxLength: 8000,
      description: 'What the agent should do on a call, in plain language.',
    }),
    name: Type.Optional(
      Name(255, { description: "The agent's name; without it the generator names the agent." }),
    ),
  },
  { additionalProperties: false },
);

const UpstreamError = Type.Object(
  { detail: Type.String(), message: Type.String() },
  { description: '`llm_unavailable` or `template_generation_failed`; nothing was saved.' },
);

/** `POST /workflow/create/template`: an agent generated from a description (LLM, or built-in without one). */
const agentTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, logger } = app.ctx;
  const llm = createLanguageModel(config);

  app.post(
    '/create/template',
    {
      schema: {
        tags: ['agents'],
        summary: 'Create an agent from a description; the result is a normal, editable agent',
        description:
          'With an LLM configured the definition comes from the LLM (structured output, validated by the graph ' +
          'validator, repaired or regenerated in bounded attempts); without one a built-in generator makes it. ' +
          '`workflow_configurations.generator` says which (`llm` or `builtin`).',
        body: TemplateBody,
        response: { 201: AgentBody, 502: UpstreamError, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { name, ...input } = request.body;
      let result;
      try {
        result = await generateAgentTemplate(input, llm, config.llm?.templateAttempts ?? 1);
      } catch (error) {
        if (error instanceof LlmUnavailableError) {
          logger.warn(
            { err: error, organization_id: caller.organizationId },
            'template generation: LLM unavailable',
          );
          throw new HttpError(
            502,
            'llm_unavailable',
            'The language model could not be reached; no agent was created.',
          );
        }
        if (error instanceof TemplateGenerationError) {
          logger.warn(
            { problems: error.lastProblems, attempts: error.attempts },
            'template generation failed',
          );
          throw new HttpError(
            502,
            'template_generation_failed',
            `The language model gave no valid agent in ${error.attempts} attempts; no agent was created.`,
          );
        }
        throw error;
      }
      const { agent } = result;
      const id = await createAgent(db, caller.organizationId, {
        name: name?.trim() ?? agent.name,
        callType: input.call_type,
        definition: agent.definition as Record<string, unknown>,
        templateContextVariables: agent.templateContextVariables,
        configurations: withConfigurationDefaults({
          generator: agent.generator,
          ...(result.model && { generator_model: result.model }),
        }),
        callDispositionCodes: agent.callDispositionCodes,
      });
      const saved = await findAgent(db, caller.organizationId, id);
      return reply.status(201).send(presentAgent(saved!));
    },
  );
};

export default agentTemplateRoutes;
