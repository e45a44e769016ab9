import { useState } from 'react';
import type { CreatedApiKey } from './api-key-queries';

/** The full key of a key just created, shown this once, with a Copy button. */
export function NewKeyReveal({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copyKey() {
    try {
      await navigator.clipboard.writeText(created.api_key);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }
  return (
    <section className="card new-key" aria-labelledby="new-key-title">
      <h2 id="new-key-title">Your new key “{created.name}”</h2>
      <p>Copy it now: it is shown this once only. The list keeps its first characters to recognise it.</p>
      <div className="new-key-value">
        <code aria-label="Full API key">{created.api_key}</code>
        <button type="button" className="primary" onClick={() => void copyKey()}>
          Copy
        </button>
        <span role="status" className={copy === 'failed' ? 'field-error' : 'muted'}>
          {copy === 'copied'
            ? 'Copied'
            : copy === 'failed'
              ? 'Copying failed: select the key and copy it.'
              : ''}
        </span>
      </div>
      <button type="button" onClick={onDismiss}>
        Done
      </button>
    </section>
  );
}
