import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { ErrorMessage, Loading } from '../../ui/Feedback';
import { SelectField, TextField } from '../../ui/Field';
import { LabelledCheckbox } from '../../ui/LabelledCheckbox';
import { MetadataFieldInputs } from './MetadataFieldInputs';
import { OtherFieldProblems } from '../../ui/OtherFieldProblems';
import { FieldInputError, valuesFromForm } from './metadata-fields';
import { useProvidersMetadata, useTelephonyMutation } from './telephony-queries';

/** Creates a telephony configuration; the provider's fields come from the providers metadata. */
export function NewConfigurationForm({ onDone }: { onDone: () => void }) {
  const metadata = useProvidersMetadata();
  const [providerName, setProviderName] = useState('');
  const create = useTelephonyMutation(
    async (body: { name: string; config: Record<string, unknown>; is_default_outbound: boolean }) =>
      unwrap(await api.POST('/api/v1/organizations/telephony-configs', { body })),
  );
  const [formError, setFormError] = useState<FieldInputError | null>(null);

  if (metadata.isPending) return <Loading />;
  if (metadata.isError) return <ErrorMessage error={metadata.error} />;
  const provider = metadata.data.find((candidate) => candidate.provider === providerName);
  const errorFor = (path: string) =>
    formError?.field === path
      ? formError.message
      : create.error instanceof ApiError
        ? create.error.forField(path)
        : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!provider) return;
    const form = new FormData(event.currentTarget);
    setFormError(null);
    try {
      const config = { provider: provider.provider, ...valuesFromForm(form, 'config', provider.fields) };
      const body = {
        name: String(form.get('name') ?? ''),
        config,
        is_default_outbound: form.get('is_default_outbound') === 'on',
      };
      create.mutate(body, { onSuccess: onDone });
    } catch (failure) {
      if (failure instanceof FieldInputError) setFormError(failure);
      else throw failure;
    }
  }

  return (
    <form
      className="card telephony-form"
      aria-label="New telephony configuration"
      onSubmit={submit}
      noValidate
    >
      <h2>New telephony configuration</h2>
      <ErrorMessage error={create.error} />
      <OtherFieldProblems
        error={create.error}
        shown={[
          'name',
          'config.provider',
          ...(provider?.fields ?? []).map((field) => `config.${field.name}`),
        ]}
      />
      <div className="form-grid">
        <TextField label="Name" name="name" required autoComplete="off" error={errorFor('name')} />
        <SelectField
          label="Provider"
          name="provider"
          value={providerName}
          onChange={(event) => setProviderName(event.target.value)}
          placeholder="Choose a provider"
          error={errorFor('config.provider')}
          options={metadata.data.map((item) => ({ value: item.provider, label: item.display_name }))}
        />
      </div>
      {provider && (
        <fieldset key={provider.provider} className="form-grid">
          <legend>{provider.display_name} settings</legend>
          <MetadataFieldInputs prefix="config" fields={provider.fields} errorFor={errorFor} />
        </fieldset>
      )}
      <LabelledCheckbox
        label="Default outbound configuration"
        name="is_default_outbound"
        hint="Used by one-off calls and new campaigns that name no configuration."
      />
      <div className="actions">
        <button type="submit" className="primary" disabled={!provider || create.isPending}>
          Create configuration
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
