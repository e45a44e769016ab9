/**
 * The webhook credential types and the `credential_data` fields of each (docs/api.md, Webhook credentials), as the
 * forms draw them. Secrets are answered masked; the header each type sends is said in its hint.
 */
export const CREDENTIAL_TYPES = [
  {
    type: 'api_key',
    label: 'API key header',
    sends: 'Sends the key in the header you name.',
    fields: [
      { name: 'header_name', label: 'Header name', secret: false, placeholder: 'X-API-Key' },
      { name: 'api_key', label: 'API key', secret: true },
    ],
  },
  {
    type: 'bearer_token',
    label: 'Bearer token',
    sends: 'Sends Authorization: Bearer <token>.',
    fields: [{ name: 'token', label: 'Token', secret: true }],
  },
  {
    type: 'basic_auth',
    label: 'Basic authentication',
    sends: 'Sends Authorization: Basic with the user name and password.',
    fields: [
      { name: 'username', label: 'Username', secret: false },
      { name: 'password', label: 'Password', secret: true },
    ],
  },
  {
    type: 'custom_header',
    label: 'Custom header',
    sends: 'Sends the value in the header you name.',
    fields: [
      { name: 'header_name', label: 'Header name', secret: false, placeholder: 'X-Customer-Token' },
      { name: 'header_value', label: 'Header value', secret: true },
    ],
  },
] as const;

export type CredentialType = (typeof CREDENTIAL_TYPES)[number]['type'];
export type CredentialTypeInfo = (typeof CREDENTIAL_TYPES)[number];

/** The type's description, or null for a type this dashboard does not know. */
export function credentialTypeOf(type: string): CredentialTypeInfo | null {
  return CREDENTIAL_TYPES.find((info) => info.type === type) ?? null;
}

/** The type's label, or the type itself when unknown. */
export const credentialTypeLabel = (type: string) => credentialTypeOf(type)?.label ?? type;
