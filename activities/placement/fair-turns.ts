/**
 * Fair turns at claiming, per worker process: at most `capacity` claims (the transaction that checks, claims and
 * leases an attempt, `claimAttemptWithLease`) run at once across every placement activity of the process, and when
 * more wait, the next free turn goes to the organization whose turn it is (round robin), and within it to its next
 * campaign (round robin), each campaign's waiters in order. The provider's request that follows a claim takes no turn:
 * it holds no database connection and costs this machine nothing while the provider answers.
 *
 * Why: without it a campaign with many slots runs 8 placement batches of 20 lanes each, 160 claims queued on the
 * worker's 20 database connections, and a small campaign of another organization waits behind all of them at each of
 * its claim's round trips. With turns, what waits beyond the capacity waits here, in fair order.
 *
 * And beside others, a busy organization (one that asks for more turns than an even split) is paced: its claims start
 * at most `busyClaimsPerSecond`, after a burst of up to `busyBurst` (a token bucket per organization, `isBusy`,
 * `next`). Its claims, and so its calls, outcomes and workflow steps, then leave the database, the CPU and Temporal
 * room for the steps of the others' campaigns, each of which waits for them (bench/fairness: a big campaign at full
 * rate made a small one's every step 5-40 times slower). Alone, or asking for no more than its share, an organization
 * is never held back, and the burst lets one at the edge of its share (a 10-slot campaign's wave of claims) through
 * at once. Nothing changes about which attempts are dialed, only when waiting claims start.
 */
/** What `FairTurns.run` answers when the caller gave up waiting for its turn. */
export const ABANDONED = Symbol('abandoned');

/** An organization whose last turn ended this recently still counts as claiming (a campaign between two batches). */
const ACTIVE_MS = 2000;

export class FairTurns {
  private running = 0;
  /** Turns held per organization, and when each organization's last turn ended (whether it still claims). */
  private readonly runningBy = new Map<number, number>();
  private readonly lastEndedAt = new Map<number, number>();
  /** organization → campaign → waiters, in arrival order; both maps iterate in round-robin order (see `next`). */
  private readonly waiting = new Map<number, Map<number, Array<() => void>>>();
  /** The pace's token bucket of each organization that was busy lately. */
  private readonly buckets = new Map<number, { tokens: number; atMs: number }>();
  /** Set while a busy organization waits for its next token and nothing else would dispatch. */
  private wake: NodeJS.Timeout | null = null;

  /**
   * @param capacity claims at once across the process.
   * @param busyClaimsPerSecond the pace of a busy organization's claims while others claim too.
   * @param busyBurst claims a busy organization may start at once before the pace binds.
   * @param now the clock.
   */
  constructor(
    readonly capacity: number,
    readonly busyClaimsPerSecond: number = Number.POSITIVE_INFINITY,
    readonly busyBurst: number = 10,
    private readonly now: () => number = Date.now,
  ) {}

  get active(): number {
    return this.running;
  }

  /**
   * Whether the organization is busy: beside others (an organization with a turn, a waiter, or a turn ended within
   * ACTIVE_MS), it asks for more than an even split of the capacity. Alone, an organization is never busy.
   */
  private isBusy(organizationId: number): boolean {
    if (!Number.isFinite(this.busyClaimsPerSecond)) return false;
    const now = this.now();
    const active = new Set<number>([...this.runningBy.keys(), ...this.waiting.keys()]);
    for (const [id, endedAt] of this.lastEndedAt) {
      if (now - endedAt <= ACTIVE_MS) active.add(id);
      else if (!this.runningBy.has(id)) {
        this.lastEndedAt.delete(id);
        this.buckets.delete(id);
      }
    }
    active.add(organizationId);
    if (active.size <= 1) return false;
    const demand = (this.runningBy.get(organizationId) ?? 0) + this.waitingOf(organizationId);
    return demand > this.capacity / active.size;
  }

  private waitingOf(organizationId: number): number {
    let count = 0;
    for (const queue of this.waiting.get(organizationId)?.values() ?? []) count += queue.length;
    return count;
  }

