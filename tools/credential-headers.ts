/**
 * The one place a webhook credential becomes HTTP headers (Dograh's `build_auth_header`), with the same headers
 * masked for showing: every request that sends a credential builds its headers here.
 */
import type { WebhookCredentialSecrets } from '../db/repositories/webhook-credentials';
import { maskSecret } from '../providers/credential-fields';

export interface CredentialHeaders {
  /** What is sent. Never log it. */
  headers: Record<string, string>;
  /** The same names, each secret shown as the credentials API shows it (all but the last 4 characters `*`). */
  masked: Record<string, string>;
}

export function credentialHeaders(credential: WebhookCredentialSecrets): CredentialHeaders {
  const data = credential.credential_data;
  const field = (name: string) => data[name] ?? '';
  switch (credential.credential_type) {
    case 'bearer_token':
      return one('Authorization', `Bearer ${field('token')}`, `Bearer ${maskSecret(field('token'))}`);
    case 'api_key':
      return one(field('header_name'), field('api_key'), maskSecret(field('api_key')));
    case 'basic_auth': {
      const encoded = Buffer.from(`${field('username')}:${field('password')}`).toString('base64');
      return one('Authorization', `Basic ${encoded}`, `Basic ${maskSecret(encoded)}`);
    }
    case 'custom_header':
      return one(field('header_name'), field('header_value'), maskSecret(field('header_value')));
  }
}

const one = (name: string, value: string, masked: string): CredentialHeaders => ({
  headers: { [name]: value },
  masked: { [name]: masked },
});
