/** Webhook credentials (migration 2026_12_06_000100): secrets that tools and pre-call fetches send. */
import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './column-types';

/** Dograh's credential types but `none` (a credential that sends nothing is no credential). */
export type WebhookCredentialType = 'api_key' | 'bearer_token' | 'basic_auth' | 'custom_header';

export interface WebhookCredentialsTable {
  /** Internal; clients name a credential by `credential_uuid`. */
  id: Generated<number>;
  credential_uuid: Generated<string>;
  organization_id: number;
  name: string;
  description: string | null;
  credential_type: WebhookCredentialType;
  /** The clear fields of the type (`header_name`, `username`); the secret ones are only in `encrypted_secrets`. */
  credential_data: Json<Record<string, string>>;
  /** The secret fields, sealed with the credentials cipher; null once deleted (and only then). */
  encrypted_secrets: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Soft deletion: the row stays for the definitions that still name its uuid. */
  deleted_at: Timestamp | null;
}
