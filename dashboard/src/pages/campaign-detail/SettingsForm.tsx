import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { TextField } from '../../ui/Field';
import { useUpdateCampaign, type Campaign, type CampaignUpdate } from './campaign-queries';
import { changedSchedule, scheduleDraftOf, scheduleErrors, type ScheduleDraft } from './schedule-draft';
import { ScheduleSettingsFields } from './ScheduleSettingsFields';

/** A labelled checkbox (the label wraps the box, so a click on the words toggles it). */
function CheckboxField({
  label,
  name,
  defaultChecked,
}: {
  label: string;
  name: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="checkbox">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} /> {label}
    </label>
  );
}

/** A number typed in the form, or undefined when left empty (the field is then not sent). */
function numberOf(form: FormData, name: string): number | undefined {
  const text = String(form.get(name) ?? '').trim();
  return text === '' ? undefined : Number(text);
}

function updateFrom(form: FormData): CampaignUpdate {
  const checked = (name: string) => form.get(name) === 'on';
  return {
    name: String(form.get('name') ?? ''),
    max_concurrency: numberOf(form, 'max_concurrency'),
    ring_timeout_seconds: numberOf(form, 'ring_timeout_seconds'),
    retry_config: {
      enabled: checked('retry_enabled'),
      max_retries: numberOf(form, 'max_retries'),
      retry_delay_seconds: numberOf(form, 'retry_delay_seconds'),
      retry_on_busy: checked('retry_on_busy'),
      retry_on_no_answer: checked('retry_on_no_answer'),
      retry_on_voicemail: checked('retry_on_voicemail'),
    },
    circuit_breaker: {
      enabled: checked('breaker_enabled'),
      failure_threshold: numberOf(form, 'failure_threshold'),
      window_seconds: numberOf(form, 'window_seconds'),
      min_calls_in_window: numberOf(form, 'min_calls_in_window'),
    },
  };
}

/**
 * Edits the campaign's name, concurrency, ring timeout, retries, schedule and breaker (PATCH; a running campaign
 * picks the change up within a second). A 422 shows its message next to the field its `loc` names.
 */
export function SettingsForm({ campaign, onDone }: { campaign: Campaign; onDone: () => void }) {
  const update = useUpdateCampaign(campaign.id);
  const [schedule, setSchedule] = useState<ScheduleDraft>(() => scheduleDraftOf(campaign));
  const error = update.error;
  const fieldError = (field: string) => (error instanceof ApiError ? error.forField(field) : undefined);
  const { retry_config: retry, circuit_breaker: breaker } = campaign;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = updateFrom(new FormData(event.currentTarget));
    const scheduleConfig = changedSchedule(schedule, campaign);
    if (scheduleConfig) body.schedule_config = scheduleConfig;
    update.mutate(body, { onSuccess: onDone });
  }

  const numberField = (label: string, name: string, field: string, value: number | undefined, step = '1') => (
    <TextField
      label={label}
      name={name}
      type="number"
      step={step}
      defaultValue={value}
      error={fieldError(field)}
    />
  );
  return (
    <form className="card settings-form" aria-label="Edit settings" onSubmit={submit} noValidate>
      <ErrorMessage error={error} />
      <div className="form-grid">
        <TextField label="Name" name="name" defaultValue={campaign.name} error={fieldError('name')} />
        {numberField('Max concurrency', 'max_concurrency', 'max_concurrency', campaign.max_concurrency)}
        {numberField(
          'Ring timeout (seconds)',
          'ring_timeout_seconds',
          'ring_timeout_seconds',
          campaign.ring_timeout_seconds,
        )}
      </div>
      <fieldset>
        <legend>Retries</legend>
        <CheckboxField
          label="Retry unreached contacts"
          name="retry_enabled"
          defaultChecked={Boolean(retry.enabled)}
        />
        <div className="form-grid">
          {numberField('Max retries', 'max_retries', 'retry_config.max_retries', retry.max_retries)}
          {numberField(
            'Retry delay (seconds)',
            'retry_delay_seconds',
            'retry_config.retry_delay_seconds',
            retry.retry_delay_seconds,
          )}
        </div>
        <CheckboxField
          label="Retry on busy"
          name="retry_on_busy"
          defaultChecked={Boolean(retry.retry_on_busy)}
        />
        <CheckboxField
          label="Retry on no answer"
          name="retry_on_no_answer"
          defaultChecked={Boolean(retry.retry_on_no_answer)}
        />
        <CheckboxField
          label="Retry on voicemail"
          name="retry_on_voicemail"
          defaultChecked={Boolean(retry.retry_on_voicemail)}
        />
      </fieldset>
      <ScheduleSettingsFields
        draft={schedule}
        errors={error instanceof ApiError ? scheduleErrors(error.problems) : {}}
        onChange={setSchedule}
      />
      <fieldset>
        <legend>Circuit breaker</legend>
        <CheckboxField
          label="Pause when too many calls fail"
          name="breaker_enabled"
          defaultChecked={Boolean(breaker.enabled)}
        />
        <div className="form-grid">
          {numberField(
            'Failure threshold (0.01–1)',
            'failure_threshold',
            'circuit_breaker.failure_threshold',
            breaker.failure_threshold,
            '0.01',
          )}
          {numberField(
            'Window (seconds)',
            'window_seconds',
            'circuit_breaker.window_seconds',
            breaker.window_seconds,
          )}
          {numberField(
            'Minimum calls in window',
            'min_calls_in_window',
            'circuit_breaker.min_calls_in_window',
            breaker.min_calls_in_window,
          )}
        </div>
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary" disabled={update.isPending}>
          Save settings
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
