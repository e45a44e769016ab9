import type { FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { TextField } from '../../ui/Field';
import { LabelledCheckbox } from '../../ui/LabelledCheckbox';
import type { CreatedApiKey, NewApiKey } from './api-key-queries';

const SCOPES = [
  { scope: 'read', label: 'Read', hint: 'GET requests.' },
  { scope: 'write', label: 'Write', hint: 'Every other request (create, change, delete, start calls).' },
] as const;

/** Creates a key with a name and its scopes (read, write or both). */
export function NewApiKeyForm({
  mutation,
}: {
  mutation: UseMutationResult<CreatedApiKey, Error, NewApiKey>;
}) {
  const errorFor = (field: string) =>
    mutation.error instanceof ApiError ? mutation.error.forField(field) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const scopes = SCOPES.filter(({ scope }) => form.get(`scope.${scope}`) === 'on').map(
      ({ scope }) => scope,
    );
    mutation.mutate(
      { name: String(form.get('name') ?? ''), scopes },
      { onSuccess: () => formElement.reset() },
    );
  }

  return (
    <form className="card api-key-form" aria-label="New API key" onSubmit={submit} noValidate>
      <h2>New API key</h2>
      <ErrorMessage error={mutation.error} />
      <TextField
        label="Name"
        name="name"
        required
        autoComplete="off"
        maxLength={100}
        error={errorFor('name')}
      />
      <fieldset>
        <legend>Scopes</legend>
        {SCOPES.map(({ scope, label, hint }) => (
          <LabelledCheckbox key={scope} label={label} name={`scope.${scope}`} hint={hint} defaultChecked />
        ))}
        {errorFor('scopes') && (
          <p className="field-error" role="alert">
            {errorFor('scopes')}
          </p>
        )}
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary" disabled={mutation.isPending}>
          Create key
        </button>
      </div>
    </form>
  );
}
