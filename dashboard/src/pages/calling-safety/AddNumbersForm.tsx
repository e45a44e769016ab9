import type { FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { FieldFrame, TextField } from '../../ui/Field';
import type { AddResult } from './do-not-call-queries';

type AddMutation = UseMutationResult<AddResult, Error, { numbers: string[]; reason: string | null }>;

/** The numbers typed into the box: one per line, or separated by commas or semicolons. */
export function splitNumbers(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((number) => number.trim())
    .filter((number) => number !== '');
}

/** Adds numbers typed by hand (with an optional reason), and says what became of each. */
export function AddNumbersForm({ mutation }: { mutation: AddMutation }) {
  const errorFor = (field: string) =>
    mutation.error instanceof ApiError ? mutation.error.forField(field) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const reason = String(form.get('reason') ?? '').trim();
    mutation.mutate(
      { numbers: splitNumbers(String(form.get('numbers') ?? '')), reason: reason || null },
      // Only the numbers that went in leave the box; invalid ones stay to be corrected.
      {
        onSuccess: (result) => {
          const box = formElement.elements.namedItem('numbers') as HTMLTextAreaElement;
          box.value = result.invalid.map((item) => item.number).join('\n');
        },
      },
    );
  }

  return (
    <form className="card" aria-label="Add numbers" onSubmit={submit} noValidate>
      <h2>Add numbers</h2>
      <ErrorMessage error={mutation.error} />
      <FieldFrame
        label="Numbers"
        error={errorFor('numbers')}
        hint="One per line (or separated by commas): +14155550123, or national numbers of the default region. Up to 1,000 at a time."
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            name="numbers"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            autoComplete="off"
          />
        )}
      </FieldFrame>
      <TextField label="Reason (optional)" name="reason" maxLength={500} error={errorFor('reason')} />
      <div className="actions">
        <button type="submit" className="primary" disabled={mutation.isPending}>
          Add to the list
        </button>
      </div>
      {mutation.data && <AddOutcome result={mutation.data} />}
    </form>
  );
}

function AddOutcome({ result }: { result: AddResult }) {
  return (
    <div className="dnc-result" role="status">
      <p>
        {result.added.length} added, {result.already_listed.length} already on the list,{' '}
        {result.invalid.length} invalid.
      </p>
      {result.invalid.length > 0 && (
        <ul aria-label="Invalid numbers">
          {result.invalid.map((item, index) => (
            <li key={index}>
              <code>{item.number}</code>: {describeNumberError(item.error)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The API's number error codes, in words. */
export function describeNumberError(code: string): string {
  if (code === 'invalid_phone_number') return 'not a valid phone number';
  if (code === 'missing_phone_number') return 'no number';
  return code;
}
