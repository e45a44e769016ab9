import { useState } from 'react';

interface ConfirmActionButtonProps {
  /** What the first button says, e.g. "Delete". */
  label: string;
  /** Its accessible name when the visible label alone is ambiguous in a list, e.g. "Delete Twilio main". */
  accessibleName?: string;
  /** The question asked before acting, e.g. "Delete Twilio main?". */
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
}

/** A destructive action that asks once, inline (no browser dialog): the button, then the question with Yes and No. */
export function ConfirmActionButton({
  label,
  accessibleName,
  question,
  onConfirm,
  disabled,
}: ConfirmActionButtonProps) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="danger"
        aria-label={accessibleName}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="confirm-action" role="group" aria-label={question}>
      <span>{question}</span>
      <button
        type="button"
        className="danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Yes, {label.toLowerCase()}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
