import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type LabelledCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
};

/** A checkbox with its label beside it (clicking the label toggles it), its hint and its error. */
export function LabelledCheckbox({ label, hint, error, ...input }: LabelledCheckboxProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="checkbox-field">
      <input
        id={id}
        type="checkbox"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        {...input}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
