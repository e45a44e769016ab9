import { TextField } from '../../ui/Field';
import { LabelledCheckbox } from '../../ui/LabelledCheckbox';
import { FORM_LIMITS } from './campaign-defaults';
import type { CampaignDraft } from './campaign-draft';

type Retry = CampaignDraft['retry'];
type Breaker = CampaignDraft['breaker'];

const range = ({ min, max }: { min: number; max: number }) => `${min}–${max}`;

/** Retries: whether and how often a contact is called again after a busy line, no answer or voicemail. */
export function RetryFields(props: {
  retry: Retry;
  errors: Record<string, string>;
  onChange: (retry: Retry) => void;
}) {
  const { retry, errors, onChange } = props;
  const set = (part: Partial<Retry>) => onChange({ ...retry, ...part });
  return (
    <fieldset className="form-section">
      <legend>Retries</legend>
      <LabelledCheckbox
        label="Retry contacts who were not reached"
        checked={retry.enabled}
        onChange={(event) => set({ enabled: event.target.checked })}
      />
      <div className="form-grid">
        <TextField
          label="Max retries"
          type="number"
          value={retry.max_retries}
          hint={`After the first call, ${range(FORM_LIMITS.maxRetries)}.`}
          error={errors['retry_config.max_retries']}
          onChange={(event) => set({ max_retries: event.target.value })}
        />
        <TextField
          label="Retry delay (seconds)"
          type="number"
          value={retry.retry_delay_seconds}
          hint={range(FORM_LIMITS.retryDelaySeconds)}
          error={errors['retry_config.retry_delay_seconds']}
          onChange={(event) => set({ retry_delay_seconds: event.target.value })}
        />
      </div>
      <div className="checkbox-row">
        <LabelledCheckbox
          label="On busy"
          checked={retry.retry_on_busy}
          onChange={(event) => set({ retry_on_busy: event.target.checked })}
        />
        <LabelledCheckbox
          label="On no answer"
          checked={retry.retry_on_no_answer}
          onChange={(event) => set({ retry_on_no_answer: event.target.checked })}
        />
        <LabelledCheckbox
          label="On voicemail"
          checked={retry.retry_on_voicemail}
          onChange={(event) => set({ retry_on_voicemail: event.target.checked })}
        />
      </div>
    </fieldset>
  );
}

/** The circuit breaker: pause the campaign when too many recent calls fail. */
export function BreakerFields(props: {
  breaker: Breaker;
  errors: Record<string, string>;
  onChange: (breaker: Breaker) => void;
}) {
  const { breaker, errors, onChange } = props;
  const set = (part: Partial<Breaker>) => onChange({ ...breaker, ...part });
  return (
    <fieldset className="form-section">
      <legend>Circuit breaker</legend>
      <LabelledCheckbox
        label="Pause the campaign when too many calls fail"
        checked={breaker.enabled}
        onChange={(event) => set({ enabled: event.target.checked })}
      />
      <div className="form-grid">
        <TextField
          label="Failure threshold"
          type="number"
          step="0.01"
          value={breaker.failure_threshold}
          hint={`Share of failed calls in the window, ${range(FORM_LIMITS.failureThreshold)}.`}
          error={errors['circuit_breaker.failure_threshold']}
          onChange={(event) => set({ failure_threshold: event.target.value })}
        />
        <TextField
          label="Window (seconds)"
          type="number"
          value={breaker.window_seconds}
          hint={range(FORM_LIMITS.windowSeconds)}
          error={errors['circuit_breaker.window_seconds']}
          onChange={(event) => set({ window_seconds: event.target.value })}
        />
        <TextField
          label="Minimum calls in window"
          type="number"
          value={breaker.min_calls_in_window}
          hint={range(FORM_LIMITS.minCallsInWindow)}
          error={errors['circuit_breaker.min_calls_in_window']}
          onChange={(event) => set({ min_calls_in_window: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
