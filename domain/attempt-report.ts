/** What the placement and reconcile activities tell the workflow about each attempt. Pure types. */

export type AttemptReportStatus =
  /** The provider has the call; `deadlineAtMs` is when it is looked up if no outcome arrives. */
  | 'placed'
  /** Claimed, but whether the provider has it is not known yet; looked up at `deadlineAtMs`. */
  | 'pending'
  /** Queued and ready to be placed now. */
  | 'queued'
  /**
   * Not dialed: the campaign is not running, its window is closed, its agent is archived, or the organization's call
   * limits refused a lease (`retryAfterMs` then says when to ask again). Still queued.
   */
  | 'deferred'
  /**
   * Not dialed and no longer an attempt: its contact is outside its own calling window and waits for it (the queued
   * attempt was removed and the contact's `next_attempt_at` moved to the opening). Leaves the workflow's semaphore.
   */
  | 'withdrawn'
  /** The provider (or its guard) refused the placement: back in the queue, a failure for the breaker. */
  | 'refused'
  /** The attempt has its outcome. */
  | 'finished';

export interface AttemptReport {
  attemptId: number;
  status: AttemptReportStatus;
  deadlineAtMs?: number;
  outcome?: string;
  /** A provider error while placing: counts as a failure in the campaign's breaker window. */
  providerFailure?: boolean;
  /** With `deferred` for a refused call lease: wait this long before trying the campaign's placements again. */
  retryAfterMs?: number;
}

export interface AttemptReports {
  reports: AttemptReport[];
}
