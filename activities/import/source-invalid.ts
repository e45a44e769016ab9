/** Why a contact source cannot be imported, as the `reason` of the `source_sync_failed` log entry. */
export type SourceInvalidReason =
  | 'source_not_found'
  | 'source_changed'
  | 'not_utf8_text'
  | 'empty_file'
  | 'malformed_header'
  | 'no_phone_number_column'
  | 'too_many_malformed_records'
  | 'value_refused'
  | 'import_error';

/** A contact source that no retry can fix; the import fails the campaign with it. */
export class SourceInvalid extends Error {
  constructor(
    readonly reason: SourceInvalidReason,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'SourceInvalid';
  }
}
