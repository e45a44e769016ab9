/** A vendor's webhook as its signature check and parser read it, and the configuration it was sent for (decrypted). */
import type { IncomingHttpHeaders } from 'node:http';
import { createCredentialsCipher, telephonySecretsContext } from '../config/credentials-cipher';
import type { RootSecrets } from '../config/keys';

/** A webhook request: what signature checks and status parsers read. */
export interface WebhookRequest {
  /** The URL as the vendor called it: this deployment's public base URL plus the path and query. */
  url: string;
  rawBody: string;
  /** JSON bodies parsed; form bodies as an object of their last values (`form` keeps every value). */
  body: unknown;
  form: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** The stored configuration a webhook belongs to, secrets decrypted. */
export interface WebhookCredentials {
  organizationId: number;
  /** The configuration's own provider: a webhook under another provider's URL is refused. */
  provider: string;
  config: Record<string, unknown>;
  secrets: Record<string, string>;
}

/** A stored telephony configuration as the vendor's code needs it: its clear fields and its secrets decrypted. */
export function credentialsOfConfiguration(
  configuration: {
    organization_id: number;
    provider: string;
    config: unknown;
    encrypted_secrets: string | null;
  },
  appSecret: RootSecrets,
): WebhookCredentials {
  const secrets = configuration.encrypted_secrets
    ? createCredentialsCipher(appSecret).decrypt(
        configuration.encrypted_secrets,
        telephonySecretsContext(configuration.organization_id),
      )
    : {};
  return {
    organizationId: configuration.organization_id,
    provider: configuration.provider,
    config: configuration.config as Record<string, unknown>,
    secrets,
  };
}

/** A header's single value. */
export function headerOf(request: WebhookRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
