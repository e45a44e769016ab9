/**
 * Dograh's tool definitions (`api/schemas/tool.py`): `{schema_version, type, config}` per category, with Dograh's
 * field names and defaults. A `null` optional field is absent (Dograh reads the two alike): the checker drops them
 * before these schemas see the definition. Keys Dograh has but nothing here acts on (recorded audio) are left out, so that a
 * definition naming them is refused instead of being stored and ignored; so are keys Dograh does not have.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { ToolCategory } from '../db/database';

export const TOOL_CATEGORIES = ['http_api', 'end_call', 'transfer_call', 'calculator', 'mcp'] as const;
export const TOOL_STATUSES = ['active', 'archived', 'draft'] as const;

/** Longest request a tool may wait for, and the default (Dograh's). */
export const MAX_TIMEOUT_MS = 30_000;
export const DEFAULT_TIMEOUT_MS = 5000;
export const MAX_URL_LENGTH = 2048;
/** Longest `body_template`, as JSON text. */
export const MAX_BODY_TEMPLATE_CHARS = 16 * 1024;

const Text = (maxLength: number) => Type.String({ maxLength });
const Uuid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});
const closed = { additionalProperties: false } as const;

/** A name the LLM fills in or a request body key: what every LLM vendor accepts as a JSON-schema property name. */
export const PARAMETER_NAME = '^[A-Za-z_][A-Za-z0-9_]{0,63}$';
const ParameterType = Type.Union(
  ['string', 'number', 'boolean', 'object', 'array'].map((t) => Type.Literal(t)),
);

const ToolParameter = Type.Object(
  {
    name: Type.String({ pattern: PARAMETER_NAME }),
    type: ParameterType,
    description: Text(1000),
    required: Type.Optional(Type.Boolean()),
  },
  closed,
);

const PresetToolParameter = Type.Object(
  {
    name: Type.String({ pattern: PARAMETER_NAME }),
    type: ParameterType,
    value_template: Text(2000),
    required: Type.Optional(Type.Boolean()),
  },
  closed,
);

const Parameters = Type.Optional(Type.Array(ToolParameter, { maxItems: 50 }));
const PresetParameters = Type.Optional(Type.Array(PresetToolParameter, { maxItems: 50 }));
const Headers = Type.Optional(
  Type.Record(Type.String({ maxLength: 256 }), Text(4096), { maxProperties: 50 }),
);

const HttpApiConfig = Type.Object(
  {
    method: Type.String({ maxLength: 10 }),
    url: Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH }),
    headers: Headers,
    credential_uuid: Type.Optional(Uuid),
    parameters: Parameters,
    preset_parameters: PresetParameters,
    timeout_ms: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TIMEOUT_MS })),
    customMessage: Type.Optional(Text(2000)),
    customMessageType: Type.Optional(Type.Literal('text')),
    body_template: Type.Optional(Type.Record(Type.String({ maxLength: 256 }), Type.Unknown())),
  },
  closed,
);

const EndCallConfig = Type.Object(
  {
    messageType: Type.Optional(Type.Union([Type.Literal('none'), Type.Literal('custom')])),
    customMessage: Type.Optional(Text(2000)),
    endCallReason: Type.Optional(Type.Boolean()),
    endCallReasonDescription: Type.Optional(Text(1000)),
  },
  closed,
);

const Destination = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' });

const ResolverConfig = Type.Object(
  {
    type: Type.Optional(Type.Literal('http')),
    url: Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH }),
    headers: Headers,
    credential_uuid: Type.Optional(Uuid),
    timeout_ms: Type.Optional(Type.Integer({ minimum: 500, maximum: 5000 })),
    wait_message: Type.Optional(Text(2000)),
    parameters: Parameters,
    preset_parameters: PresetParameters,
  },
  closed,
);

const ContextRule = Type.Object(
  {
    context_path: Destination,
    routes: Type.Array(Type.Object({ context_value: Destination, destination: Destination }, closed), {
      minItems: 1,
      maxItems: 100,
    }),
  },
  closed,
);

const TransferCallConfig = Type.Object(
  {
    destination_source: Type.Optional(
      Type.Union([Type.Literal('static'), Type.Literal('dynamic'), Type.Literal('context_mapping')]),
    ),
    destination: Type.Optional(Text(255)),
    messageType: Type.Optional(Type.Union([Type.Literal('none'), Type.Literal('custom')])),
    customMessage: Type.Optional(Text(2000)),
    timeout: Type.Optional(Type.Integer({ minimum: 5, maximum: 120 })),
    parameters: Parameters,
    resolver: Type.Optional(ResolverConfig),
    context_mapping: Type.Optional(
      Type.Object(
        {
          rules: Type.Array(ContextRule, { minItems: 1, maxItems: 20 }),
          fallback_destination: Type.Optional(Text(255)),
        },
        closed,
      ),
    ),
  },
  closed,
);

const McpConfig = Type.Object(
  {
    transport: Type.Optional(Type.Literal('streamable_http')),
    url: Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH }),
    credential_uuid: Type.Optional(Uuid),
    tools_filter: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 200 })),
    timeout_secs: Type.Optional(Type.Integer({ minimum: 0, maximum: 300 })),
    sse_read_timeout_secs: Type.Optional(Type.Integer({ minimum: 0, maximum: 3600 })),
    /** Server-managed (Dograh's cache of the server's catalogue): what is sent is replaced by what is stored. */
    discovered_tools: Type.Optional(Type.Array(Type.Unknown())),
  },
  closed,
);

const definition = (type: ToolCategory, config: TSchema | null) =>
  Type.Object(
    {
      schema_version: Type.Optional(Type.Literal(1)),
      type: Type.Literal(type),
      ...(config ? { config } : {}),
    },
    closed,
  );

/** The definition schema of each category; calculator has no config (Dograh's). */
export const DEFINITION_SCHEMAS: Record<ToolCategory, TSchema> = {
  http_api: definition('http_api', HttpApiConfig),
  end_call: definition('end_call', Type.Optional(EndCallConfig)),
  transfer_call: definition('transfer_call', Type.Optional(TransferCallConfig)),
  calculator: definition('calculator', null),
  mcp: definition('mcp', McpConfig),
};
