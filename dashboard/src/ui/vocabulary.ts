/**
 * The one vocabulary of the dashboard: every page and filter writes an outcome, a disposition or a run's status
 * through these, so that one code never reads differently on two pages.
 */

/** A code such as `no_answer` or `circuit_breaker_tripped` as words ("No answer"). */
export function humanizeCode(code: string): string {
  const words = code.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The codes the service itself gives an attempt or a run (domain/outcomes.ts `ATTEMPT_OUTCOMES`, then the
 * dispositions a conversation or the media sweeper ends a run with), in the order people read them: reached first,
 * then not reached, then errors and calls never placed.
 */
const OUTCOME_LABELS: Record<string, string> = {
  completed: 'Completed',
  voicemail: 'Voicemail',
  transferred: 'Transferred',
  busy: 'Busy',
  no_answer: 'No answer',
  canceled: 'Canceled',
  failed: 'Failed',
  invalid_number: 'Invalid number',
  error: 'Error',
  llm_error: 'LLM error',
  media_lost: 'Media lost',
  no_callable_window: 'No callable window',
  do_not_call: 'Do not call',
};

/** The known outcome and disposition codes, in reading order (the disposition filter offers these first). */
export const KNOWN_OUTCOMES: readonly string[] = Object.keys(OUTCOME_LABELS);

/** An attempt outcome or a run disposition for people; an agent's own code (`not_interested`) humanised. */
export function outcomeLabel(code: string): string {
  return OUTCOME_LABELS[code] ?? humanizeCode(code);
}

/** A run that has no disposition yet. */
export const IN_PROGRESS_LABEL = 'In progress';

/** A run's status (the API's `status`, as its call went). */
const RUN_STATUS_LABELS: Record<string, string> = {
  in_progress: IN_PROGRESS_LABEL,
  answered: 'Answered',
  transferred: outcomeLabel('transferred'),
  voicemail: outcomeLabel('voicemail'),
  not_answered: 'Not answered',
  failed: outcomeLabel('failed'),
  not_dialed: 'Not dialed',
  ended: 'Ended',
};

export function runStatusText(status: string): string {
  return RUN_STATUS_LABELS[status] ?? humanizeCode(status);
}
