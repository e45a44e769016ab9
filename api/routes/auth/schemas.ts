import { Type, type TObject, type TSchema } from '@sinclair/typebox';

/** A value or null, written so that OpenAPI 3.0 shows it as `nullable`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object(
  { detail: Type.String(), message: Type.Optional(Type.String()) },
  { description: 'An error: a code in `detail`, a sentence in `message`.' },
);

export const UserBody = Type.Object({ id: Type.Integer(), email: Type.String() });
export const OrganizationBody = Type.Object({ id: Type.Integer(), name: Type.String() });

export const SignupBody = Type.Object({
  email: Type.String({
    format: 'email',
    maxLength: 254,
    description: 'Unique, compared without regard to case.',
  }),
  password: Type.String({ minLength: 8, maxLength: 1024, description: 'At least 8 characters.' }),
  organization_name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'Defaults to the email address.' }),
  ),
});

// Login checks nothing but presence: any wrong pair gets the same 401.
export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

export const SessionBody = Type.Object({
  token: Type.String({ description: 'Send as `authorization: Bearer <token>`.' }),
  expires_at: Type.String({ format: 'date-time' }),
  user: UserBody,
  organization: OrganizationBody,
});

export const MeBody = Type.Object({
  user: Nullable(UserBody),
  organization: OrganizationBody,
  via: Type.Union([Type.Literal('session'), Type.Literal('api_key')]),
  scopes: Type.Array(Type.String()),
});

export const LogoutBody = Type.Object({ logged_out: Type.Boolean() });

/** Response schemas for the errors a route can answer with (422 keeps its own FastAPI shape). */
export function errorResponses(...codes: number[]): Record<number, TObject> {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody]));
}
