import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorMessage } from '../../ui/Feedback';
import { TextField } from '../../ui/Field';
import { outcomeLabel } from '../../ui/vocabulary';
import { useRedial } from './campaign-queries';

const OUTCOMES = [
  { flag: 'retry_on_busy', label: outcomeLabel('busy') },
  { flag: 'retry_on_no_answer', label: outcomeLabel('no_answer') },
  { flag: 'retry_on_voicemail', label: outcomeLabel('voicemail') },
] as const;

/**
 * Redial a completed campaign: a new campaign (in `created`) over the contacts whose last outcome is one of the
 * chosen ones; on success the page moves to it.
 */
export function RedialForm({ campaignId, onCancel }: { campaignId: number; onCancel: () => void }) {
  const redial = useRedial(campaignId);
  const navigate = useNavigate();
  const [noneChosen, setNoneChosen] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const flags = Object.fromEntries(OUTCOMES.map(({ flag }) => [flag, form.get(flag) === 'on']));
    if (!Object.values(flags).some(Boolean)) {
      setNoneChosen(true);
      return;
    }
    setNoneChosen(false);
    const name = String(form.get('name') ?? '').trim();
    redial.mutate(
      { ...flags, ...(name ? { name } : {}) },
      { onSuccess: (created) => void navigate(`/campaigns/${created.id}`) },
    );
  }

  return (
    <form className="card redial-form" aria-label="Redial" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Redial contacts whose last outcome was</legend>
        {OUTCOMES.map(({ flag, label }) => (
          <label key={flag} className="checkbox">
            <input type="checkbox" name={flag} /> {label}
          </label>
        ))}
      </fieldset>
      {noneChosen && (
        <p className="field-error" role="alert">
          Choose at least one outcome to redial.
        </p>
      )}
      <TextField label="Name of the new campaign" name="name" placeholder="Default: this name + (redial)" />
      <ErrorMessage error={redial.error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={redial.isPending}>
          Create redial campaign
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
