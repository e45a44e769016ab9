/** Calling safety: the do-not-call list (migration 2026_11_25_000100). */
import type { Generated } from 'kysely';
import type { CreatedAt } from './column-types';

/** Where a do-not-call entry came from. */
export type DoNotCallSource = 'api' | 'import' | 'opt_out' | 'campaign';

export interface DoNotCallEntriesTable {
  id: Generated<number>;
  organization_id: number;
  /** E.164; unique per organization. */
  number: string;
  reason: string | null;
  source: DoNotCallSource;
  /** The run that caused the entry (an opt-out during a call); no foreign key, the entry outlives the run. */
  run_id: number | null;
  /** The user id or API key id that added it (`user:<id>` / `api_key:<id>`); null for the engine. */
  added_by: string | null;
  created_at: CreatedAt;
}
