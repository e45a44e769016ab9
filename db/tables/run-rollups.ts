import type { Database } from '../database';

/**
 * The rollups behind the runs list's totals (migration 2026_11_22_000800), kept by triggers on `runs` and read through
 * `withTables`, outside `Database`: per-day totals by disposition, by agent and campaign, by duration bucket.
 */

interface DailyTotals {
  organization_id: number;
  day: string;
  run_count: number;
  token_total: number;
  duration_total: number;
}

export type RollupTables = {
  run_daily_totals: DailyTotals & { disposition: string | null };
  run_daily_source_totals: DailyTotals & {
    workflow_id: number;
    campaign_id: number | null;
    disposition: string | null;
  };
  run_daily_duration_totals: DailyTotals & { duration_bucket: number };
  /** Migration 2026_11_22_001000: the filterable columns of runs, same names, one row per run. */
  run_list_entries: Pick<
    Database['runs'],
    | 'organization_id'
    | 'workflow_id'
    | 'campaign_id'
    | 'created_at'
    | 'disposition'
    | 'call_duration_seconds'
    | 'service_token_usage'
  > & { id: number; caller_number_lower: string | null; called_number_lower: string | null };
};
