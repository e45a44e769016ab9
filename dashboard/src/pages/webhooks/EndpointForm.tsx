import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { TextField } from '../../ui/Field';
import { LabelledCheckbox } from '../../ui/LabelledCheckbox';
import { ALL_EVENTS, WEBHOOK_EVENTS } from './event-types';

export interface EndpointFields {
  url: string;
  description: string | null;
  events: string[];
  active: boolean;
}

interface EndpointFormProps {
  /** The form's accessible name and heading, e.g. "New endpoint". */
  title: string;
  submitLabel: string;
  initial: EndpointFields;
  pending: boolean;
  error: Error | null;
  onSubmit: (fields: EndpointFields) => void;
}

/**
 * An endpoint's URL, description, events (every type, or a choice from the catalogue) and whether it is active; for
 * creating and editing alike. The API judges the URL (https, no private address unless the operator allows it); its
 * problems show next to the field they name.
 */
export function EndpointForm({ title, submitLabel, initial, pending, error, onSubmit }: EndpointFormProps) {
  const [everything, setEverything] = useState(initial.events.includes(ALL_EVENTS));
  const [chosen, setChosen] = useState<string[]>(initial.events.filter((type) => type !== ALL_EVENTS));
  const errorFor = (field: string) => (error instanceof ApiError ? error.forField(field) : undefined);
  const eventsError = errorFor('events');
  const eventsErrorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const description = String(form.get('description') ?? '').trim();
    onSubmit({
      url: String(form.get('url') ?? '').trim(),
      description: description || null,
      // Sent in the catalogue's order whatever the order of the clicks.
      events: everything
        ? [ALL_EVENTS]
        : WEBHOOK_EVENTS.map(({ type }) => type).filter((type) => chosen.includes(type)),
      active: form.get('active') === 'on',
    });
  }

  const toggle = (type: string, on: boolean) =>
    setChosen((current) => (on ? [...current, type] : current.filter((other) => other !== type)));

  return (
    <form className="card endpoint-form" aria-label={title} onSubmit={submit} noValidate>
      <h2>{title}</h2>
      <ErrorMessage error={error} />
      <TextField
        label="URL"
        name="url"
        type="url"
        required
        autoComplete="off"
        maxLength={2048}
        defaultValue={initial.url}
        placeholder="https://example.com/webhooks"
        hint="Events are POSTed here, signed as the Standard Webhooks specification says."
        error={errorFor('url')}
      />
      <TextField
        label="Description (optional)"
        name="description"
        maxLength={500}
        defaultValue={initial.description ?? ''}
        error={errorFor('description')}
      />
      <fieldset aria-describedby={eventsError ? eventsErrorId : undefined}>
        <legend>Events</legend>
        <LabelledCheckbox
          label="Every event, including types added later"
          checked={everything}
          onChange={(event) => setEverything(event.target.checked)}
        />
        <div className="event-choices">
          {WEBHOOK_EVENTS.map(({ type, about }) => (
            <LabelledCheckbox
              key={type}
              label={type}
              hint={about}
              disabled={everything}
              checked={everything || chosen.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
            />
          ))}
        </div>
        {eventsError && (
          <p className="field-error" id={eventsErrorId} role="alert">
            {eventsError}
          </p>
        )}
      </fieldset>
      <LabelledCheckbox
        label="Active"
        name="active"
        defaultChecked={initial.active}
        hint="An inactive endpoint receives nothing; activating a disabled one sends what waits."
      />
      <div className="actions">
        <button type="submit" className="primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
