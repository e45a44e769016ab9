import { Type, type Static } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { RunFilter, RunListQuery } from '../../../db/repositories/runs';
import { invalidField, type ValidationIssue, validationError } from '../../errors';
import { inputIssues } from '../../plugins/input-guards';
import { Page, PageLimit } from '../common-schemas';

/** The query string of the runs lists: dates, paging and the JSON-encoded `filters`. */
export const RunListQuerystring = Type.Object({
  start_date: Type.Optional(
    Type.String({
      description: 'ISO 8601 date-time (UTC unless an offset is given); inclusive lower bound.',
    }),
  ),
  end_date: Type.Optional(
    Type.String({
      description:
        'ISO 8601 date-time; inclusive upper bound. A bare date (YYYY-MM-DD) includes that whole day.',
    }),
  ),
  page: Page,
  limit: PageLimit,
  filters: Type.Optional(
    Type.String({
      description:
        'JSON array of {attribute, type, value | codes | min | max}: runId, workflowId, campaignId (number), ' +
        'callerNumber, calledNumber (text, substring), dispositionCode (multiSelect, codes), duration (numberRange).',
    }),
  ),
});
export type RunListQuerystring = Static<typeof RunListQuerystring>;

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(name: 'start_date' | 'end_date', raw: string): Date {
  const parsed = DateTime.fromISO(raw.trim(), { zone: 'utc' });
  if (!parsed.isValid)
    throw invalidField(['query', name], 'Input should be a valid ISO 8601 datetime', 'datetime_parsing');
  // ISO 8601 allows expanded years (-271821-04-20); PostgreSQL timestamps do not reach that far.
  if (parsed.year < 1 || parsed.year > 9999)
    throw invalidField(['query', name], 'Input should be a date between years 1 and 9999', 'datetime_range');
  const moment = name === 'end_date' && BARE_DATE.test(raw.trim()) ? parsed.endOf('day') : parsed;
  return moment.toJSDate();
}

/** The API's filter names (`workflowId`: the API's name for an agent's id) and the type each takes. */
type FilterName = Exclude<RunFilter['attribute'], 'agentId'> | 'workflowId';
const FILTER_TYPES: Record<FilterName, string> = {
  runId: 'number',
  workflowId: 'number',
  campaignId: 'number',
  callerNumber: 'text',
  calledNumber: 'text',
  dispositionCode: 'multiSelect',
  duration: 'numberRange',
};

const isId = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) ||
  (typeof v === 'string' && /^[1-9]\d{0,15}$/.test(v));
const asNumber = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;

/** One filter object: a RunFilter, null when it is to be ignored, or the problem with its value. */
function parseFilter(item: unknown, loc: string[]): RunFilter | null | ValidationIssue {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return { loc, msg: 'Each filter must be an object {attribute, type, ...}', type: 'dict_type' };
  }
  const f = item as Record<string, unknown>;
  const attribute = f.attribute as FilterName;
  if (typeof attribute !== 'string' || !Object.hasOwn(FILTER_TYPES, attribute)) return null;
  if (f.type !== FILTER_TYPES[attribute]) return null;
  switch (attribute) {
    case 'runId':
    case 'workflowId':
    case 'campaignId':
      if (!isId(f.value))
        return { loc: [...loc, 'value'], msg: 'Input should be a positive integer', type: 'int_type' };
      return { attribute: attribute === 'workflowId' ? 'agentId' : attribute, value: Number(f.value) };
    case 'callerNumber':
    case 'calledNumber': {
      const value = typeof f.value === 'number' && Number.isFinite(f.value) ? String(f.value) : f.value;
      if (typeof value !== 'string')
        return { loc: [...loc, 'value'], msg: 'Input should be a string', type: 'string_type' };
      return value.trim() === '' ? null : { attribute, value: value.trim() };
    }
    case 'dispositionCode':
      if (!Array.isArray(f.codes) || !f.codes.every((c) => typeof c === 'string')) {
        return { loc: [...loc, 'codes'], msg: 'Input should be an array of strings', type: 'list_type' };
      }
      return f.codes.length === 0 ? null : { attribute, codes: f.codes as string[] };
    case 'duration': {
      const bounds: { min?: number; max?: number } = {};
      for (const key of ['min', 'max'] as const) {
        if (f[key] === undefined || f[key] === null) continue;
        const n = asNumber(f[key]);
        if (n === undefined)
          return { loc: [...loc, key], msg: 'Input should be a number', type: 'float_type' };
        bounds[key] = n;
      }
      return bounds.min === undefined && bounds.max === undefined ? null : { attribute, ...bounds };
    }
  }
}

/** Parses `filters`: bad JSON or a non-array is a 422; unknown attributes and mismatched types are ignored. */
export function parseFilters(raw: string | undefined): RunFilter[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidField(['query', 'filters'], 'filters must be valid JSON', 'json_invalid');
  }
  if (!Array.isArray(parsed))
    throw invalidField(['query', 'filters'], 'filters must be a JSON array', 'list_type');
  const unusable = inputIssues(parsed, ['query', 'filters']);
  if (unusable.length > 0) throw validationError(unusable);
  const filters: RunFilter[] = [];
  const issues: ValidationIssue[] = [];
  parsed.forEach((item, index) => {
    const result = parseFilter(item, ['query', 'filters', String(index)]);
    if (result === null) return;
    if ('loc' in result) issues.push(result);
    else filters.push(result);
  });
  if (issues.length > 0) throw validationError(issues);
  return filters;
}

/** The repository query of a validated query string, optionally restricted to one agent. */
export function toRunListQuery(query: RunListQuerystring, agentId?: number): RunListQuery {
  return {
    agentId,
    startDate: query.start_date ? parseDate('start_date', query.start_date) : undefined,
    endDate: query.end_date ? parseDate('end_date', query.end_date) : undefined,
    filters: parseFilters(query.filters),
    page: query.page,
    limit: query.limit,
  };
}
