/**
 * Why the import set a row of a contact list aside (`contact_rejects.reason`, activities/import/contact-rows.ts), in
 * words for people: the rejected-rows list and its CSV say it beside the code.
 */
export const REJECT_REASON_TEXT: Record<string, string> = {
  missing_phone_number: 'The phone number cell is empty.',
  invalid_phone_number: 'The phone number is not a valid number.',
  invalid_country_code: 'The country code of the number is not known.',
  invalid_timezone: 'The timezone cell is not a known time zone (e.g. America/New_York).',
  invalid_encoding: 'The row is not UTF-8 text.',
  too_many_columns: 'The row has more cells than the header has columns.',
  malformed_csv: 'The row is not valid CSV (an unclosed or stray quote).',
  duplicate: 'The same phone number as an earlier row: that row is called, this one is not.',
};

export const rejectReasonText = (reason: string): string =>
  REJECT_REASON_TEXT[reason] ?? reason.replace(/_/g, ' ');
