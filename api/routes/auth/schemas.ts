import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { PASSWORD_MIN_LENGTH } from '../../auth/password-policy';
import { ErrorBody as AnyErrorBody } from '../common-schemas';

/** A value or null, written so that OpenAPI 3.0 shows it as `nullable`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object(
  { detail: Type.String(), message: Type.Optional(Type.String()) },
  { description: 'An error: a code in `detail`, a sentence in `message`.' },
);

export const UserBody = Type.Object({ id: Type.Integer(), email: Type.String() });
export const OrganizationBody = Type.Object({ id: Type.Integer(), name: Type.String() });

// One email rule for signup and login: what signup refuses (surrounding spaces included), login refuses alike.
const Email = Type.String({
  format: 'email',
  maxLength: 254,
  description: 'Unique, compared without regard to case.',
});

export const SignupBody = Type.Object({
  email: Email,
  password: Type.String({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: 1024,
    description: `At least ${PASSWORD_MIN_LENGTH} characters, not only whitespace, not a commonly used password.`,
  }),
  organization_name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'Defaults to the email address.' }),
  ),
});

// Beyond the email's form, login checks only presence: any wrong pair gets the same 401.
export const LoginBody = Type.Object({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

/** The user of a new session: ours plus Dograh's login fields (its `UserResponse`), valued as in `/auth/me`. */
const SessionUserBody = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.Null({ description: "Dograh's; always null (users have no name here)." }),
  organization_id: Type.Integer({ description: "Dograh's: the session's organization." }),
  provider_id: Type.String({ description: "Dograh's: the user's id as text." }),
});

export const SessionBody = Type.Object({
  token: Type.String({ description: 'Send as `authorization: Bearer <token>`.' }),
  expires_at: Type.String({ format: 'date-time' }),
  user: SessionUserBody,
  organization: OrganizationBody,
});

export const MeBody = Type.Object({
  id: Nullable(
    Type.Integer({ description: "Dograh's: the user's id (`user.id`); null for an API key without one." }),
  ),
  email: Nullable(Type.String({ description: "Dograh's: the user's email; null without a user." })),
  name: Nullable(Type.String({ description: "Dograh's: always null, as users have no name here." })),
  organization_id: Type.Integer({ description: "Dograh's: the caller's organization (`organization.id`)." }),
  provider_id: Nullable(
    Type.String({ description: "Dograh's: the user's id at the auth provider (local: the id as text)." }),
  ),
  user: Nullable(UserBody),
  organization: OrganizationBody,
  via: Type.Union([Type.Literal('session'), Type.Literal('api_key')]),
  scopes: Type.Array(Type.String()),
});

export const LogoutBody = Type.Object({ logged_out: Type.Boolean() });

/** Response schemas for the errors a route can answer with (422 keeps its own FastAPI shape: a list in `detail`). */
export function errorResponses(...codes: number[]): Record<number, TObject> {
  return Object.fromEntries(codes.map((code) => [code, code === 422 ? AnyErrorBody : ErrorBody]));
}
