import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../client';
import type { Database } from '../database';
import {
  durationRange,
  escapeLike,
  numericParam,
  queryWindow,
  runConditions,
  type RunFilter,
  type RunListQuery,
  type TimeWindow,
} from './runs-filters';

/**
 * Totals of a runs list (count, service tokens, call seconds over the whole filtered set), exact, from the per-day
 * totals kept by the triggers of migration 2026_11_22_000800 wherever the filters allow: whole UTC days inside the
 * dates come from the rollup of the filters' grain, the partial days at either end (and, for a duration range, the
 * partial duration buckets at either end) from `runs` through its indexes. A number substring reads the narrow copy
 * `run_list_entries` (migration 2026_11_22_001000) with all the query's filters; a run id, or a duration with other
 * filters, reads `runs` alone. docs/benchmarks.md ("Runs list") has the figures.
 */

interface DailyTotals {
  organization_id: number;
  day: string;
  run_count: number;
  token_total: number;
  duration_total: number;
}

type RollupTables = {
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

interface PartTotals {
  n: string;
  tokens: string;
  seconds: string;
}

export interface RunTotals {
  totalCount: number;
  totalServiceTokens: number;
  totalDurationSeconds: number;
}

/**
 * Where a query's totals come from: `runs` alone (a run id), the narrow copy `run_list_entries` (number substrings),
 * or a rollup for the whole days (by disposition, by agent and campaign, by duration bucket) plus `runs`.
 */
export type TotalsGrain = 'runs' | 'entries' | 'disposition' | 'source' | 'duration';

export function totalsGrain(query: Pick<RunListQuery, 'agentId' | 'filters'>): TotalsGrain {
  const bounded = (filter: RunFilter) =>
    filter.attribute !== 'duration' || filter.min !== undefined || filter.max !== undefined;
  const kinds = new Set(query.filters.filter(bounded).map((filter) => filter.attribute));
  if (kinds.has('runId')) return 'runs';
  if (kinds.has('callerNumber') || kinds.has('calledNumber')) return 'entries';
  const bySource = query.agentId !== undefined || kinds.has('agentId') || kinds.has('campaignId');
  if (kinds.has('duration')) return bySource || kinds.has('dispositionCode') ? 'runs' : 'duration';
  return bySource ? 'source' : 'disposition';
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The whole UTC days inside a window ([from, to) as dates) and the partial stretches at its ends. */
export function splitByDays(window: TimeWindow): {
  days?: { from?: string; to?: string };
  edges: TimeWindow[];
} {
  const innerFrom = window.from ? Math.ceil(window.from.getTime() / DAY_MS) * DAY_MS : undefined;
  const innerTo = window.to ? Math.floor(window.to.getTime() / DAY_MS) * DAY_MS : undefined;
  const outOfRange = (ms?: number) =>
    ms !== undefined && (ms < Date.UTC(1, 0, 1) || ms >= Date.UTC(10000, 0, 1));
  if (
    (innerFrom !== undefined && innerTo !== undefined && innerFrom >= innerTo) ||
    outOfRange(innerFrom) ||
    outOfRange(innerTo)
  ) {
    return { edges: [window] };
  }
  const edges: TimeWindow[] = [];
  if (window.from && innerFrom !== undefined && window.from.getTime() < innerFrom) {
    edges.push({ from: window.from, to: new Date(innerFrom) });
  }
  if (window.to && innerTo !== undefined && innerTo < window.to.getTime()) {
    edges.push({ from: new Date(innerTo), to: window.to });
  }
  return {
    days: {
      from: innerFrom === undefined ? undefined : isoDay(innerFrom),
      to: innerTo === undefined ? undefined : isoDay(innerTo),
    },
    edges,
  };
}

const dispositionCodes = (filters: RunFilter[]) =>
  filters.flatMap((filter) => (filter.attribute === 'dispositionCode' ? [filter.codes] : []));

/** The query behind the totals of a runs list: one row of total_count, total_service_tokens, total_duration_seconds. */
export function runTotalsQuery(db: Executor, organizationId: number, query: RunListQuery) {
  const window = queryWindow(query);
  const grain = totalsGrain(query);
  const rollup = db.withTables<RollupTables>();
  if (grain === 'entries') {
    // The conditions on runs (run_list_entries has runs' column names and is aliased as runs), except the numbers:
    // kept lower-cased, matched with `like lower(pattern)`, which is what `ilike` does in a UTF-8 database.
    const isNumber = (filter: RunFilter) =>
      filter.attribute === 'callerNumber' || filter.attribute === 'calledNumber';
    const numbers = query.filters.flatMap((filter) =>
      filter.attribute === 'callerNumber' || filter.attribute === 'calledNumber'
        ? [
            sql<SqlBool>`${sql.ref(
              filter.attribute === 'callerNumber' ? 'runs.caller_number_lower' : 'runs.called_number_lower',
            )} like lower(${`%${escapeLike(filter.value)}%`})`,
          ]
        : [],
    );
    const others = { ...query, filters: query.filters.filter((filter) => !isNumber(filter)) };
    return rollup
      .selectFrom('run_list_entries as runs')
      .where((eb) =>
        runConditions(
          eb as unknown as ExpressionBuilder<Database, 'runs'>,
          organizationId,
          others,
          window,
          numbers,
        ),
      )
      .select([
        sql<string>`count(*)`.as('total_count'),
        sql<string>`coalesce(sum(runs.service_token_usage), 0)`.as('total_service_tokens'),
        sql<string>`coalesce(sum(runs.call_duration_seconds), 0)`.as('total_duration_seconds'),
      ]);
  }
  const split = grain === 'runs' ? { edges: [window] } : splitByDays(window);

  const fromRuns = (
    part: TimeWindow,
    extra: (eb: Parameters<typeof runConditions>[0]) => Expression<SqlBool>[],
  ) =>
    db
      .selectFrom('runs')
      .where((eb) => runConditions(eb, organizationId, query, part, extra(eb)))
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(runs.service_token_usage), 0)`.as('tokens'),
        sql<string>`coalesce(sum(runs.call_duration_seconds), 0)`.as('seconds'),
      ]);
  const parts: Expression<PartTotals>[] = split.edges.map((edge) => fromRuns(edge, () => []));

  const days = split.days;
  if (days) {
    const sums = [
      sql<string>`coalesce(sum(run_count), 0)`.as('n'),
      sql<string>`coalesce(sum(token_total), 0)`.as('tokens'),
      sql<string>`coalesce(sum(duration_total), 0)`.as('seconds'),
    ];
    const codes = dispositionCodes(query.filters);
    if (grain === 'disposition') {
      let part = rollup.selectFrom('run_daily_totals').where('organization_id', '=', organizationId);
      if (days.from) part = part.where('day', '>=', days.from);
      if (days.to) part = part.where('day', '<', days.to);
      for (const list of codes) part = part.where('disposition', 'in', list);
      parts.push(part.select(sums));
    } else if (grain === 'source') {
      let part = rollup.selectFrom('run_daily_source_totals').where('organization_id', '=', organizationId);
      if (days.from) part = part.where('day', '>=', days.from);
      if (days.to) part = part.where('day', '<', days.to);
      if (query.agentId !== undefined) part = part.where('workflow_id', '=', query.agentId);
      for (const filter of query.filters) {
        if (filter.attribute === 'agentId') part = part.where('workflow_id', '=', filter.value);
        if (filter.attribute === 'campaignId') part = part.where('campaign_id', '=', filter.value);
      }
      for (const list of codes) part = part.where('disposition', 'in', list);
      parts.push(part.select(sums));
    } else {
      // Whole buckets inside [min, max] come from the rollup: from the first bucket start at or above min to the
      // bucket holding max, exclusive. The runs of the inner days outside those buckets: below the first whole
      // bucket, and from max's bucket on (disjoint, and together exactly the rest of [min, max]).
      const { min, max } = durationRange(query.filters);
      const firstWhole =
        min === undefined
          ? undefined
          : sql<number>`(case when run_duration_bucket(${numericParam(min)}) = ${numericParam(min)}
              then ${numericParam(min)} else run_duration_bucket_end(${numericParam(min)}) end)`;
      const maxBucket =
        max === undefined ? undefined : sql<number>`run_duration_bucket(${numericParam(max)})`;
      let part = rollup.selectFrom('run_daily_duration_totals').where('organization_id', '=', organizationId);
      if (days.from) part = part.where('day', '>=', days.from);
      if (days.to) part = part.where('day', '<', days.to);
      if (firstWhole) part = part.where('duration_bucket', '>=', firstWhole);
      if (maxBucket) part = part.where('duration_bucket', '<', maxBucket);
      parts.push(part.select(sums));
      const innerSpan: TimeWindow = {
        from: days.from ? new Date(`${days.from}T00:00:00Z`) : undefined,
        to: days.to ? new Date(`${days.to}T00:00:00Z`) : undefined,
      };
      if (firstWhole) {
        parts.push(
          fromRuns(innerSpan, (eb) => [
            eb(
              'runs.call_duration_seconds',
              '<',
              maxBucket ? sql<number>`least(${firstWhole}, ${maxBucket})` : firstWhole,
            ),
          ]),
        );
      }
      if (maxBucket)
        parts.push(fromRuns(innerSpan, (eb) => [eb('runs.call_duration_seconds', '>=', maxBucket)]));
    }
  }

  return db
    .selectFrom(sql<PartTotals>`(${sql.join(parts, sql` union all `)})`.as('parts'))
    .select([
      sql<string>`coalesce(sum(parts.n), 0)`.as('total_count'),
      sql<string>`coalesce(sum(parts.tokens), 0)`.as('total_service_tokens'),
      sql<string>`coalesce(sum(parts.seconds), 0)`.as('total_duration_seconds'),
    ]);
}

export async function runTotals(
  db: Executor,
  organizationId: number,
  query: RunListQuery,
): Promise<RunTotals> {
  const row = await runTotalsQuery(db, organizationId, query).executeTakeFirstOrThrow();
  return {
    totalCount: Number(row.total_count),
    totalServiceTokens: Number(row.total_service_tokens),
    totalDurationSeconds: Number(row.total_duration_seconds),
  };
}

/**
 * Folds the pending rows the `runs` triggers appended into one row per key (migration 2026_11_22_001100); the totals
 * read the same before and after. Returns how many rows it removed (0 when another fold was under way).
 */
export async function compactRunTotals(db: Executor): Promise<number> {
  const { rows } = await sql<{ removed: string }>`select compact_run_daily_totals() as removed`.execute(db);
  return Number(rows[0]?.removed ?? 0);
}
