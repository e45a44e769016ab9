/**
 * The runs list's filters as they live in the page address (`?from=&to=&agent=&campaign=&disposition=&page=&limit=`),
 * so that a reload or a shared link shows the same runs, and their translation into the API's query
 * (`GET /organizations/usage/runs`: start_date, end_date, page, limit and the JSON `filters`).
 */

export interface RunFilters {
  /** First day shown (YYYY-MM-DD, the browser's time zone), or '' for no bound. */
  from: string;
  /** Last day shown, included whole (YYYY-MM-DD, the browser's time zone), or ''. */
  to: string;
  /** An agent's id, or ''. */
  agent: string;
  /** A campaign's id, or ''. */
  campaign: string;
  /** Disposition codes, comma-separated, or ''. */
  disposition: string;
  page: number;
  limit: number;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_LIMIT = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,15}$/;

const dayOrEmpty = (value: string | null) => (value && DAY.test(value) ? value : '');
const idOrEmpty = (value: string | null) => (value && ID.test(value) ? value : '');

function positiveInteger(value: string | null, fallback: number, max: number): number {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
}

/** Reads the filters from the address; a value that cannot be used (a hand-edited link) is left out. */
export function readRunFilters(params: URLSearchParams): RunFilters {
  return {
    from: dayOrEmpty(params.get('from')),
    to: dayOrEmpty(params.get('to')),
    agent: idOrEmpty(params.get('agent')),
    campaign: idOrEmpty(params.get('campaign')),
    disposition: (params.get('disposition') ?? '').trim(),
    page: positiveInteger(params.get('page'), 1, 1_000_000),
    limit: positiveInteger(params.get('limit'), DEFAULT_LIMIT, 100),
  };
}

/** The address of these filters: empty ones, page 1 and the default page size are left out to keep links short. */
export function runFiltersToParams(filters: RunFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['from', 'to', 'agent', 'campaign', 'disposition'] as const) {
    if (filters[key]) params.set(key, filters[key]);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.limit !== DEFAULT_LIMIT) params.set('limit', String(filters.limit));
  return params;
}

/** Whether any filter narrows the list (paging aside). */
export const hasActiveFilters = (filters: RunFilters) =>
  Boolean(filters.from || filters.to || filters.agent || filters.campaign || filters.disposition);

/** The disposition codes of a comma-separated entry, trimmed, without empty ones. */
export const dispositionCodes = (entry: string) =>
  entry
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);

/** A local calendar day's first or last millisecond as an ISO instant (the API compares instants). */
function dayBound(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const moment = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date);
  return moment.toISOString();
}

/** The runs list's API query for these filters. */
export function runListQuery(filters: RunFilters) {
  const apiFilters: Array<Record<string, unknown>> = [];
  if (filters.agent)
    apiFilters.push({ attribute: 'workflowId', type: 'number', value: Number(filters.agent) });
  if (filters.campaign)
    apiFilters.push({ attribute: 'campaignId', type: 'number', value: Number(filters.campaign) });
  const codes = dispositionCodes(filters.disposition);
  if (codes.length > 0) apiFilters.push({ attribute: 'dispositionCode', type: 'multiSelect', codes });
  return {
    page: filters.page,
    limit: filters.limit,
    ...(filters.from ? { start_date: dayBound(filters.from, false) } : {}),
    ...(filters.to ? { end_date: dayBound(filters.to, true) } : {}),
    ...(apiFilters.length > 0 ? { filters: JSON.stringify(apiFilters) } : {}),
  };
}
