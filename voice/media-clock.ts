/**
 * A call's media clock: it advances 20 ms per caller frame received (voice/media-transport.ts), and runs timers in
 * that time, so every duration the pipeline measures holds whether audio arrives in real time or faster (tests,
 * benchmarks). A timer fires on the frame that reaches its time.
 */
import { FRAME_MS } from './audio/frames';

interface MediaTimer {
  at: number;
  fire: () => void;
}

export class MediaClock {
  private frames = 0;
  private timers = new Set<MediaTimer>();

  /** Media time in milliseconds: caller frames received × 20 ms. */
  get ms(): number {
    return this.frames * FRAME_MS;
  }

  /** One caller frame arrived: time moves on 20 ms and the timers that are due fire, earliest first. */
  tick(): void {
    this.frames += 1;
    if (this.timers.size === 0) return;
    const due: MediaTimer[] = [];
    for (const timer of this.timers) if (timer.at <= this.ms) due.push(timer);
    due.sort((a, b) => a.at - b.at);
    for (const timer of due) {
      if (!this.timers.delete(timer)) continue;
      timer.fire();
    }
  }

  /** Calls `fire` once `delayMs` of media time has passed; the returned function cancels it. */
  after(delayMs: number, fire: () => void): () => void {
    const timer = { at: this.ms + delayMs, fire };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** Cancels every timer (the call ended). */
  stop(): void {
    this.timers.clear();
  }
}
