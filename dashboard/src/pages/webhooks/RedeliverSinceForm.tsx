import { useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { TextField } from '../../ui/Field';

type RedeliverSince = UseMutationResult<{ redelivered: number }, Error, { id: number; since: string }>;

/**
 * Sends again every delivery of the events recorded since a time (in the browser's time zone), e.g. after the
 * receiver lost what it had taken.
 */
export function RedeliverSinceForm({
  endpointId,
  mutation,
}: {
  endpointId: number;
  mutation: RedeliverSince;
}) {
  const [missing, setMissing] = useState(false);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('since') ?? '');
    const since = new Date(value);
    setMissing(value === '' || Number.isNaN(since.getTime()));
    if (value === '' || Number.isNaN(since.getTime())) return;
    mutation.mutate({ id: endpointId, since: since.toISOString() });
  }
  const apiError = mutation.error instanceof ApiError ? mutation.error.forField('since') : undefined;
  const count = mutation.data?.redelivered;
  return (
    <form className="redeliver-since" aria-label="Redeliver since" onSubmit={submit} noValidate>
      <TextField
        label="Events recorded since"
        name="since"
        type="datetime-local"
        step={1}
        error={missing ? 'Choose a date and time.' : apiError}
      />
      <button type="submit" disabled={mutation.isPending}>
        Redeliver all since
      </button>
      <ErrorMessage error={mutation.error} />
      <span role="status" className="muted">
        {count === undefined
          ? ''
          : `${count.toLocaleString()} ${count === 1 ? 'delivery' : 'deliveries'} sent again.`}
      </span>
    </form>
  );
}
