import { useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { FieldFrame, TextField } from '../../ui/Field';
import { describeNumberError } from './AddNumbersForm';
import type { ImportResult } from './do-not-call-queries';

type ImportMutation = UseMutationResult<ImportResult, Error, { file: File; reason: string | null }>;

/** Adds the numbers of a CSV file (uploaded through a presigned URL), and reports the counts and invalid rows. */
export function ImportNumbersForm({ mutation }: { mutation: ImportMutation }) {
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const errorFor = (field: string) =>
    mutation.error instanceof ApiError ? mutation.error.forField(field) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setMissingFile(true);
      return;
    }
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    mutation.mutate({ file, reason: reason || null });
  }

  const fileError = missingFile && !file ? 'Choose a CSV file.' : errorFor('file_key');
  return (
    <form className="card" aria-label="Import a CSV" onSubmit={submit} noValidate>
      <h2>Import a CSV</h2>
      <ErrorMessage error={mutation.error} />
      <FieldFrame
        label="CSV file"
        error={fileError}
        hint="The number from a phone_number or number column, else the first column; an optional reason column."
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </FieldFrame>
      <TextField
        label="Reason for rows without one (optional)"
        name="reason"
        maxLength={500}
        error={errorFor('reason')}
      />
      <div className="actions">
        <button type="submit" className="primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Importing…' : 'Import'}
        </button>
      </div>
      {mutation.data && <ImportOutcome result={mutation.data} />}
    </form>
  );
}

function ImportOutcome({ result }: { result: ImportResult }) {
  return (
    <div className="dnc-result" role="status">
      <p>
        Imported: {result.added.toLocaleString()} added, {result.already_listed.toLocaleString()} already on
        the list, {result.invalid.toLocaleString()} invalid.
      </p>
      {result.invalid_rows.length > 0 && (
        <ul aria-label="Invalid rows">
          {result.invalid_rows.map((row) => (
            <li key={row.row}>
              Row {row.row}: <code>{row.number || '(empty)'}</code>, {describeNumberError(row.error)}
            </li>
          ))}
          {result.invalid > result.invalid_rows.length && (
            <li>and {(result.invalid - result.invalid_rows.length).toLocaleString()} more</li>
          )}
        </ul>
      )}
    </div>
  );
}
