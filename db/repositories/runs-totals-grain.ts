import type { RunFilter, RunListQuery, TimeWindow } from './runs-filters';

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
