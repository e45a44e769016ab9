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
 * And beside others, a busy organization (one that asks for more turns than an even split) is paced: one claim at a
 * time, at most `busyClaimsPerSecond` (`limitOf`, `run`). Its claims, and so its calls, outcomes and workflow steps,
 * then leave the database, the CPU and Temporal room for the steps of the others' campaigns, each of which waits for
 * them (bench/fairness: a big campaign at full rate made a small one's every step 5-40 times slower). Alone, or
 * asking for no more than its share, an organization is never held back. Nothing changes about which attempts are
 * dialed, only when waiting claims start.
 */
/** What `FairTurns.run` answers when the caller gave up waiting for its turn. */
export const ABANDONED = Symbol('abandoned');

/** An organization whose last turn ended this recently still counts as claiming (a campaign between two batches). */
const ACTIVE_MS = 2000;

export class FairTurns {
  private running = 0;
  /** Turns held per organization, and when each organization's last turn ended (whether it still dials). */
  private readonly runningBy = new Map<number, number>();
  private readonly lastEndedAt = new Map<number, number>();
  /** organization → campaign → waiters, in arrival order; both maps iterate in round-robin order (see `next`). */
  private readonly waiting = new Map<number, Map<number, Array<(paced: boolean) => void>>>();

  /**
   * @param capacity claims at once across the process.
   * @param busyClaimsPerSecond the pace of a busy organization's claims while others claim too.
   */
  constructor(
    readonly capacity: number,
    readonly busyClaimsPerSecond: number = Number.POSITIVE_INFINITY,
  ) {}

  get active(): number {
    return this.running;
  }

  /**
   * How many turns the organization may hold now. Alone it may hold them all. Beside others (an organization with a
   * turn, a waiter, or a turn ended within ACTIVE_MS), one that asks for no more than an even split of the capacity is
   * never held back; one that asks for more is busy: one turn at a time, each held at least 1/`busyClaimsPerSecond`.
   */
  private limitOf(organizationId: number): number {
    return this.isBusy(organizationId) ? 1 : this.capacity;
  }

  private isBusy(organizationId: number): boolean {
    if (!Number.isFinite(this.busyClaimsPerSecond)) return false;
    const now = Date.now();
    const active = new Set<number>([...this.runningBy.keys(), ...this.waiting.keys()]);
    for (const [id, endedAt] of this.lastEndedAt) {
      if (now - endedAt <= ACTIVE_MS) active.add(id);
      else if (!this.runningBy.has(id)) this.lastEndedAt.delete(id);
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

  /** Gives the organization a turn; true when the turn is paced (the organization is busy as it gets it). */
  private take(organizationId: number): boolean {
    const paced = this.isBusy(organizationId);
    this.running += 1;
    this.runningBy.set(organizationId, (this.runningBy.get(organizationId) ?? 0) + 1);
    return paced;
  }

  /**
   * Runs `dial` in a turn of the organization's campaign; the turn is given back however `dial` ends. Answers
   * `ABANDONED` without running it when `signal` aborts before the turn comes (the activity is stopping, or has
   * waited as long as it may).
   */
  async run<T>(
    organizationId: number,
    campaignId: number,
    dial: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T | typeof ABANDONED> {
    const turn = await this.acquire(organizationId, campaignId, signal);
    if (turn === null) return ABANDONED;
    const { paced } = turn;
    const startedAt = Date.now();
    try {
      return await dial();
    } finally {
      // A busy organization's turn lasts at least its pace: its next claim starts no sooner.
      const rest = paced ? startedAt + 1000 / this.busyClaimsPerSecond - Date.now() : 0;
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      this.release(organizationId);
    }
  }

  /** The turn once it is this caller's; null when `signal` aborted first (it then holds no turn). */
  private acquire(
    organizationId: number,
    campaignId: number,
    signal?: AbortSignal,
  ): Promise<{ paced: boolean } | null> {
    if (signal?.aborted) return Promise.resolve(null);
    if (
      this.running < this.capacity &&
      this.waiting.size === 0 &&
      (this.runningBy.get(organizationId) ?? 0) < this.limitOf(organizationId)
    ) {
      return Promise.resolve({ paced: this.take(organizationId) });
    }
    return new Promise((resolve) => {
      let campaigns = this.waiting.get(organizationId);
      if (!campaigns) this.waiting.set(organizationId, (campaigns = new Map()));
      let queue = campaigns.get(campaignId);
      if (!queue) campaigns.set(campaignId, (queue = []));
      const waiter = (paced: boolean) => {
        signal?.removeEventListener('abort', abandon);
        resolve({ paced });
      };
      const abandon = () => {
        this.forget(organizationId, campaignId, waiter);
        resolve(null);
      };
      signal?.addEventListener('abort', abandon, { once: true });
      queue.push(waiter);
      // Waiters left while turns are free belong to busy organizations at their limit: this one may go first.
      this.dispatch();
    });
  }

  /** Takes an abandoned waiter out of its queue (and empty queues out of the maps), keeping the others' order. */
  private forget(organizationId: number, campaignId: number, waiter: (paced: boolean) => void): void {
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
    this.lastEndedAt.set(organizationId, Date.now());
    this.dispatch();
  }

  /** Gives free turns to waiters, in turn order, while an organization under its limit waits. */
  private dispatch(): void {
    while (this.running < this.capacity) {
      const next = this.next();
      if (!next) return;
      next.waiter(this.take(next.organizationId));
    }
  }

  /**
   * The first waiter of the first campaign of the first organization under its limit; that campaign, then that
   * organization, move to the back of their maps (deleted and set again), so the next turn goes to the next one.
   */
  private next(): { organizationId: number; waiter: (paced: boolean) => void } | undefined {
    for (const [organizationId, campaigns] of this.waiting) {
      if ((this.runningBy.get(organizationId) ?? 0) >= this.limitOf(organizationId)) continue;
      const [campaignId, queue] = campaigns.entries().next().value!;
      const waiter = queue.shift()!;
      campaigns.delete(campaignId);
      if (queue.length > 0) campaigns.set(campaignId, queue);
      this.waiting.delete(organizationId);
      if (campaigns.size > 0) this.waiting.set(organizationId, campaigns);
      return { organizationId, waiter };
    }
    return undefined;
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
