/**
 * Dograh's webhook credential types and the `credential_data` fields of each (its UI's create dialog and
 * `api/utils/credential_auth.py`), declared as vendor fields so that they are checked, sealed, masked and merged by
 * the code that does so for telephony and voice secrets. Every value ends up in an HTTP header, so each is checked
 * here to be one: a header name a token, a header value without control characters.
 */
import type { WebhookCredentialType } from '../../../db/database';
import type { FieldSet } from '../../../providers/credential-fields';
import type { ProviderField } from '../../../providers/catalogue';
import { headerNameProblem, headerValueProblem } from '../../../net/http-headers';

/** Longest header name, user name and secret accepted. */
export const MAX_HEADER_NAME_LENGTH = 256;
export const MAX_SECRET_LENGTH = 4096;

// RFC 6750 §2.1's b64token.
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses.
const CONTROL = /[\u0000-\u001F\u007F]/;

const headerName = headerNameProblem;
const headerValue = headerValueProblem;
const bearerToken = (value: string) =>
  BEARER_TOKEN.test(value) ? null : 'Input should be a bearer token (letters, digits and -._~+/, then any =)';
const userName = (value: string) => {
  if (CONTROL.test(value)) return 'Input should have no control characters';
  return value.includes(':')
    ? 'Input should have no colon (Basic authentication joins user and password with one)'
    : null;
};
const password = (value: string) => (CONTROL.test(value) ? 'Input should have no control characters' : null);

const field = (
  name: string,
  label: string,
  sensitive: boolean,
  checkText: (value: string) => string | null,
): ProviderField => ({
  name,
  label,
  type: 'string',
  required: true,
  sensitive,
  maxLength: sensitive ? MAX_SECRET_LENGTH : MAX_HEADER_NAME_LENGTH,
  checkText,
});

/** The fields of each type; `provider` is the type's name (the shape the shared field code reads). */
export const CREDENTIAL_TYPES = {
  api_key: {
    provider: 'api_key',
    fields: [
      field('header_name', 'Header Name', false, headerName),
      field('api_key', 'API Key', true, headerValue),
    ],
  },
  bearer_token: { provider: 'bearer_token', fields: [field('token', 'Token', true, bearerToken)] },
  basic_auth: {
    provider: 'basic_auth',
    fields: [field('username', 'Username', false, userName), field('password', 'Password', true, password)],
  },
  custom_header: {
    provider: 'custom_header',
    fields: [
      field('header_name', 'Header Name', false, headerName),
      field('header_value', 'Header Value', true, headerValue),
    ],
  },
} as const satisfies Record<WebhookCredentialType, FieldSet>;

export const CREDENTIAL_TYPE_NAMES = Object.keys(CREDENTIAL_TYPES) as WebhookCredentialType[];

/** The catalogue the shared resolve functions read. */
export const credentialTypeCatalogue = {
  names: CREDENTIAL_TYPE_NAMES,
  find: (name: string): FieldSet | undefined =>
    Object.hasOwn(CREDENTIAL_TYPES, name) ? CREDENTIAL_TYPES[name as WebhookCredentialType] : undefined,
};
