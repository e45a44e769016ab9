import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../client';
import type { Database } from '../database';
import type { RollupTables } from '../tables/run-rollups';
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
import { splitByDays, totalsGrain } from './runs-totals-grain';

/**
 * Totals of a runs list (count, service tokens, call seconds over the whole filtered set), exact, from the per-day
 * totals kept by the triggers of migration 2026_11_22_000800 wherever the filters allow: whole UTC days inside the
 * dates come from the rollup of the filters' grain, the partial days at either end (and, for a duration range, the
 * partial duration buckets at either end) from `runs` through its indexes. A number substring reads the narrow copy
 * `run_list_entries` (migration 2026_11_22_001000) with all the query's filters; a run id, or a duration with other
 * filters, reads `runs` alone. docs/benchmarks.md ("Runs list") has the figures.
 */

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
