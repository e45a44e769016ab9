import { FieldFrame, SelectField, TextField } from '../../ui/Field';
import { LabelledCheckbox } from '../../ui/LabelledCheckbox';
import { inputName, type MetadataField } from './metadata-fields';

interface MetadataFieldInputsProps {
  /** Section of the form the inputs belong to (`config`, `stt`, `tts`, `llm`); also the API's `loc` prefix. */
  prefix: string;
  fields: MetadataField[];
  /** The message for a field, by its dotted path (`config.auth_token`), from the API's 422 or the form's own check. */
  errorFor: (path: string) => string | undefined;
}

/** The inputs of one provider's or vendor's fields, built from the metadata; secrets are password inputs. */
export function MetadataFieldInputs({ prefix, fields, errorFor }: MetadataFieldInputsProps) {
  return (
    <>
      {fields.map((field) => (
        <MetadataFieldInput
          key={field.name}
          field={field}
          name={inputName(prefix, field)}
          error={errorFor(inputName(prefix, field))}
        />
      ))}
    </>
  );
}

function MetadataFieldInput({
  field,
  name,
  error,
}: {
  field: MetadataField;
  name: string;
  error: string | undefined;
}) {
  const label = field.required ? field.label : `${field.label} (optional)`;
  const hint = hintOf(field);
  if (field.type === 'boolean')
    return <LabelledCheckbox label={field.label} name={name} hint={hint} error={error} />;
  if (field.choices) {
    return (
      <SelectField
        label={label}
        name={name}
        hint={hint}
        error={error}
        placeholder={field.required ? undefined : 'Default'}
        options={field.choices.map((choice) => ({ value: choice, label: choice }))}
      />
    );
  }
  if (field.type === 'object') {
    return (
      <FieldFrame label={label} hint={hint} error={error}>
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            name={name}
            rows={3}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FieldFrame>
    );
  }
  return (
    <TextField
      label={label}
      name={name}
      hint={hint}
      error={error}
      required={field.required}
      autoComplete={field.sensitive ? 'new-password' : 'off'}
      {...inputKind(field)}
    />
  );
}

function inputKind(field: MetadataField) {
  if (field.sensitive) return { type: 'password' };
  if (field.type === 'number') {
    return {
      type: 'number',
      step: 'any',
      min: field.minimum,
      max: field.maximum,
      placeholder: placeholderOf(field),
    };
  }
  if (field.type === 'url') return { type: 'url', placeholder: 'https://' };
  return { type: 'text' };
}

function placeholderOf(field: MetadataField): string | undefined {
  return typeof field.default === 'number' ? String(field.default) : undefined;
}

function hintOf(field: MetadataField): string | undefined {
  const parts = [field.description, field.sensitive ? 'Stored encrypted; shown masked.' : undefined];
  const text = parts.filter(Boolean).join(' ');
  return text || undefined;
}
