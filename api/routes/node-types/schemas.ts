import { Type } from '@sinclair/typebox';
import type { PropertyType } from '../../../agents/node-specs';
import { Nullable } from '../auth/schemas';

/**
 * OpenAPI / response schemas of `GET /node-types`: Dograh's `NodeTypesResponse`, `NodeSpec` and `PropertySpec`
 * wire shapes (agents/node-specs.ts builds the values). Every field is listed: responses are serialised by schema.
 */

const PROPERTY_TYPES = [
  'string',
  'number',
  'boolean',
  'options',
  'multi_options',
  'fixed_collection',
  'json',
  'tool_refs',
  'document_refs',
  'recording_ref',
  'credential_ref',
  'mention_textarea',
  'url',
] as const;

const PropertyOptionBody = Type.Object({
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
  label: Type.String(),
  description: Nullable(Type.String()),
});

const DisplayOptionsBody = Type.Object({
  show: Nullable(Type.Record(Type.String(), Type.Array(Type.Unknown()))),
  hide: Nullable(Type.Record(Type.String(), Type.Array(Type.Unknown()))),
});

/** A property's fields; `properties` holds the row's properties of a `fixed_collection` (one level deep here). */
const propertyFields = {
  name: Type.String(),
  type: Type.Unsafe<PropertyType>(Type.String({ enum: [...PROPERTY_TYPES] })),
  display_name: Type.String(),
  description: Type.String(),
  llm_hint: Nullable(Type.String()),
  default: Type.Unknown({ description: 'Filled in by the SDK when the key is absent; null: none.' }),
  required: Type.Boolean(),
  placeholder: Nullable(Type.String()),
  display_options: Nullable(DisplayOptionsBody),
  options: Nullable(Type.Array(PropertyOptionBody)),
  min_value: Nullable(Type.Number()),
  max_value: Nullable(Type.Number()),
  min_length: Nullable(Type.Integer()),
  max_length: Nullable(Type.Integer()),
  pattern: Nullable(Type.String()),
  editor: Nullable(Type.String()),
  renderer_options: Type.Null(),
};

const RowPropertyBody = Type.Object({ ...propertyFields, properties: Type.Null() });

const PropertyBody = Type.Object({ ...propertyFields, properties: Nullable(Type.Array(RowPropertyBody)) });

export const NodeSpecBody = Type.Object(
  {
    name: Type.String({ description: 'The node `type` in a definition.' }),
    display_name: Type.String(),
    description: Type.String(),
    llm_hint: Nullable(Type.String()),
    docs_url: Nullable(Type.String()),
    category: Type.Union([
      Type.Literal('call_node'),
      Type.Literal('global_node'),
      Type.Literal('trigger'),
      Type.Literal('integration'),
    ]),
    icon: Type.String({ description: 'A lucide-react icon name.' }),
    version: Type.String(),
    properties: Type.Array(PropertyBody, {
      description: 'Every key node data may carry; the SDK throws on any other key.',
    }),
    examples: Type.Array(
      Type.Object({
        name: Type.String(),
        description: Nullable(Type.String()),
        data: Type.Record(Type.String(), Type.Unknown()),
      }),
    ),
    graph_constraints: Type.Null(),
  },
  { description: "One node type's spec, in the shape of Dograh's NodeSpec." },
);

export const NodeTypesBody = Type.Object({
  spec_version: Type.String(),
  node_types: Type.Array(NodeSpecBody),
});

export const NodeTypeParams = Type.Object({ name: Type.String() });
