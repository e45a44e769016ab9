/**
 * The listener lists behind a MediaTransport's `on` (media-transport.ts), for any transport to hold and emit
 * through: the vendors' transports and the tests' in-memory one.
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

  on<E extends EventName>(event: E, listener: MediaTransportEvents[E]): void {
    this.lists[event].push(listener);
  }

  emit<E extends EventName>(event: E, ...args: Parameters<MediaTransportEvents[E]>): void {
    for (const listener of this.lists[event]) (listener as (...values: typeof args) => void)(...args);
  }
}
