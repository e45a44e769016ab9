import { Type, type TInteger } from '@sinclair/typebox';
import { DIALING_REASON_CODES, type DialingReasonCode } from '../../../campaigns/dialing-status';
import { ATTEMPT_OUTCOMES, type AttemptOutcome } from '../../../domain/outcomes';
import { RetryConfigInput } from '../campaigns/schemas';
import { Name } from '../common-schemas';

/** TypeBox schemas of the campaign operations routes (progress and redial). */

const pick = (outcome: string) =>
  Type.Optional(
    Type.Boolean({ default: false, description: `Redial contacts whose last outcome was ${outcome}.` }),
  );

export const RedialBody = Type.Object({
  name: Type.Optional(Name(255, { description: 'Default: the parent name + " (redial)".' })),
  retry_on_busy: pick('busy'),
  retry_on_no_answer: pick('no_answer'),
  retry_on_voicemail: pick('voicemail'),
  retry_config: Type.Optional(RetryConfigInput),
});

const count = (description: string) => Type.Integer({ description });
const NullableTime = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

const DialingReasonBody = Type.Object({
  reason: Type.Unsafe<DialingReasonCode>({ type: 'string', enum: [...DIALING_REASON_CODES] }),
  contacts: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Contacts held for this reason; null for a reason about the whole campaign.',
  }),
  next_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the first of them can be called (UTC).',
  }),
  zone: Type.Union([Type.String(), Type.Null()], {
    description: "The callee's zone whose window opens first (several joined by `&`).",
  }),
  next_at_local: Type.Union([Type.String(), Type.Null()], {
    description: '`next_at` in that zone, ISO 8601 with its offset.',
  }),
  message: Type.String({ description: 'The reason in a sentence, for people.' }),
});

export const ProgressBody = Type.Object({
  campaign_id: Type.Integer(),
  state: Type.String(),
  total_rows: count('Contacts of the campaign (valid rows imported so far).'),
  processed_rows: count('Contacts with a final outcome.'),
  failed_rows: count(
    'Contacts whose final outcome is a failure: neither completed, voicemail, transferred nor do_not_call.',
  ),
  do_not_call_rows: count(
    "Contacts that ended do_not_call: their number is on the organization's do-not-call list.",
  ),
  in_flight: count('Attempts being dialed or on the line now.'),
  max_concurrency: Type.Integer(),
  outcomes: Type.Object(
    Object.fromEntries(ATTEMPT_OUTCOMES.map((outcome) => [outcome, Type.Integer()])) as Record<
      AttemptOutcome,
      TInteger
    >,
    { description: 'Finished attempts by outcome (a retried contact counts once per attempt).' },
  ),
  retries_pending: count('Contacts waiting for a retry whose attempt is not yet dialed.'),
  waiting_for_legal_hours: count(
    "Contacts held until legal calling hours open in their zones (the organization's calling rules): while " +
      'running, those whose legal hours are closed now; otherwise those the engine held.',
  ),
  next_window_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      'When the next call can start, while none can now: the earliest of the held contacts (legal hours, the ' +
      "schedule, a retry's delay, the frequency caps; `dialing.reasons`). Null while a contact can be dialed, " +
      'when none ever can, and while not running.',
  }),
  eta_seconds: Type.Union([Type.Integer(), Type.Null()], {
    description:
      "Seconds until the forecast's last expected call ends (GET …/forecast's model: windows, legal hours, retries, " +
      'caps, lines, recent call lengths); 0 when finished; null while not running or when no contact can be dialed.',
  }),
  dialing: Type.Object(
    {
      dialing: Type.Boolean({
        description: 'True while calls are under way or a contact can be dialed now.',
      }),
      reasons: Type.Array(DialingReasonBody, {
        description:
          'Why contacts wait, or why the campaign is not dialing at all: each kind of hold with its count and when ' +
          'the first held contact can be called. Empty when nothing waits.',
      }),
    },
    { description: 'Ours: why the campaign is, or is not, dialing now, and when it next will.' },
  ),
  failed_calls: count(
    "Dograh's: finished attempts whose call did not connect (busy, no_answer, failed, invalid_number).",
  ),
  progress_percentage: Type.Number({
    description: "Dograh's: processed_rows ÷ total_rows × 100 (unrounded); 0 while there is no contact.",
  }),
  source_sync: Type.Object(
    {
      status: Type.Union([
        Type.Literal('pending'),
        Type.Literal('in_progress'),
        Type.Literal('completed'),
        Type.Literal('failed'),
      ]),
      last_synced_at: NullableTime,
      error: Type.Union([Type.String(), Type.Null()], { description: 'Why the import failed, in words.' }),
      reason: Type.Union([Type.String(), Type.Null()], {
        description: "Ours: the failure's code (as in the `source_sync_failed` log entry).",
      }),
    },
    { description: "Dograh's: where the contact import stands." },
  ),
  rate_limit: Type.Union([Type.Number(), Type.Null()], {
    description:
      "Dograh's: calls per second the campaign's telephony configuration allows (`calls_per_second`, as the " +
      'engine applies it); null when it sets none.',
  }),
  started_at: NullableTime,
  completed_at: NullableTime,
});
