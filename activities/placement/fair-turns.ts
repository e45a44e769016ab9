/**
 * Fair turns at dialing, per worker process: at most `capacity` dials (claim, lease, provider request) run at once
 * across every placement activity of the process, and when more wait, the next free turn goes to the organization
 * whose turn it is (round robin), and within it to its next campaign (round robin), each campaign's waiters in order.
 *
 * Why: without it a campaign with many slots runs 8 placement batches of 20 lanes each, 160 dials queued on the
 * worker's 20 database connections, and a small campaign of another organization waits behind all of them at each of
 * its claim's round trips. With turns, what waits beyond the capacity waits here, in fair order; one campaign alone
 * still gets every turn. Nothing changes about which attempts are dialed, only the order in which waiting dials start.
 */
/** What `FairTurns.run` answers when the caller gave up waiting for its turn. */
export const ABANDONED = Symbol('abandoned');

export class FairTurns {
  private running = 0;
  /** organization → campaign → waiters, in arrival order; both maps iterate in round-robin order (see `next`). */
  private readonly waiting = new Map<number, Map<number, Array<() => void>>>();

  constructor(readonly capacity: number) {}

  get active(): number {
    return this.running;
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
    if (!(await this.acquire(organizationId, campaignId, signal))) return ABANDONED;
    try {
      return await dial();
    } finally {
      this.release();
    }
  }

  /** True once the turn is this caller's; false when `signal` aborted first (it then holds no turn). */
  private acquire(organizationId: number, campaignId: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    if (this.running < this.capacity && this.waiting.size === 0) {
      this.running += 1;
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

  private release(): void {
    this.running -= 1;
    const next = this.next();
    if (next) {
      this.running += 1;
      next();
    }
  }

  /**
   * The first waiter of the first campaign of the first organization; that campaign, then that organization, move
   * to the back of their maps (deleted and set again), so the next turn goes to the next one.
   */
  private next(): (() => void) | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [organizationId, campaigns] = first.value;
    const [campaignId, queue] = campaigns.entries().next().value!;
    const waiter = queue.shift()!;
    campaigns.delete(campaignId);
    if (queue.length > 0) campaigns.set(campaignId, queue);
    this.waiting.delete(organizationId);
    if (campaigns.size > 0) this.waiting.set(organizationId, campaigns);
    return waiter;
  }
}

/**
 * The process's turns: every worker of a process shares its database pool, so they share the turns too. The capacity
 * is the pool's size times two: a dial holds a connection for part of its time only (the provider's request, the
 * lease decision's commit wait), and one campaign alone must keep its throughput.
 */
let processTurns: FairTurns | null = null;
export function placementTurns(databasePoolSize: number): FairTurns {
  processTurns ??= new FairTurns(Math.max(1, databasePoolSize * 2));
  return processTurns;
}
