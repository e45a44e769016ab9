/** Request and response schemas of voice configurations. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id, Name } from '../common-schemas';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const VoiceConfigParams = Type.Object({ id: Id() });

const section = (description: string) =>
  Type.Object(
    {
      provider: Type.Optional(Type.String({ description: 'The vendor (see GET …/voice-configs/metadata).' })),
    },
    { additionalProperties: true, description },
  );

const Sections = {
  stt: Type.Optional(
    Nullable(
      section('Speech-to-text vendor and its fields; absent or null: none (simulator calls read the text).'),
    ),
  ),
  tts: Type.Optional(
    Nullable(
      section('Text-to-speech vendor and its fields; absent or null: `{"provider":"local"}` (flite).'),
    ),
  ),
  llm: Type.Optional(
    Nullable(
      section(
        "LLM vendor and its fields; absent or null: the operator's LLM settings. Besides the vendor's fields, " +
          '`fallbacks`: up to 3 `{model, base_url?, api_key?}` asked in order when the model before stalls ' +
          '(`first_token_timeout_ms`, default 1500) or fails before its first token; `null` or `[]` removes them.',
      ),
    ),
  ),
  embeddings: Type.Optional(
    Nullable(
      section(
        'Embeddings endpoint for knowledge-base vector search; absent or null: full-text search alone. The ' +
          "organization's most recently updated configuration with this section embeds its documents.",
      ),
    ),
  ),
};

export const CreateVoiceConfigBody = Type.Object({ name: Name(200), ...Sections });
export type CreateVoiceConfigBody = Static<typeof CreateVoiceConfigBody>;

export const UpdateVoiceConfigBody = Type.Object({ name: Type.Optional(Name(200)), ...Sections });
export type UpdateVoiceConfigBody = Static<typeof UpdateVoiceConfigBody>;

const Shown = Type.Record(Type.String(), Type.Unknown(), {
  description: '`provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`).',
});

export const VoiceConfig = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  stt: Nullable(Shown),
  tts: Shown,
  llm: Nullable(Shown),
  embeddings: Nullable(Shown),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type VoiceConfig = Static<typeof VoiceConfig>;

export const VoiceConfigList = Type.Object({ configurations: Type.Array(VoiceConfig) });

const VendorField = Type.Object({
  name: Type.String(),
  label: Type.String(),
  type: Type.String(),
  required: Type.Boolean(),
  sensitive: Type.Boolean(),
  description: Type.Optional(Type.String()),
  default: Type.Optional(Type.Union([Type.Number(), Type.Boolean()])),
  minimum: Type.Optional(Type.Number()),
  maximum: Type.Optional(Type.Number()),
  choices: Type.Optional(Type.Array(Type.String())),
  maxLength: Type.Optional(Type.Integer()),
  schemes: Type.Optional(Type.Array(Type.String())),
});
const Vendors = Type.Array(
  Type.Object({
    provider: Type.String(),
    display_name: Type.String(),
    description: Type.String(),
    fields: Type.Array(VendorField),
  }),
);
export const VoiceVendorsMetadata = Type.Object({
  stt: Vendors,
  tts: Vendors,
  llm: Vendors,
  embeddings: Vendors,
});
