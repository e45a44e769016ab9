import { SecretReveal } from '../../ui/SecretReveal';
import type { CreatedApiKey } from './api-key-queries';

/** The full key of a key just created, shown this once, with a Copy button. */
export function NewKeyReveal({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  return (
    <SecretReveal
      title={`Your new key “${created.name}”`}
      explanation="Copy it now: it is shown this once only. The list keeps its first characters to recognise it."
      value={created.api_key}
      valueLabel="Full API key"
      onDismiss={onDismiss}
    />
  );
}
