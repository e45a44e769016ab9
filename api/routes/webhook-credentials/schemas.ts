/** Request and response schemas of webhook credentials: Dograh's field names (`api/routes/credentials.py`). */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { WebhookCredentialType } from '../../../db/database';
import { Name } from '../common-schemas';
import { CREDENTIAL_TYPE_NAMES } from './credential-types';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MAX_DESCRIPTION_LENGTH = 1000;

export const CredentialParams = Type.Object({ credential_uuid: Type.String({ format: 'uuid' }) });

const CredentialType = Type.Unsafe<WebhookCredentialType>({
  type: 'string',
  enum: [...CREDENTIAL_TYPE_NAMES],
  description:
    '`api_key` (`header_name`, `api_key`), `bearer_token` (`token`), `basic_auth` (`username`, `password`), ' +
    "`custom_header` (`header_name`, `header_value`). Dograh's `none` is refused: leave the credential out instead.",
});

const CredentialData = Type.Object(
  {},
  {
    additionalProperties: true,
    maxProperties: 8,
    description:
      'The fields of `credential_type`, all required, all strings. Secrets (`api_key`, `token`, `password`, ' +
      '`header_value`) are encrypted at rest and answered masked; sending the mask back keeps the stored secret.',
  },
);

const Description = Nullable(Type.String({ maxLength: MAX_DESCRIPTION_LENGTH }));

export const CreateCredentialBody = Type.Object(
  {
    name: Name(200),
    description: Type.Optional(Description),
    credential_type: CredentialType,
    credential_data: CredentialData,
  },
  { additionalProperties: false },
);
export type CreateCredentialBody = Static<typeof CreateCredentialBody>;

export const UpdateCredentialBody = Type.Object(
  {
    name: Type.Optional(Nullable(Name(200))),
    description: Type.Optional(Description),
    credential_type: Type.Optional(Nullable(CredentialType)),
    credential_data: Type.Optional(Nullable(CredentialData)),
  },
  { additionalProperties: false },
);
export type UpdateCredentialBody = Static<typeof UpdateCredentialBody>;

export const Credential = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: Nullable(Type.String()),
  credential_type: Type.String(),
  credential_data: Type.Record(Type.String(), Type.String(), {
    description: 'The fields of the type; secrets masked (all but the last 4 characters are `*`).',
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Credential = Static<typeof Credential>;

export const CredentialList = Type.Array(Credential);

export const DeletedCredential = Type.Object({
  status: Type.Literal('deleted'),
  uuid: Type.String({ format: 'uuid' }),
});
