import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { SelectField, TextField } from '../../ui/Field';
import { OtherFieldProblems } from '../../ui/OtherFieldProblems';
import { CREDENTIAL_TYPES, credentialTypeOf, type CredentialType } from './credential-types';
import type { Credential } from './credential-queries';

/** What the form sends: a create's body, or an update's (a kept secret left out). */
export interface CredentialFields {
  name: string;
  description: string | null;
  credential_type: CredentialType;
  credential_data: Record<string, string>;
}

interface CredentialFormProps {
  /** The form's accessible name and heading, e.g. "New credential". */
  title: string;
  submitLabel: string;
  /** The stored credential when editing; null for a new one. */
  stored: Credential | null;
  pending: boolean;
  error: Error | null;
  onSubmit: (fields: CredentialFields) => void;
}

const TYPE_OPTIONS = CREDENTIAL_TYPES.map(({ type, label }) => ({ value: type, label }));

/**
 * A credential's name, description, type and the type's fields; for creating and editing alike. Editing, a secret
 * left blank keeps the stored one (the API merges the fields sent into the stored ones); another type needs all of
 * its fields. The API's problems show next to the field they name.
 */
export function CredentialForm({
  title,
  submitLabel,
  stored,
  pending,
  error,
  onSubmit,
}: CredentialFormProps) {
  const [type, setType] = useState<CredentialType>(
    (credentialTypeOf(stored?.credential_type ?? '')?.type ?? 'api_key') as CredentialType,
  );
  const info = credentialTypeOf(type)!;
  const sameType = stored !== null && stored.credential_type === type;
  const errorFor = (field: string) => (error instanceof ApiError ? error.forField(field) : undefined);
  const shown = [
    'name',
    'description',
    'credential_type',
    ...info.fields.map((f) => `credential_data.${f.name}`),
  ];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const data: Record<string, string> = {};
    for (const field of info.fields) {
      const value = String(form.get(`credential_data.${field.name}`) ?? '');
      // Editing the same type, a blank secret keeps the stored one.
      if (field.secret && sameType && value === '') continue;
      data[field.name] = value;
    }
    onSubmit({
      name: String(form.get('name') ?? '').trim(),
      description: String(form.get('description') ?? '').trim() || null,
      credential_type: type,
      credential_data: data,
    });
  }

  return (
    <form className="card credential-form" aria-label={title} onSubmit={submit} noValidate>
      <h2>{title}</h2>
      <ErrorMessage error={error} />
      <OtherFieldProblems error={error} shown={shown} />
      <TextField
        label="Name"
        name="name"
        required
        autoComplete="off"
        maxLength={200}
        defaultValue={stored?.name ?? ''}
        error={errorFor('name')}
      />
      <TextField
        label="Description (optional)"
        name="description"
        maxLength={1000}
        defaultValue={stored?.description ?? ''}
        error={errorFor('description')}
      />
      <SelectField
        label="Type"
        name="credential_type"
        value={type}
        options={TYPE_OPTIONS}
        hint={info.sends}
        error={errorFor('credential_type')}
        onChange={(event) => setType(event.target.value as CredentialType)}
      />
      {/* Keyed by type: another type starts from blank fields (or the stored ones when switching back). */}
      <div className="credential-fields" key={type}>
        {info.fields.map((field) => {
          const storedValue = sameType ? stored.credential_data[field.name] : undefined;
          return (
            <TextField
              key={field.name}
              label={field.label}
              name={`credential_data.${field.name}`}
              required
              type={field.secret ? 'password' : 'text'}
              autoComplete={field.secret ? 'new-password' : 'off'}
              placeholder={'placeholder' in field ? field.placeholder : undefined}
              defaultValue={field.secret ? '' : (storedValue ?? '')}
              hint={
                field.secret
                  ? storedValue
                    ? `Stored encrypted: ${storedValue}. Leave it blank to keep it.`
                    : 'Stored encrypted; shown masked afterwards.'
                  : undefined
              }
              error={errorFor(`credential_data.${field.name}`)}
            />
          );
        })}
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