  /**
   * Milliseconds until the organization may start a claim: 0 when it is not busy or has a token (then taken), else
   * until its bucket refills one.
   */
  private paceWaitMs(organizationId: number): number {
    if (!this.isBusy(organizationId)) return 0;
    const now = this.now();
    const bucket = this.buckets.get(organizationId) ?? { tokens: this.busyBurst, atMs: now };
    bucket.tokens = Math.min(
      this.busyBurst,
      bucket.tokens + ((now - bucket.atMs) * this.busyClaimsPerSecond) / 1000,
    );
    bucket.atMs = now;
    this.buckets.set(organizationId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) * 1000) / this.busyClaimsPerSecond);
  }

  private take(organizationId: number): void {
    this.running += 1;
    this.runningBy.set(organizationId, (this.runningBy.get(organizationId) ?? 0) + 1);
  }

  /**
   * Runs `claim` in a turn of the organization's campaign; the turn is given back however `claim` ends. Answers
   * `ABANDONED` without running it when `signal` aborts before the turn comes (the activity is stopping, or has
   * waited as long as it may).
   */
  async run<T>(
    organizationId: number,
    campaignId: number,
    claim: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T | typeof ABANDONED> {
    if (!(await this.acquire(organizationId, campaignId, signal))) return ABANDONED;
    try {
      return await claim();
    } finally {
      this.release(organizationId);
    }
  }

  /** True once the turn is this caller's; false when `signal` aborted first (it then holds no turn). */
  private acquire(organizationId: number, campaignId: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    if (this.running < this.capacity && this.waiting.size === 0 && this.paceWaitMs(organizationId) === 0) {
      this.take(organizationId);
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      let campaigns = this.waiting.get(organizationId);
      if (!campaigns) this.waiting.set(organizationId, (campaigns = new Map()));
      let queue = campaigns.get(campaignId);
      if (!queue) campaigns.set(campaignId, (queue = []));
      const waiter = () => {
        signal?.removeEventListener('abort', abandon);
        resolve(true);
      };
      const abandon = () => {
        this.forget(organizationId, campaignId, waiter);
        resolve(false);
      };
      signal?.addEventListener('abort', abandon, { once: true });
      queue.push(waiter);
      // Waiters left while turns are free belong to busy organizations waiting for their pace: this one may go first.
      this.dispatch();
    });
  }

  /** Takes an abandoned waiter out of its queue (and empty queues out of the maps), keeping the others' order. */
  private forget(organizationId: number, campaignId: number, waiter: () => void): void {
    const campaigns = this.waiting.get(organizationId);
    const queue = campaigns?.get(campaignId);
    if (!campaigns || !queue) return;
    const index = queue.indexOf(waiter);
    if (index >= 0) queue.splice(index, 1);
    if (queue.length === 0) campaigns.delete(campaignId);
    if (campaigns.size === 0) this.waiting.delete(organizationId);
  }

  private release(organizationId: number): void {
    this.running -= 1;
    const left = (this.runningBy.get(organizationId) ?? 1) - 1;
    if (left > 0) this.runningBy.set(organizationId, left);
    else this.runningBy.delete(organizationId);
    this.lastEndedAt.set(organizationId, this.now());
    this.dispatch();
  }

  /**
   * Gives free turns to waiters, in turn order, skipping busy organizations until their pace allows; when only those
   * wait, wakes itself when the first of them may go (a timer that does not keep the process alive).
   */
  private dispatch(): void {
    let soonestMs = Number.POSITIVE_INFINITY;
    while (this.running < this.capacity) {
      const next = this.next();
      if (typeof next === 'number') {
        soonestMs = next;
        break;
      }
      if (!next) break;
      this.take(next.organizationId);
      next.waiter();
    }
    if (this.wake !== null || !Number.isFinite(soonestMs)) return;
    this.wake = setTimeout(() => {
      this.wake = null;
      this.dispatch();
    }, soonestMs);
    this.wake.unref();
  }

  /**
   * The first waiter of the first campaign of the first organization its pace lets go; that campaign, then that
   * organization, move to the back of their maps (deleted and set again), so the next turn goes to the next one.
   * When every waiting organization must wait for its pace, the milliseconds until the first may go.
   */
  private next(): { organizationId: number; waiter: () => void } | number | undefined {
    let soonestMs: number | undefined;
    for (const [organizationId, campaigns] of this.waiting) {
      const waitMs = this.paceWaitMs(organizationId);
      if (waitMs > 0) {
        soonestMs = Math.min(soonestMs ?? waitMs, waitMs);
        continue;
      }
      const [campaignId, queue] = campaigns.entries().next().value!;
      const waiter = queue.shift()!;
      campaigns.delete(campaignId);
      if (queue.length > 0) campaigns.set(campaignId, queue);
      this.waiting.delete(organizationId);
      if (campaigns.size > 0) this.waiting.set(organizationId, campaigns);
      return { organizationId, waiter };
    }
    return soonestMs;
  }
}

/**
 * The process's turns: every worker of a process shares its database pool, so they share the turns too. A claim holds
 * one connection from its start to its commit, so the capacity is the pool's size.
 */
let processTurns: FairTurns | null = null;
export function placementTurns(settings: {
  databasePoolSize: number;
  busyClaimsPerSecond: number;
}): FairTurns {
  processTurns ??= new FairTurns(Math.max(1, settings.databasePoolSize), settings.busyClaimsPerSecond);
  return processTurns;
}
