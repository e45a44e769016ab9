import { useId, useState } from 'react';

interface SecretRevealProps {
  /** The heading, e.g. `Your new key “CI key”`. */
  title: string;
  /** Why to copy it now (it is shown this once). */
  explanation: string;
  /** The secret itself. */
  value: string;
  /** The accessible name of the secret, e.g. "Full API key". */
  valueLabel: string;
  onDismiss: () => void;
}

/**
 * A secret the API shows once (an API key, a webhook signing secret): the value, selectable, with a Copy button and
 * Done, which takes it off the page for good.
 */
export function SecretReveal({ title, explanation, value, valueLabel, onDismiss }: SecretRevealProps) {
  const titleId = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copyValue() {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }
  return (
    <section className="card secret-reveal" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p>{explanation}</p>
      <div className="secret-reveal-value">
        <code aria-label={valueLabel}>{value}</code>
        <button type="button" className="primary" onClick={() => void copyValue()}>
          Copy
        </button>
        <span role="status" className={copy === 'failed' ? 'field-error' : 'muted'}>
          {copy === 'copied' ? 'Copied' : copy === 'failed' ? 'Copying failed: select it and copy it.' : ''}
        </span>
      </div>
      <button type="button" onClick={onDismiss}>
        Done
      </button>
    </section>
  );
}
