import { Type } from '@sinclair/typebox';
import { Nullable } from '../auth/schemas';
import { Id, Name } from '../common-schemas';

export const SCOPES = ['read', 'write'] as const;
// One string enum rather than a union of literals: the OpenAPI document shows it as such.
const Scope = Type.Unsafe<(typeof SCOPES)[number]>({ type: 'string', enum: [...SCOPES] });

export const ApiKeyBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  key_prefix: Type.String({ description: 'The first 8 characters of the key, to recognise it.' }),
  scopes: Type.Array(Scope),
  is_active: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Nullable(Type.String({ format: 'date-time' })),
  archived_at: Nullable(Type.String({ format: 'date-time' })),
});

export const CreatedApiKeyBody = Type.Composite([
  ApiKeyBody,
  Type.Object({ api_key: Type.String({ description: 'The full key. Shown this once only; store it now.' }) }),
]);

export const CreateApiKeyBody = Type.Object({
  name: Name(100),
  scopes: Type.Optional(
    Type.Array(Scope, {
      minItems: 1,
      maxItems: 10,
      description: '`read` allows GET requests, `write` all others; neither implies the other. Default both.',
    }),
  ),
});

export const ListApiKeysQuery = Type.Object({
  include_archived: Type.Boolean({ default: false, description: 'Also list archived (revoked) keys.' }),
});

export const ApiKeyParams = Type.Object({ api_key_id: Id() });
