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
  /** The secret values sent, as they go on the wire: an answer that echoes one has it masked (`hideSecrets`). */
  secrets: string[];
}

export function credentialHeaders(credential: WebhookCredentialSecrets): CredentialHeaders {
  const data = credential.credential_data;
  const field = (name: string) => data[name] ?? '';
  switch (credential.credential_type) {
    case 'bearer_token':
      return one('Authorization', `Bearer ${field('token')}`, `Bearer ${maskSecret(field('token'))}`, [
        field('token'),
      ]);
    case 'api_key':
      return one(field('header_name'), field('api_key'), maskSecret(field('api_key')), [field('api_key')]);
    case 'basic_auth': {
      const encoded = Buffer.from(`${field('username')}:${field('password')}`).toString('base64');
      return one('Authorization', `Basic ${encoded}`, `Basic ${maskSecret(encoded)}`, [
        encoded,
        field('password'),
      ]);
    }
    case 'custom_header':
      return one(field('header_name'), field('header_value'), maskSecret(field('header_value')), [
        field('header_value'),
      ]);
  }
}

const one = (name: string, value: string, masked: string, secrets: string[]): CredentialHeaders => ({
  headers: { [name]: value },
  masked: { [name]: masked },
  secrets: secrets.filter((secret) => secret.length >= MIN_HIDDEN_LENGTH),
});

/** Shorter values are not looked for in answers: they would mask ordinary words. */
const MIN_HIDDEN_LENGTH = 6;

/**
 * `text` with every secret in it masked as the credentials API masks it: what a customer's API echoes back (a debug
 * endpoint, an error quoting the request) reaches the LLM, the transcript and the logs without the secret.
 */
export function hideSecrets(text: string, secrets: readonly string[]): string {
  let hidden = text;
  // The longest first, so a secret inside another (a password inside its Basic encoding) cannot unmask it.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length))
    hidden = hidden.replaceAll(secret, maskSecret(secret));
  return hidden;
}
