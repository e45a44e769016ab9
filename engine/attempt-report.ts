/** What the placement and reconcile activities tell the workflow about each attempt. Pure types. */

export type AttemptReportStatus =
  /** The provider has the call; `deadlineAtMs` is when it is looked up if no outcome arrives. */
  | 'placed'
  /** Claimed, but whether the provider has it is not known yet; looked up at `deadlineAtMs`. */
  | 'pending'
  /** Queued and ready to be placed now. */
  | 'queued'
  /** Not dialed: the campaign is not running, its window is closed, or its agent is archived. Still queued. */
  | 'deferred'
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
}

export interface AttemptReports {
  reports: AttemptReport[];
}
