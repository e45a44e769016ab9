import { Type, type Static } from '@sinclair/typebox';

/** The per-agent settings beside the graph: call limits, disposition codes and template variables. */

export const DEFAULT_MAX_CALL_DURATION_SECONDS = 1800;
export const MAX_CALL_DURATION_LIMIT_SECONDS = 86_400;

export const AgentConfigurationsSchema = Type.Object(
  {
    max_call_duration_seconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_CALL_DURATION_LIMIT_SECONDS,
        description: `A call that runs longer is ended (default ${DEFAULT_MAX_CALL_DURATION_SECONDS}).`,
      }),
    ),
  },
  { additionalProperties: true, description: 'Known keys are validated; further keys are kept as sent.' },
);
export type AgentConfigurations = Static<typeof AgentConfigurationsSchema> & {
  max_call_duration_seconds: number;
};

export const CallDispositionCodesSchema = Type.Object({
  disposition_codes: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    uniqueItems: true,
    maxItems: 200,
    description: 'The codes the agent may assign to a call, e.g. ["interested", "callback"].',
  }),
});
export type CallDispositionCodes = Static<typeof CallDispositionCodesSchema>;

export const TemplateContextVariablesSchema = Type.Record(Type.String(), Type.Unknown(), {
  description:
    'Default values of the template variables used in prompts; a call’s initial_context overrides them.',
});

/** The configurations with their defaults filled in, as stored and as the engine reads them. */
export function withConfigurationDefaults(
  configurations: Record<string, unknown> | null | undefined,
): AgentConfigurations {
  const given = configurations ?? {};
  const duration = given.max_call_duration_seconds;
  return {
    ...given,
    max_call_duration_seconds:
      typeof duration === 'number' && Number.isInteger(duration) && duration > 0
        ? duration
        : DEFAULT_MAX_CALL_DURATION_SECONDS,
  };
}
