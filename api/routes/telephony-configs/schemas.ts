import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id, Name } from '../common-schemas';

/** Request and response schemas of telephony configurations and their phone numbers. */

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ConfigParams = Type.Object({ config_id: Id() });
export const PhoneNumberParams = Type.Object({ config_id: Id(), phone_number_id: Id() });

const ProviderValues = Type.Object(
  { provider: Type.Optional(Type.String({ description: 'Required on create; cannot change.' })) },
  {
    additionalProperties: true,
    description:
      'The provider name plus its credential fields (see GET /organizations/telephony-providers/metadata). ' +
      'Sensitive values are returned masked; sending the mask back keeps the stored secret. ' +
      '`from_numbers` is ignored: numbers are managed under /phone-numbers.',
  },
);

export const CreateConfigurationBody = Type.Object({
  name: Name(200),
  config: ProviderValues,
  is_default_outbound: Type.Optional(Type.Boolean()),
});
export type CreateConfigurationBody = Static<typeof CreateConfigurationBody>;

export const UpdateConfigurationBody = Type.Object({
  name: Type.Optional(Name(200)),
  provider: Type.Optional(Type.String({ description: 'Accepted only when equal to the stored provider.' })),
  config: Type.Optional(ProviderValues),
  credentials: Type.Optional(
    Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'Same as `config`, so a GET result can be sent back as it is.',
      },
    ),
  ),
  is_default_outbound: Type.Optional(Type.Boolean()),
});
export type UpdateConfigurationBody = Static<typeof UpdateConfigurationBody>;

export const Configuration = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  provider: Type.String(),
  is_default_outbound: Type.Boolean(),
  credentials: Type.Record(Type.String(), Type.Unknown(), {
    description:
      '`provider` plus its fields; sensitive values masked (all but the last 4 characters are `*`).',
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
  // Dograh's TelephonyConfigurationListItem fields (api/schemas/telephony_config.py), from our data.
  phone_number_count: Type.Integer({ description: "Dograh's: the configuration's active phone numbers." }),
  inactive: Type.Boolean({
    description:
      "Dograh's: true when this server cannot carry the configuration's calls (a simulator one while " +
      'SIMULATOR_ENABLED is false).',
  }),
  inactive_reason: Nullable(Type.String()),
  is_ready_for_outbound: Type.Boolean({
    description:
      "Dograh's: it can place outbound calls: active and, for Twilio, Telnyx, Vonage and Plivo, with a caller " +
      'number (an active number or a default caller id).',
  }),
  outbound_blocked_reason: Nullable(Type.String({ description: 'Why not, in words; null when ready.' })),
});
export type Configuration = Static<typeof Configuration>;
/** A configuration as the service presents it, before the readiness fields are added. */
export type ConfigurationCore = Omit<
  Configuration,
  'phone_number_count' | 'inactive' | 'inactive_reason' | 'is_ready_for_outbound' | 'outbound_blocked_reason'
>;

export const ConfigurationList = Type.Object({ configurations: Type.Array(Configuration) });

const Metadata = Type.Record(Type.String(), Type.Unknown());

export const CreatePhoneNumberBody = Type.Object({
  address: Type.String({
    minLength: 1,
    maxLength: 256,
    description: 'A phone number (normalised to E.164) or a SIP URI starting with `sip:`.',
  }),
  label: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  country_code: Type.Optional(
    Nullable(Type.String({ description: 'ISO 3166-1 alpha-2 region used to read a national number.' })),
  ),
  inbound_workflow_id: Type.Optional(Nullable(Id())),
  is_active: Type.Optional(Type.Boolean()),
  is_default_caller_id: Type.Optional(Type.Boolean()),
  extra_metadata: Type.Optional(Metadata),
});
export type CreatePhoneNumberBody = Static<typeof CreatePhoneNumberBody>;

export const UpdatePhoneNumberBody = Type.Object({
  address: Type.Optional(
    Type.String({ description: 'Immutable: accepted only when equal to the stored one.' }),
  ),
  label: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  inbound_workflow_id: Type.Optional(
    Nullable(Id({ description: 'Binds inbound calls to this agent; null alone changes nothing.' })),
  ),
  clear_inbound_workflow: Type.Optional(Type.Boolean({ description: 'true removes the inbound binding.' })),
  is_active: Type.Optional(Type.Boolean()),
  extra_metadata: Type.Optional(Metadata),
});
export type UpdatePhoneNumberBody = Static<typeof UpdatePhoneNumberBody>;

export const ProviderSync = Type.Object({ ok: Type.Boolean(), message: Type.String() });

export const PhoneNumber = Type.Object({
  id: Type.Integer(),
  telephony_configuration_id: Type.Integer(),
  address: Type.String(),
  address_normalized: Type.String(),
  address_type: Type.Union([Type.Literal('pstn'), Type.Literal('sip')]),
  country_code: Nullable(Type.String()),
  label: Nullable(Type.String()),
  inbound_workflow_id: Nullable(Type.Integer()),
  inbound_workflow_name: Nullable(Type.String()),
  is_active: Type.Boolean(),
  is_default_caller_id: Type.Boolean(),
  extra_metadata: Metadata,
  created_at: Timestamp,
  updated_at: Timestamp,
  provider_sync: Type.Union([ProviderSync, Type.Null()], {
    description: "Result of re-syncing the provider's inbound webhook; null when the binding did not change.",
  }),
});
export type PhoneNumber = Static<typeof PhoneNumber>;

export const PhoneNumberList = Type.Object({ phone_numbers: Type.Array(PhoneNumber) });
