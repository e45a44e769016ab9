import { useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import { ErrorMessage, Loading } from '../../ui/Feedback';
import { SelectField, TextField } from '../../ui/Field';
import { MetadataFieldInputs } from './MetadataFieldInputs';
import { OtherFieldProblems } from '../../ui/OtherFieldProblems';
import { FieldInputError, valuesFromForm, type MetadataField } from './metadata-fields';
import {
  VOICE_SECTIONS,
  useVoiceMetadata,
  type NewVoiceConfiguration,
  type VoiceSectionKey,
} from './voice-queries';

interface NewVoiceConfigFormProps {
  mutation: UseMutationResult<unknown, Error, NewVoiceConfiguration>;
  onDone: () => void;
}

type Vendor = { provider: string; display_name: string; description: string; fields: MetadataField[] };

/** Creates a voice configuration: a name and, per section, a vendor with its fields (from the vendors metadata). */
export function NewVoiceConfigForm({ mutation, onDone }: NewVoiceConfigFormProps) {
  const metadata = useVoiceMetadata();
  const [chosen, setChosen] = useState<Record<VoiceSectionKey, string>>({ stt: '', tts: '', llm: '' });
  const [formError, setFormError] = useState<FieldInputError | null>(null);
  if (metadata.isPending) return <Loading />;
  if (metadata.isError) return <ErrorMessage error={metadata.error} />;
  const vendorOf = (section: VoiceSectionKey): Vendor | undefined =>
    metadata.data[section].find((vendor) => vendor.provider === chosen[section]);
  const errorFor = (path: string) =>
    formError?.field === path
      ? formError.message
      : mutation.error instanceof ApiError
        ? mutation.error.forField(path)
        : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFormError(null);
    try {
      const body: NewVoiceConfiguration = { name: String(form.get('name') ?? '') };
      for (const { key } of VOICE_SECTIONS) {
        const vendor = vendorOf(key);
        if (vendor) body[key] = { provider: vendor.provider, ...valuesFromForm(form, key, vendor.fields) };
      }
      mutation.mutate(body, { onSuccess: onDone });
    } catch (failure) {
      if (failure instanceof FieldInputError) setFormError(failure);
      else throw failure;
    }
  }

  return (
    <form className="card telephony-form" aria-label="New voice configuration" onSubmit={submit} noValidate>
      <h3>New voice configuration</h3>
      <ErrorMessage error={mutation.error} />
      <OtherFieldProblems error={mutation.error} shown={shownFields(vendorOf)} />
      <div className="form-grid">
        <TextField label="Name" name="name" required autoComplete="off" error={errorFor('name')} />
      </div>
      {VOICE_SECTIONS.map((section) => {
        const vendor = vendorOf(section.key);
        return (
          <fieldset key={section.key} className="form-grid">
            <legend>{section.title}</legend>
            <SelectField
              label={`${section.title} vendor`}
              value={chosen[section.key]}
              onChange={(event) => setChosen({ ...chosen, [section.key]: event.target.value })}
              placeholder={section.none}
              error={errorFor(`${section.key}.provider`) ?? errorFor(section.key)}
              hint={vendor?.description}
              options={metadata.data[section.key].map((item) => ({
                value: item.provider,
                label: item.display_name,
              }))}
            />
            {vendor && (
              <MetadataFieldInputs
                key={vendor.provider}
                prefix={section.key}
                fields={vendor.fields}
                errorFor={errorFor}
              />
            )}
          </fieldset>
        );
      })}
      <div className="actions">
        <button type="submit" className="primary" disabled={mutation.isPending}>
          Create voice configuration
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The dotted paths the form draws an input for, with the vendor choice of each section. */
function shownFields(vendorOf: (section: VoiceSectionKey) => Vendor | undefined): string[] {
  return [
    'name',
    ...VOICE_SECTIONS.flatMap(({ key }) => [
      key,
      `${key}.provider`,
      ...(vendorOf(key)?.fields ?? []).map((field) => `${key}.${field.name}`),
    ]),
  ];
}
