/**
 * How an endpoint's signing secret is sealed at rest: the credentials cipher, the organization as authenticated
 * context, `{ secret: "whsec_…" }` as the sealed record. The API seals with `sealEndpointSecret` on create and rotate;
 * the deliverer opens with `signingSecrets`.
 */
import { randomBytes } from 'node:crypto';
import type { CredentialsCipher } from '../config/credentials-cipher';

/** The authenticated context of an endpoint's secrets: its organization (a copied ciphertext does not open elsewhere). */
export const webhookSecretContext = (organizationId: number) =>
  `webhook_endpoint:organization:${organizationId}`;

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the Standard Webhooks form). */
export function generateEndpointSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function sealEndpointSecret(
  cipher: CredentialsCipher,
  organizationId: number,
  secret: string,
): string {
  return cipher.encrypt({ secret }, webhookSecretContext(organizationId));
}

export function openEndpointSecret(
  cipher: CredentialsCipher,
  organizationId: number,
  sealed: string,
): string {
  const { secret } = cipher.decrypt(sealed, webhookSecretContext(organizationId));
  if (!secret) throw new Error('a sealed webhook secret holds no secret');
  return secret;
}

/** The secrets to sign with now: the current one, and the previous one while its rotation overlap lasts. */
export function signingSecrets(
  cipher: CredentialsCipher,
  endpoint: {
    organization_id: number;
    encrypted_secret: string;
    encrypted_previous_secret: string | null;
    previous_secret_expires_at: Date | null;
  },
  now: Date,
): string[] {
  const secrets = [openEndpointSecret(cipher, endpoint.organization_id, endpoint.encrypted_secret)];
  if (
    endpoint.encrypted_previous_secret &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at > now
  )
    secrets.push(openEndpointSecret(cipher, endpoint.organization_id, endpoint.encrypted_previous_secret));
  return secrets;
}
