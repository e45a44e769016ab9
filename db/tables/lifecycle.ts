/** Data lifecycle: storage objects still to delete after their rows were (migration 2026_11_24_000600). */
import type { Generated } from 'kysely';
import type { CreatedAt } from './column-types';

export interface PendingObjectDeletionsTable {
  id: Generated<number>;
  /** The organization the object belonged to (no foreign key: the row outlives it). */
  organization_id: number;
  key: string;
  /** True: every object whose key starts with `key`. */
  is_prefix: Generated<boolean>;
  failures: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
}
