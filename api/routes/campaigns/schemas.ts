import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { LIMITS } from '../../../domain/campaign-settings';
import { WEEKDAYS } from '../../../domain/schedule';
import { Id, Name, Page, PageLimit } from '../common-schemas';

/** TypeBox schemas of the campaign routes: bodies, params, query and responses (responses strip unknown fields). */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const range = ({ min, max }: { min: number; max: number }, description?: string) =>
  ({ minimum: min, maximum: max, ...(description ? { description } : {}) }) as const;

export const ErrorBody = Type.Object({ detail: Type.String(), message: Type.Optional(Type.String()) });

/** Response schemas for the coded errors a route can answer with (422 keeps its FastAPI shape). */
export const errorResponses = (...codes: number[]): Record<number, TObject> =>
  Object.fromEntries(codes.map((code) => [code, ErrorBody]));

export const CampaignParams = Type.Object({ campaign_id: Id() });

const clock = (description: string) => Type.String({ description, examples: ['09:00'] });

export const ScheduleSlotBody = Type.Object({
  day_of_week: Type.Integer({ description: '0 = Monday … 6 = Sunday.' }),
  start_time: clock('HH:MM, 24 h, in the schedule zone.'),
  end_time: clock('HH:MM (or 24:00); earlier than start_time runs past midnight.'),
});

export const TimeSlotBody = Type.Object({
  day: Type.String({ description: `Lowercase weekday name: ${WEEKDAYS.join(', ')}.` }),
  start: clock('HH:MM, 24 h.'),
  end: clock('HH:MM (or 24:00); earlier than start runs past midnight.'),
});

const contactTimezone = Type.Union([Type.Literal('campaign'), Type.Literal('contact')], {
  description: "Whose zone the slots are read in: the campaign's, or each contact's own.",
});

export const ScheduleConfigInput = Type.Partial(
  Type.Object({
    enabled: Type.Boolean(),
    timezone: Type.String({ description: 'IANA zone; unknown zones are 422.' }),
    slots: Type.Array(ScheduleSlotBody, { maxItems: LIMITS.slots.max }),
    contact_timezone: contactTimezone,
  }),
);

export const RetryConfigInput = Type.Partial(
  Type.Object({
    enabled: Type.Boolean(),
    max_retries: Type.Integer(range(LIMITS.maxRetries, 'Retries after the first attempt.')),
    retry_delay_seconds: Type.Integer(range(LIMITS.retryDelaySeconds)),
    retry_on_busy: Type.Boolean(),
    retry_on_no_answer: Type.Boolean(),
    retry_on_voicemail: Type.Boolean(),
  }),
);

export const CircuitBreakerInput = Type.Partial(
  Type.Object({
    enabled: Type.Boolean(),
    failure_threshold: Type.Number(
      range(LIMITS.failureThreshold, 'Share of failures in the window that trips.'),
    ),
    window_seconds: Type.Integer(range(LIMITS.windowSeconds)),
    min_calls_in_window: Type.Integer(range(LIMITS.minCallsInWindow)),
  }),
);

const settingsFields = {
  time_slots: Type.Optional(Type.Array(TimeSlotBody, { maxItems: LIMITS.slots.max })),
  timezone: Type.Optional(Type.String({ description: 'IANA zone of time_slots (default UTC).' })),
  schedule_config: Type.Optional(ScheduleConfigInput),
  retry_config: Type.Optional(RetryConfigInput),
  max_concurrency: Type.Optional(
    Type.Integer({ minimum: 1, description: "1 … the organization's max_concurrent_calls (default 10)." }),
  ),
  circuit_breaker: Type.Optional(CircuitBreakerInput),
  ring_timeout_seconds: Type.Optional(Type.Integer(range(LIMITS.ringTimeoutSeconds, 'Default 45.'))),
  local_caller_id: Type.Optional(
    Type.Boolean({
      description:
        "Place each call from the configuration's active number nearest the contact (same area code, else region, " +
        'else country, else the default caller). Default false.',
    }),
  ),
};

export const CreateCampaignBody = Type.Object({
  name: Name(255),
  workflow_id: Id({ description: 'The agent that makes the calls.' }),
  source_type: Type.String({ description: '`csv`.' }),
  source_id: Type.String({ description: 'The `file_key` of a contacts upload.' }),
  telephony_configuration_id: Type.Optional(
    Id({ description: "Default: the organization's default outbound configuration." }),
  ),
  ...settingsFields,
});

export const UpdateCampaignBody = Type.Object({
  name: Type.Optional(Name(255)),
  ...settingsFields,
});

export const LogEntryBody = Type.Object({
  ts: Type.String({ format: 'date-time' }),
  level: Type.String(),
  event: Type.String(),
  message: Type.String(),
  details: Type.Object({}, { additionalProperties: true }),
});

export const CampaignBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  workflow_id: Type.Integer(),
  workflow_name: Type.String(),
  state: Type.String({ description: 'created, syncing, running, paused, completed or failed.' }),
  source_type: Type.String(),
  source_id: Type.String(),
  total_rows: Type.Integer({ description: 'Valid contacts imported.' }),
  processed_rows: Type.Integer({ description: 'Contacts with a final outcome.' }),
  failed_rows: Type.Integer({
    description: 'Contacts whose final outcome is a failure: neither completed, voicemail, transferred nor do_not_call.',
  }),
  do_not_call_rows: Type.Integer({
    description: "Contacts that ended do_not_call: their number is on the organization's do-not-call list (never dialed).",
  }),
  invalid_rows: Type.Integer({ description: 'Rows set aside at import: unusable number or row.' }),
  duplicate_rows: Type.Integer({ description: 'Rows set aside at import: number already in the campaign.' }),
  executed_count: Type.Integer({ description: 'Attempts placed.' }),
  total_queued_count: Type.Integer({ description: 'Attempts queued (first tries and retries).' }),
  created_at: Type.String({ format: 'date-time' }),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  completed_at: Nullable(Type.String({ format: 'date-time' })),
  retry_config: Type.Required(RetryConfigInput),
  max_concurrency: Type.Integer(),
  schedule_config: Type.Required(ScheduleConfigInput),
  circuit_breaker: Type.Required(CircuitBreakerInput),
  ring_timeout_seconds: Type.Integer(),
  local_caller_id: Type.Boolean(),
  parent_campaign_id: Nullable(Type.Integer()),
  redialed_campaign_id: Nullable(Type.Integer()),
  telephony_configuration_id: Nullable(Type.Integer()),
  telephony_configuration_name: Nullable(Type.String()),
  logs: Type.Optional(Type.Array(LogEntryBody, { description: 'The latest 100 entries, newest first.' })),
});

export const CampaignListBody = Type.Object({
  campaigns: Type.Array(CampaignBody, { description: 'Newest first; without logs.' }),
});

export const LogsQuery = Type.Object({
  page: Page,
  limit: PageLimit,
});

export const LogsPageBody = Type.Object({
  logs: Type.Array(LogEntryBody),
  page: Type.Integer(),
  limit: Type.Integer(),
  total_count: Type.Integer(),
  total_pages: Type.Integer(),
});
