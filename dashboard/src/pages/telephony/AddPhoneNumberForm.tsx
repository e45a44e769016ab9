import { useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { SelectField, TextField } from '../../ui/Field';
import { LabelledCheckbox } from '../../ui/LabelledCheckbox';
import type { AddedPhoneNumber, NewPhoneNumber } from './phone-number-mutations';

interface AddPhoneNumberFormProps {
  mutation: UseMutationResult<AddedPhoneNumber, Error, NewPhoneNumber>;
  agentOptions: Array<{ value: string; label: string }>;
}

/** Adds a number (E.164 or national with a country code, or a SIP URI) to the configuration. */
export function AddPhoneNumberForm({ mutation, agentOptions }: AddPhoneNumberFormProps) {
  // What the last number added was stored as, when that differs from what was typed.
  const [normalised, setNormalised] = useState<{ typed: string; stored: string } | null>(null);
  const errorFor = (field: string) =>
    mutation.error instanceof ApiError ? mutation.error.forField(field) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const agent = text('inbound_workflow_id');
    const body: NewPhoneNumber = {
      address: text('address'),
      ...(text('label') ? { label: text('label') } : {}),
      ...(text('country_code') ? { country_code: text('country_code').toUpperCase() } : {}),
      ...(agent ? { inbound_workflow_id: Number(agent) } : {}),
      is_default_caller_id: form.get('is_default_caller_id') === 'on',
    };
    setNormalised(null);
    mutation.mutate(body, {
      onSuccess: (added) => {
        formElement.reset();
        // `address` is kept as typed; calls dial `address_normalized`.
        if (added.address_type === 'pstn' && added.address_normalized !== body.address)
          setNormalised({ typed: body.address, stored: added.address_normalized });
      },
    });
  }

  return (
    <form className="card telephony-form" aria-label="Add a phone number" onSubmit={submit} noValidate>
      <h3>Add a phone number</h3>
      <ErrorMessage error={mutation.error} />
      {normalised && (
        <p role="status" className="muted">
          Added {normalised.stored}: “{normalised.typed}” is stored in international form (E.164), as calls
          use it.
        </p>
      )}
      <div className="form-grid">
        <TextField
          label="Number or SIP URI"
          name="address"
          required
          autoComplete="off"
          placeholder="+15550100"
          error={errorFor('address')}
        />
        <TextField label="Label (optional)" name="label" autoComplete="off" error={errorFor('label')} />
        <TextField
          label="Country (optional)"
          name="country_code"
          autoComplete="off"
          maxLength={2}
          hint="Two letters, e.g. US, to read a number written without +."
          error={errorFor('country_code')}
        />
        <SelectField
          label="Inbound agent"
          name="inbound_workflow_id"
          placeholder="None"
          options={agentOptions}
          error={errorFor('inbound_workflow_id')}
        />
      </div>
      <LabelledCheckbox label="Default caller number" name="is_default_caller_id" />
      <div className="actions">
        <button type="submit" className="primary" disabled={mutation.isPending}>
          Add number
        </button>
      </div>
    </form>
  );
}
