import { Type } from '@sinclair/typebox';
import { Page, PageLimit } from '../common-schemas';

/** TypeBox schemas of the do-not-call routes. */

/** At most this many numbers per POST; a larger list goes through the CSV import. */
export const MAX_NUMBERS_PER_REQUEST = 1000;
export const MAX_REASON_LENGTH = 500;

export { ErrorBody } from '../common-schemas';

const Reason = Type.String({
  maxLength: MAX_REASON_LENGTH,
  description: 'Why the number must not be called.',
});
const Source = Type.Union(
  [Type.Literal('api'), Type.Literal('import'), Type.Literal('opt_out'), Type.Literal('campaign')],
  { description: 'api (added by hand), import (CSV), opt_out (the person asked during a call), campaign.' },
);

export const DoNotCallEntry = Type.Object({
  number: Type.String({ description: 'E.164.' }),
  reason: Type.Union([Type.String(), Type.Null()]),
  source: Source,
  run_id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The run whose call led to it (opt_out).',
  }),
  added_by: Type.Union([Type.String(), Type.Null()], {
    description: '`user:<id>` or `api_key:<id>` that added it; null when the engine did.',
  }),
  created_at: Type.String({ format: 'date-time' }),
});

export const DoNotCallListQuery = Type.Object({
  search: Type.Optional(
    Type.String({
      maxLength: 32,
      description: 'Digits the number contains (spaces, dashes, dots, parentheses and `+` are ignored).',
    }),
  ),
  page: Page,
  limit: PageLimit,
});

export const DoNotCallList = Type.Object({
  entries: Type.Array(DoNotCallEntry),
  total_count: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});

export const AddDoNotCallBody = Type.Object({
  numbers: Type.Array(Type.String({ maxLength: 64 }), {
    minItems: 1,
    maxItems: MAX_NUMBERS_PER_REQUEST,
    description: `1 … ${MAX_NUMBERS_PER_REQUEST} numbers, E.164 or national in the default region.`,
  }),
  reason: Type.Optional(Type.Union([Reason, Type.Null()])),
});

export const AddDoNotCallResult = Type.Object({
  added: Type.Array(Type.String(), { description: 'Numbers (E.164) put on the list by this request.' }),
  already_listed: Type.Array(Type.String(), {
    description: 'Numbers (E.164) that were on the list already.',
  }),
  invalid: Type.Array(Type.Object({ number: Type.String(), error: Type.String() }), {
    description: 'Numbers that are not valid phone numbers (`invalid_phone_number`, `missing_phone_number`).',
  }),
});

export const DoNotCallNumberParams = Type.Object({
  number: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'The number, URL-encoded (`%2B14155550123`).',
  }),
});

export const ImportDoNotCallBody = Type.Object({
  file_key: Type.String({
    minLength: 1,
    maxLength: 1024,
    description: 'The `file_key` of a presigned upload.',
  }),
  reason: Type.Optional(Type.Union([Reason, Type.Null()])),
});

export const ImportDoNotCallResult = Type.Object({
  added: Type.Integer({ description: 'Numbers put on the list.' }),
  already_listed: Type.Integer({ description: 'Numbers already on it (or twice in the file).' }),
  invalid: Type.Integer({ description: 'Rows without a valid number.' }),
  invalid_rows: Type.Array(
    Type.Object({ row: Type.Integer(), number: Type.String(), error: Type.String() }),
    {
      description: 'The first 100 invalid rows (row 1 is the first line of the file).',
    },
  ),
});
