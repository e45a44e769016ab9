import type { ReactNode } from 'react';
import { ApiError } from '../api/errors';

/** An error message for the whole form or page, announced when it appears. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  const text =
    error instanceof ApiError
      ? error.problems
          .filter((problem) => problem.field === null)
          .map((problem) => problem.message)
          .join(' ') || null
      : error instanceof Error
        ? error.message
        : String(error);
  if (!text) return null;
  return (
    <div className="alert" role="alert">
      {text}
    </div>
  );
}

/** What a page shows while its first data loads. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="muted" role="status">
      {label}
    </p>
  );
}

/** A page with nothing in it yet: what it is for and the one action that fills it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="empty-state" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** A labelled progress bar (processed of total). */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
    >
      <div className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
