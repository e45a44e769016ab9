import { IN_PROGRESS_LABEL, runStatusText } from '../../ui/vocabulary';
import type { RunDetail } from './run-queries';

/** A run's status (the API's `status`, as its call went) in words (ui/vocabulary), and its badge class. */
export function runStatusLabel(detail: RunDetail): string {
  if (detail.status) return runStatusText(detail.status);
  return detail.is_completed ? runStatusText('ended') : IN_PROGRESS_LABEL;
}

export function runStatusBadge(detail: RunDetail): string {
  if (!detail.is_completed) return 'badge running';
  return detail.status === 'failed' ? 'badge failed' : 'badge';
}
