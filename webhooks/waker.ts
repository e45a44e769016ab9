/**
 * A wake-up that is never lost: a `wake()` before `wait()` makes the next wait return at once. The deliverer waits on it
 * for a notification, an ended send or the poll, whichever comes first.
 */
export class Waker {
  private pending = false;
  private resolve: (() => void) | null = null;

  wake(): void {
    this.pending = true;
    this.resolve?.();
  }

  /** Resolves on a wake (including one since the last wait), after `ms`, or when `stop` aborts. */
  async wait(ms: number, stop: AbortSignal): Promise<void> {
    if (this.pending || stop.aborted) {
      this.pending = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop.removeEventListener('abort', done);
        this.resolve = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      stop.addEventListener('abort', done);
      this.resolve = done;
    });
    this.pending = false;
  }
}
