/** The outcomes of a call attempt and the rules the contract attaches to them. */

/** Outcomes a provider reports for one call (contract, "Calls and outcomes"). */
export const CALL_OUTCOMES = [
  'completed',
  'voicemail',
  'busy',
  'no_answer',
  'failed',
  'canceled',
  'invalid_number',
  'error',
] as const;

export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/**
 * Every outcome an attempt can end in: a call's; `transferred` when the call was answered and its agent handed it
 * to a person (no vendor reports it: a `completed` call whose conversation ended in a transfer is recorded so);
 * `no_callable_window` when its contact can never be dialed; `do_not_call` when its number is on the organization's
 * do-not-call list (never dialed).
 */
export const ATTEMPT_OUTCOMES = [...CALL_OUTCOMES, 'transferred', 'no_callable_window', 'do_not_call'] as const;

export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

export function isAttemptOutcome(value: unknown): value is AttemptOutcome {
  return typeof value === 'string' && (ATTEMPT_OUTCOMES as readonly string[]).includes(value);
}

/** Outcomes that count as failures in the circuit breaker's window (placement refusals count too). */
export function isBreakerFailure(outcome: AttemptOutcome): boolean {
  return outcome === 'failed' || outcome === 'error';
}

/** A contact whose final outcome is none of these counts in `failed_rows`. */
export const SUCCESSFUL_FINAL_OUTCOMES: readonly AttemptOutcome[] = ['completed', 'voicemail', 'transferred'];

export function isSuccessfulFinalOutcome(outcome: AttemptOutcome): boolean {
  return SUCCESSFUL_FINAL_OUTCOMES.includes(outcome);
}

/**
 * Final outcomes that are neither a success nor a failure: the contact was deliberately not called (its number is on
 * the do-not-call list). They count in `processed_rows` and their own counter, not in `failed_rows`.
 */
export const NOT_FAILED_FINAL_OUTCOMES: readonly AttemptOutcome[] = [...SUCCESSFUL_FINAL_OUTCOMES, 'do_not_call'];

/** Whether a contact that ended with `outcome` counts in `failed_rows`. */
export function countsAsFailedRow(outcome: AttemptOutcome): boolean {
  return !NOT_FAILED_FINAL_OUTCOMES.includes(outcome);
}

/**
 * Whether an answering-machine verdict says no person answered: Twilio's `AnsweredBy` `machine_start`,
 * `machine_end_beep`, `machine_end_silence`, `machine_end_other` and `fax` (stored as they came in
 * `attempts.answered_by`); `human` and `unknown` are a person as far as the outcome goes.
 */
export function isMachineAnswer(answeredBy: string | null | undefined): boolean {
  return typeof answeredBy === 'string' && (answeredBy.startsWith('machine_') || answeredBy === 'fax');
}
