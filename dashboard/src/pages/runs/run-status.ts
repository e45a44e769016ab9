import type { RunDetail } from './run-queries';

/** A run's status (the API's `status`, as its call went) in words, and the badge class it is drawn with. */
const LABELS: Record<NonNullable<RunDetail['status']>, string> = {
  in_progress: 'In progress',
  answered: 'Answered',
  transferred: 'Transferred',
  voicemail: 'Voicemail',
  not_answered: 'Not answered',
  failed: 'Failed',
  not_dialed: 'Not dialed',
  ended: 'Ended',
};

export function runStatusLabel(detail: RunDetail): string {
  if (detail.status) return LABELS[detail.status];
  return detail.is_completed ? 'Ended' : 'In progress';
}

export function runStatusBadge(detail: RunDetail): string {
  if (!detail.is_completed) return 'badge running';
  return detail.status === 'failed' ? 'badge failed' : 'badge';
}
