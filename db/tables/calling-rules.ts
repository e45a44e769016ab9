/** An organization's calling rules: legal calling hours and frequency caps (migration 2026_11_25_000200). */
import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

export interface CallingRulesTable {
  organization_id: number;
  legal_hours_enabled: Generated<boolean>;
  /** `HH:MM`, earlier than `legal_hours_end`. */
  legal_hours_start: Generated<string>;
  legal_hours_end: Generated<string>;
  /** At most this many attempts to one number per rolling 24 hours / 7 days; null: no cap. */
  cap_per_24h: number | null;
  cap_per_7d: number | null;
  updated_at: Timestamp;
}
