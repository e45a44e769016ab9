import { Type } from '@sinclair/typebox';
import { MAX_ASSUMED_CALL_SECONDS } from '../../../domain/forecast-assumptions';

/** TypeBox schemas of `GET /campaign/{id}/forecast`. */

export const ForecastQuery = Type.Object({
  assume_call_seconds: Type.Optional(
    Type.Number({
      minimum: 1,
      maximum: MAX_ASSUMED_CALL_SECONDS,
      description:
        "Mean call length to assume (1 … 86400 s) instead of the organization's recent attempts, the simulator's " +
        'ring + talk seconds, or the default of 60 s.',
    }),
  ),
});

const count = (description: string) => Type.Integer({ description });

export const ForecastBody = Type.Object({
  contacts: Type.Object({
    total: count(
      'Valid, distinct contacts (the import’s total_rows): the sum of the counts below but invalid and duplicate.',
    ),
    callable_now: count(
      'Due now and inside every window that applies to them (schedule, own zones, legal hours).',
    ),
    waiting_for_window: count('Not callable now because a window that applies to them is closed.'),
    waiting_for_retry: count('Inside their window but waiting for a retry’s delay to pass.'),
    in_flight: count('With an attempt queued or on the line now.'),
    do_not_call: count(
      'On the organization’s do-not-call list and not yet done: they end as do_not_call, undialed.',
    ),
    invalid: count('Rows the import sets (or set) aside as invalid; not contacts.'),
    duplicate: count('Rows the import sets (or set) aside as duplicates of an earlier row; not contacts.'),
    over_cap: count(
      'Held by the organization’s frequency caps until an earlier attempt leaves the cap’s period.',
    ),
    done: count('Contacts with a final outcome.'),
  }),
  next_openings: Type.Array(
    Type.Object({
      timezone: Type.String({ description: 'The zone (or zones joined by "&") whose window is closed.' }),
      at: Type.String({ format: 'date-time' }),
    }),
    { description: 'When each closed window next opens, earliest first (at most 50).' },
  ),
  expected_finish_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      'When the last expected call should end (for a campaign not started: if it is started now); null while ' +
      '`partial` or when no contact can ever be dialed.',
  }),
  assumptions: Type.Object({
    mean_call_seconds: Type.Number(),
    max_concurrency: Type.Integer(),
    call_seconds_source: Type.Union(
      [Type.Literal('assumed'), Type.Literal('history'), Type.Literal('simulator'), Type.Literal('default')],
      { description: 'Where mean_call_seconds comes from.' },
    ),
    seconds_per_attempt: Type.Number({
      description: 'Seconds a line is held per first try: the call and the engine’s overhead.',
    }),
    seconds_per_retry: Type.Number({ description: 'The same for a retry (retries follow short outcomes).' }),
    retry_probability: Type.Number({
      description: 'Share of first tries expected to earn a retry (the recent outcome mix).',
    }),
    retry_again_probability: Type.Number({ description: 'Share of retries expected to earn another.' }),
    expected_attempts: Type.Integer({ description: 'Attempts simulated: first tries and expected retries.' }),
  }),
  partial: Type.Boolean({
    description: 'True while the source file (or the import) is still being read: counts so far.',
  }),
});
