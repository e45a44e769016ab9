/**
 * Telnyx numbers every message of a media stream (`sequence_number`, a string, one counter for `start`, `media`,
 * `dtmf`, `mark`…) and documents that media messages may arrive out of order. This small reorder buffer hands them on
 * in sequence order: a message ahead of the next expected one waits; a duplicate or one older than what was already
 * handed on is dropped; a gap that stays unfilled while `maxHeld` later messages wait is skipped (a lost packet must
 * not stall the caller's audio), so at most `maxHeld` messages (× 20 ms of audio) of delay are ever added.
 */

export type SequenceVerdict = 'delivered' | 'held' | 'duplicate' | 'late';

export class SequenceOrder<T> {
  private readonly held = new Map<number, T>();
  /** The sequence number handed on next; null until the first one is known. */
  private next: number | null;
  /** Sequence numbers given up on (gaps skipped), for the logs. */
  skipped = 0;

  constructor(
    private readonly deliver: (item: T) => void,
    private readonly maxHeld: number,
    /** The sequence number of the message before the first to deliver (Telnyx's `start`), when known. */
    after: number | null = null,
  ) {
    this.next = after === null ? null : after + 1;
  }

  push(sequence: number, item: T): SequenceVerdict {
    this.next ??= sequence;
    if (sequence < this.next) return 'late';
    if (this.held.has(sequence)) return 'duplicate';
    this.held.set(sequence, item);
    this.drain();
    while (this.held.size > this.maxHeld) {
      const lowest = Math.min(...this.held.keys());
      this.skipped += lowest - this.next;
      this.next = lowest;
      this.drain();
    }
    return this.held.has(sequence) ? 'held' : 'delivered';
  }

  /** Hands on everything still waiting, in order, gaps and all (the stream is ending). */
  flush(): void {
    for (const sequence of [...this.held.keys()].sort((a, b) => a - b)) {
      const item = this.held.get(sequence)!;
      this.held.delete(sequence);
      this.next = sequence + 1;
      this.deliver(item);
    }
  }

  private drain() {
    while (this.next !== null && this.held.has(this.next)) {
      const item = this.held.get(this.next)!;
      this.held.delete(this.next);
      this.next += 1;
      this.deliver(item);
    }
  }
}

/** A Telnyx `sequence_number` ("4", or a number) as an integer; null when absent or not one. */
export function sequenceOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
