/** Request and response schemas of tools: Dograh's field names (`api/schemas/tool.py`). */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TOOL_CATEGORIES } from '../../../tools/definition-schemas';
import { Name } from '../common-schemas';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MAX_TOOL_DESCRIPTION_LENGTH = 4000;

export const ToolParams = Type.Object({ tool_uuid: Type.String({ format: 'uuid' }) });

export const ToolListQuery = Type.Object({
  status: Type.Optional(
    Type.String({
      maxLength: 100,
      description: '`active`, `archived`, `draft`, or several comma-separated.',
    }),
  ),
  category: Type.Optional(Type.String({ maxLength: 50, description: TOOL_CATEGORIES.join(', ') })),
});
export type ToolListQuery = Static<typeof ToolListQuery>;

const Category = Type.Unsafe<(typeof TOOL_CATEGORIES)[number]>({
  type: 'string',
  enum: [...TOOL_CATEGORIES],
  description: "Dograh's categories but `native` and `integration` (placeholders in Dograh).",
});

const Definition = Type.Object(
  {
    schema_version: Type.Optional(Type.Integer({ description: '1 (the only version).' })),
    type: Category,
    config: Type.Optional(
      Type.Object(
        {},
        { additionalProperties: true, description: 'The configuration of `type` (docs/api.md).' },
      ),
    ),
  },
  {
    additionalProperties: true,
    description:
      "Dograh's typed definition. Every field of `config` is checked against its type's schema; a field Dograh does " +
      'not have, or one nothing here acts on (recorded audio), is 422 `extra_forbidden`.',
  },
);

const Description = Nullable(Type.String({ maxLength: MAX_TOOL_DESCRIPTION_LENGTH }));
const Icon = Nullable(Type.String({ maxLength: 50 }));
const IconColor = Nullable(
  Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: 'A hex color, `#3B82F6`.' }),
);

export const CreateToolBody = Type.Object({
  name: Name(255, { description: 'Also the LLM function name (lower case, other characters `_`).' }),
  description: Type.Optional(Description),
  category: Type.Optional(Category),
  icon: Type.Optional(Icon),
  icon_color: Type.Optional(IconColor),
  definition: Definition,
});
export type CreateToolBody = Static<typeof CreateToolBody>;

export const UpdateToolBody = Type.Object({
  name: Type.Optional(Nullable(Name(255))),
  description: Type.Optional(Description),
  icon: Type.Optional(Icon),
  icon_color: Type.Optional(IconColor),
  definition: Type.Optional(Nullable(Definition)),
  status: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
});
export type UpdateToolBody = Static<typeof UpdateToolBody>;

export const Tool = Type.Object({
  id: Type.Integer(),
  tool_uuid: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: Nullable(Type.String()),
  category: Type.String(),
  icon: Nullable(Type.String()),
  icon_color: Nullable(Type.String()),
  status: Type.String(),
  definition: Type.Record(Type.String(), Type.Unknown()),
  created_at: Timestamp,
  updated_at: Nullable(Timestamp),
  created_by: Nullable(Type.Object({ id: Type.Integer(), provider_id: Type.String() })),
});
export type Tool = Static<typeof Tool>;

export const ToolList = Type.Array(Tool);

export const ArchivedTool = Type.Object({
  status: Type.Literal('archived'),
  tool_uuid: Type.String({ format: 'uuid' }),
});

export const ToolTestBody = Type.Object({
  llm_params: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      maxProperties: 50,
      description: 'Values the LLM would give.',
    }),
  ),
  preset_params: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      maxProperties: 50,
      description: 'Preset parameter values as they are (their templates are not filled in a test).',
    }),
  ),
});
export type ToolTestBody = Static<typeof ToolTestBody>;

export const ToolTestResponse = Type.Object({
  status: Type.Union([Type.Literal('success'), Type.Literal('error')]),
  status_code: Nullable(Type.Integer()),
  data: Type.Unknown({ description: 'The answer: its JSON, or its text (cut at 8 KiB).' }),
  truncated: Type.Boolean({ description: 'Ours: the answer was longer than 8 KiB and `data` is its start.' }),
  error: Nullable(Type.String()),
  hint: Nullable(Type.String()),
  request_method: Type.String(),
  request_url: Type.String(),
  request_headers: Type.Record(Type.String(), Type.String(), {
    description: "As sent, the credential's values masked.",
  }),
  request_body: Type.Unknown({ description: 'The JSON body (POST, PUT, PATCH); null otherwise.' }),
  request_params: Nullable(Type.Record(Type.String(), Type.String())),
  duration_ms: Type.Integer(),
});
export type ToolTestResponse = Static<typeof ToolTestResponse>;

export const McpRefreshResponse = Type.Object({
  tool_uuid: Type.String({ format: 'uuid' }),
  discovered_tools: Type.Array(Type.Object({ name: Type.String(), description: Nullable(Type.String()) })),
  error: Nullable(Type.String()),
});
export type McpRefreshResponse = Static<typeof McpRefreshResponse>;
