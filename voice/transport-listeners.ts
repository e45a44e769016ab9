/**
 * The listener lists behind a MediaTransport's `on` (media-transport.ts), for any transport to hold and emit
 * through: the vendors' transports and the tests' in-memory one. `closed` is sticky: a listener added after the
 * stream ended hears it too (on the next microtask), so a caller who hangs up while the media process is still
 * loading the call is not lost.
 */
import type { MediaTransportEvents } from './media-transport';

type EventName = keyof MediaTransportEvents;

export class TransportListeners {
  private readonly lists: { [E in EventName]: Array<MediaTransportEvents[E]> } = {
    audio: [],
    dtmf: [],
    mark: [],
    callerText: [],
    closed: [],
  };

  /** The reason `closed` was emitted with, once it was. */
  private closedWith: string | null = null;

  on<E extends EventName>(event: E, listener: MediaTransportEvents[E]): void {
    this.lists[event].push(listener);
    const reason = this.closedWith;
    if (event === 'closed' && reason !== null)
      queueMicrotask(() => (listener as MediaTransportEvents['closed'])(reason));
  }

  emit<E extends EventName>(event: E, ...args: Parameters<MediaTransportEvents[E]>): void {
    if (event === 'closed') this.closedWith = args[0] as string;
    for (const listener of this.lists[event]) (listener as (...values: typeof args) => void)(...args);
  }
}
