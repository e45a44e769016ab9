const MAX_BACKOFF_MS = 30_000;

/**
 * When a campaign may place calls again: the back-off after refused or deferred placements (doubling per streak,
 * at most 30 s) and the wait the organization's call limits asked for. Pure: time comes in as arguments.
 */
export class DialPacing {
  private backoff = 0;
  // When the organization's call limits (leases) said to ask again; an attempt of ours finishing frees a slot sooner.
  private leaseWait = 0;
  private refusalStreak = 0;
  private deferralStreak = 0;

  /** The end of the back-off (epoch ms; in the past when none). */
  get backoffUntil(): number {
    return this.backoff;
  }

  /** The end of the limits' wait (epoch ms; in the past when none). */
  get leaseWaitUntil(): number {
    return this.leaseWait;
  }

  /** Placements may start at `now`. */
  allows(now: number): boolean {
    return now >= this.backoff && now >= this.leaseWait;
  }

  /** An operator acted (resume, PATCH): dispatch at once rather than after an earlier back-off. */
  operatorActed(): void {
    this.backoff = 0;
    this.deferralStreak = 0;
  }

  /** The provider (or its guard) refused a placement. */
  refused(now: number): void {
    this.refusalStreak += 1;
    this.backoff = now + Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.refusalStreak);
  }

  /** The row or the activity's real clock disagreed with ours: back off so a lasting disagreement cannot spin. */
  deferred(now: number): void {
    this.deferralStreak += 1;
    this.backoff = now + Math.min(MAX_BACKOFF_MS, 250 * 2 ** this.deferralStreak);
  }

  /** A call was placed: the streaks start over. */
  placed(): void {
    this.refusalStreak = 0;
    this.deferralStreak = 0;
  }

  /** The organization's limits refused a call lease and said to ask again after `waitMs`. */
  leaseRefused(now: number, waitMs: number): void {
    this.leaseWait = now + waitMs;
  }

  /** One of our calls ended, so its lease is free: no need to wait out the limits' hint. */
  leaseFreed(): void {
    this.leaseWait = 0;
  }
}
