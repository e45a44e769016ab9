import { Type } from '@sinclair/typebox';
import { AgentDefinitionSchema } from '../../../agents/definition';
import {
  CallDispositionCodesSchema,
  TemplateContextVariablesSchema,
  AgentConfigurationsSchema,
} from '../../../agents/settings';
import { Id, Name } from '../common-schemas';

/** Request and response schemas of the agent (workflow) routes. */

const AgentStatus = Type.Union([Type.Literal('active'), Type.Literal('archived')]);
const CallType = Type.Union([Type.Literal('inbound'), Type.Literal('outbound')]);

export const AgentParams = Type.Object({ workflow_id: Id() });
export const VersionParams = Type.Object({ workflow_id: Id(), definition_id: Id() });

export const ListAgentsQuery = Type.Object({
  status: Type.Optional(
    Type.String({
      pattern: '^\\s*(active|archived)\\s*(,\\s*(active|archived)\\s*)*$',
      description: 'Comma-separated statuses, e.g. `active,archived`; default `active`.',
    }),
  ),
});

// The graph is checked in the handler, not by the body schema, so that every problem of the graph is
// reported in one 422 with its location; the schema here only documents the shape.
const DefinitionInput = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  description: AgentDefinitionSchema.description,
  examples: [
    {
      nodes: [
        {
          id: 'start',
          type: 'startCall',
          position: { x: 0, y: 0 },
          data: { name: 'Greeting', prompt: 'Greet {{first_name}}.' },
        },
        {
          id: 'end',
          type: 'endCall',
          position: { x: 0, y: 200 },
          data: { name: 'Goodbye', prompt: 'Thank them and hang up.' },
        },
      ],
      edges: [
        {
          id: 'e1',
          source: 'start',
          target: 'end',
          data: { label: 'done', condition: 'The caller is done.' },
        },
      ],
    },
  ],
});

export const CreateAgentBody = Type.Object(
  {
    name: Name(255),
    workflow_definition: DefinitionInput,
    call_type: Type.Optional(
      Type.Union([Type.Literal('inbound'), Type.Literal('outbound')], {
        description: 'Default `outbound`; fixed after creation.',
      }),
    ),
    template_context_variables: Type.Optional(TemplateContextVariablesSchema),
    workflow_configurations: Type.Optional(AgentConfigurationsSchema),
    call_disposition_codes: Type.Optional(CallDispositionCodesSchema),
  },
  { additionalProperties: false },
);

export const UpdateAgentBody = Type.Object(
  {
    name: Type.Optional(Name(255)),
    workflow_definition: Type.Optional(DefinitionInput),
    template_context_variables: Type.Optional(TemplateContextVariablesSchema),
    workflow_configurations: Type.Optional(AgentConfigurationsSchema),
    call_disposition_codes: Type.Optional(CallDispositionCodesSchema),
  },
  {
    additionalProperties: false,
    description:
      'Only the fields sent change; each replaces the stored value as a whole. A workflow_definition that ' +
      'differs from the current one becomes a new published version.',
  },
);

export const AgentStatusBody = Type.Object({ status: AgentStatus });

export const AgentBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: AgentStatus,
  call_type: CallType,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  workflow_definition: AgentDefinitionSchema,
  current_definition_id: Type.Integer(),
  version_number: Type.Integer(),
  version_status: Type.Union([Type.Literal('published'), Type.Literal('archived')]),
  template_context_variables: TemplateContextVariablesSchema,
  call_disposition_codes: CallDispositionCodesSchema,
  workflow_configurations: AgentConfigurationsSchema,
  total_runs: Type.Integer(),
  workflow_uuid: Type.String({ format: 'uuid' }),
});

export const AgentSummaryBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: AgentStatus,
  created_at: Type.String({ format: 'date-time' }),
  total_runs: Type.Integer(),
  workflow_uuid: Type.String({ format: 'uuid' }),
});

// Dograh's WorkflowVersionResponse fields (api/routes/workflow.py) beside ours.
export const VersionBody = Type.Object({
  id: Type.Integer(),
  version_number: Type.Integer(),
  status: Type.Union([Type.Literal('published'), Type.Literal('archived')]),
  created_at: Type.String({ format: 'date-time' }),
  published_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: "Dograh's: when the version was published; every version is published when it is saved.",
  }),
  workflow_definition: AgentDefinitionSchema,
  workflow_json: Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: true,
    description: "Dograh's name of the same definition as `workflow_definition`.",
  }),
  workflow_configurations: Type.Union([AgentConfigurationsSchema, Type.Null()], {
    description:
      "The agent's current configurations on the published version; null on archived ones (not kept per version).",
  }),
  template_context_variables: Type.Union([TemplateContextVariablesSchema, Type.Null()], {
    description: "The agent's current template variables on the published version; null on archived ones.",
  }),
});

/** Dograh's shape: a bare array, newest first. */
export const VersionsBody = Type.Array(VersionBody);

export const VersionsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Default: every version.' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000, default: 0 })),
});

export const ValidationErrorBody = Type.Object(
  {
    detail: Type.Array(
      Type.Object({ loc: Type.Array(Type.String()), msg: Type.String(), type: Type.String() }),
    ),
  },
  {
    description:
      'Every problem at once; `loc` points into the request, e.g. body.workflow_definition.nodes.2.',
  },
);
