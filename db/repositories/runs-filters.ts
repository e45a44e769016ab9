import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../database';

/** The filters of the runs list, and their conditions on `runs`. */

/** One filter of the runs list, already validated; all filters of a query must match (AND). */
export type RunFilter =
  | { attribute: 'runId' | 'agentId' | 'campaignId'; value: number }
  | { attribute: 'callerNumber' | 'calledNumber'; value: string }
  | { attribute: 'dispositionCode'; codes: string[] }
  | { attribute: 'duration'; min?: number; max?: number };

export interface RunListQuery {
  agentId?: number;
  /** Inclusive bounds on created_at. */
  startDate?: Date;
  endDate?: Date;
  filters: RunFilter[];
  page: number;
  limit: number;
}

/** A half-open interval of created_at: from ≤ created_at < to; an absent end is unbounded. */
export interface TimeWindow {
  from?: Date;
  to?: Date;
}

/** The query's inclusive dates as a window. Inclusive to the millisecond the client sees: created_at keeps microseconds. */
export const queryWindow = (query: RunListQuery): TimeWindow => ({
  from: query.startDate,
  to: query.endDate ? new Date(query.endDate.getTime() + 1) : undefined,
});

/** Escapes LIKE wildcards so a search for `50%` or `a_b` matches those characters literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The conditions of a runs list on `runs`, over `window` instead of the query's dates, plus `extra` (used to take
 * out what per-day totals already counted).
 */
export function runConditions(
  eb: ExpressionBuilder<Database, 'runs'>,
  organizationId: number,
  query: Pick<RunListQuery, 'agentId' | 'filters'>,
  window: TimeWindow,
  extra: Expression<SqlBool>[] = [],
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb('runs.organization_id', '=', organizationId)];
  if (query.agentId !== undefined) all.push(eb('runs.workflow_id', '=', query.agentId));
  if (window.from) all.push(eb('runs.created_at', '>=', window.from));
  if (window.to) all.push(eb('runs.created_at', '<', window.to));
  for (const filter of query.filters) {
    switch (filter.attribute) {
      case 'runId':
        all.push(eb('runs.id', '=', filter.value));
        break;
      case 'agentId':
        all.push(eb('runs.workflow_id', '=', filter.value));
        break;
      case 'campaignId':
        all.push(eb('runs.campaign_id', '=', filter.value));
        break;
      case 'callerNumber':
      case 'calledNumber': {
        const column = filter.attribute === 'callerNumber' ? 'runs.caller_number' : 'runs.called_number';
        all.push(eb(column, 'ilike', `%${escapeLike(filter.value)}%`));
        break;
      }
      case 'dispositionCode':
        all.push(eb('runs.disposition', 'in', filter.codes));
        break;
      case 'duration':
        if (filter.min !== undefined) all.push(eb('runs.call_duration_seconds', '>=', filter.min));
        if (filter.max !== undefined) all.push(eb('runs.call_duration_seconds', '<=', filter.max));
        break;
    }
  }
  return eb.and([...all, ...extra]);
}

/** The duration filters of a query folded into one inclusive range (the filters are ANDed). */
export function durationRange(filters: RunFilter[]): { min?: number; max?: number } {
  let min: number | undefined;
  let max: number | undefined;
  for (const filter of filters) {
    if (filter.attribute !== 'duration') continue;
    if (filter.min !== undefined) min = min === undefined ? filter.min : Math.max(min, filter.min);
    if (filter.max !== undefined) max = max === undefined ? filter.max : Math.min(max, filter.max);
  }
  return { min, max };
}

/** `sql` for a numeric literal parameter, typed so Postgres compares it as numeric. */
export const numericParam = (value: number) => sql<number>`${value}::numeric`;
