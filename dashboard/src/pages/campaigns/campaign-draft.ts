import type { FieldProblem } from '../../api/errors';
import type { paths } from '../../api/schema';
import { FORM_DEFAULT_BREAKER, FORM_DEFAULT_MAX_CONCURRENCY, FORM_DEFAULT_RETRY } from './campaign-defaults';

/** The New campaign form's state (inputs as typed), the request it becomes, and where the API's problems land. */

export type CreateCampaignRequest =
  paths['/api/v1/campaign/create']['post']['requestBody']['content']['application/json'];

export interface SlotDraft {
  key: number;
  day: string;
  start: string;
  end: string;
}

export interface CampaignDraft {
  name: string;
  agentId: string;
  telephonyConfigurationId: string;
  maxConcurrency: string;
  retry: {
    enabled: boolean;
    max_retries: string;
    retry_delay_seconds: string;
    retry_on_busy: boolean;
    retry_on_no_answer: boolean;
    retry_on_voicemail: boolean;
  };
  breaker: {
    enabled: boolean;
    failure_threshold: string;
    window_seconds: string;
    min_calls_in_window: string;
  };
  timezone: string;
  slots: SlotDraft[];
}

/** The browser's own zone, else UTC. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A blank form with the server's defaults. */
export function emptyDraft(): CampaignDraft {
  const retry = FORM_DEFAULT_RETRY;
  const breaker = FORM_DEFAULT_BREAKER;
  return {
    name: '',
    agentId: '',
    telephonyConfigurationId: '',
    maxConcurrency: String(FORM_DEFAULT_MAX_CONCURRENCY),
    retry: {
      ...retry,
      max_retries: String(retry.max_retries),
      retry_delay_seconds: String(retry.retry_delay_seconds),
    },
    breaker: {
      enabled: breaker.enabled,
      failure_threshold: String(breaker.failure_threshold),
      window_seconds: String(breaker.window_seconds),
      min_calls_in_window: String(breaker.min_calls_in_window),
    },
    timezone: browserTimeZone(),
    slots: [],
  };
}

/** A typed number; an empty input is left out (the API applies its default), anything else is sent as read. */
const numberOrUnset = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The create request for this draft over an uploaded file. Slots are sent in the short form with their zone. */
export function toCreateRequest(draft: CampaignDraft, fileKey: string): CreateCampaignRequest {
  const { retry, breaker } = draft;
  const request: CreateCampaignRequest = {
    name: draft.name,
    workflow_id: Number(draft.agentId),
    source_type: 'csv',
    source_id: fileKey,
    max_concurrency: numberOrUnset(draft.maxConcurrency),
    retry_config: {
      enabled: retry.enabled,
      max_retries: numberOrUnset(retry.max_retries),
      retry_delay_seconds: numberOrUnset(retry.retry_delay_seconds),
      retry_on_busy: retry.retry_on_busy,
      retry_on_no_answer: retry.retry_on_no_answer,
      retry_on_voicemail: retry.retry_on_voicemail,
    },
    circuit_breaker: {
      enabled: breaker.enabled,
      failure_threshold: numberOrUnset(breaker.failure_threshold),
      window_seconds: numberOrUnset(breaker.window_seconds),
      min_calls_in_window: numberOrUnset(breaker.min_calls_in_window),
    },
  };
  if (draft.telephonyConfigurationId)
    request.telephony_configuration_id = Number(draft.telephonyConfigurationId);
  if (draft.slots.length > 0) {
    request.time_slots = draft.slots.map(({ day, start, end }) => ({ day, start, end }));
    request.timezone = draft.timezone;
  }
  return request;
}

/** The form's field names: a problem whose `loc` is one of these (or inside one) is shown next to it. */
export function formFieldNames(draft: CampaignDraft): string[] {
  const slotFields = draft.slots.flatMap((_, index) =>
    ['day', 'start', 'end'].map((part) => `time_slots.${index}.${part}`),
  );
  return [
    'name',
    'workflow_id',
    'telephony_configuration_id',
    'source_id',
    'max_concurrency',
    'retry_config.max_retries',
    'retry_config.retry_delay_seconds',
    'circuit_breaker.failure_threshold',
    'circuit_breaker.window_seconds',
    'circuit_breaker.min_calls_in_window',
    'timezone',
    'time_slots',
    ...slotFields,
  ];
}

/** Where the API reports a field under another name than the form's. */
const FIELD_ALIASES: Record<string, string> = {
  'schedule_config.timezone': 'timezone',
  'schedule_config.slots': 'time_slots',
  schedule_config: 'time_slots',
  source_type: 'source_id',
};

/** Splits the API's problems: messages by form field (the field its `loc` names) and the rest for the form. */
export function placeProblems(problems: FieldProblem[], fieldNames: string[]) {
  const byField: Record<string, string> = {};
  const forForm: string[] = [];
  for (const problem of problems) {
    const raw = problem.field ?? '';
    const named = FIELD_ALIASES[raw] ?? raw;
    const field = fieldNames
      .filter((name) => named === name || named.startsWith(`${name}.`))
      .sort((a, b) => b.length - a.length)[0];
    if (field && !byField[field]) byField[field] = problem.message;
    else if (!field) forForm.push(problem.message);
  }
  return { byField, forForm };
}
