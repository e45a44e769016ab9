/** Organizations, users, their sessions, API keys and login protection. */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt } from './column-types';

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  max_concurrent_calls: Generated<number>;
  /** Days uploaded files, recordings and transcripts are kept; null: kept (migration 2026_11_24_000600). */
  retention_uploads_days: ColumnType<number | null, number | null | undefined, number | null>;
  retention_recordings_days: ColumnType<number | null, number | null | undefined, number | null>;
  retention_transcripts_days: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: CreatedAt;
}

export interface MembershipsTable {
  organization_id: number;
  user_id: number;
  role: Generated<string>;
  created_at: CreatedAt;
}

export interface UserSessionsTable {
  id: Generated<number>;
  user_id: number;
  organization_id: number;
  token_hash: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface ApiKeysTable {
  id: Generated<number>;
  organization_id: number;
  created_by_user_id: number | null;
  name: string;
  key_prefix: string;
  key_hash: string;
  scopes: ColumnType<string[], string[] | undefined, string[]>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  archived_at: Timestamp | null;
}

/** Counted login and signup attempts per bucket and key (migration 2026_11_23_000100). */
export interface AuthAttemptsTable {
  id: Generated<string>;
  bucket: string;
  key: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

/** Addresses an account logged in from (migration 2026_11_23_000100). */
export interface LoginKnownAddressesTable {
  user_id: number;
  address: string;
  last_login_at: Generated<Timestamp>;
}
