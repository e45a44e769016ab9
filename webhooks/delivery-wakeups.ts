/**
 * Wakes an endpoint's deliverer when a delivery for it is recorded or redelivered: one LISTEN connection per worker
 * process, shared by every deliverer it runs. Notifications are a shortcut only (each deliverer also polls), so a lost
 * connection costs latency, never a delivery: it is opened again after a pause and every deliverer is woken to look.
 * The connection is open only while a deliverer runs in this process.
 */
import type { Logger } from '../config/logger';
import { listenForDeliveries } from '../db/repositories/webhook-deliveries';

const RECONNECT_DELAY_MS = 2000;

export class DeliveryWakeups {
  private readonly subscribers = new Map<number, Set<() => void>>();
  private listening: Promise<{ close(): Promise<void> } | null> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** Calls `onWake` whenever the endpoint is notified; returns the unsubscribe. */
  subscribe(endpointId: number, onWake: () => void): () => void {
    let set = this.subscribers.get(endpointId);
    if (!set) this.subscribers.set(endpointId, (set = new Set()));
    set.add(onWake);
    this.listening ??= this.listen();
    return () => {
      set.delete(onWake);
      if (set.size === 0) this.subscribers.delete(endpointId);
      // No deliverer runs here now: the connection closes, so a stopping worker's process can exit.
      if (this.subscribers.size === 0) void this.close();
    };
  }

  /** Closes the connection (worker shutdown, tests). */
  async close(): Promise<void> {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const listening = this.listening;
    this.listening = null;
    const listener = await listening?.catch(() => null);
    await listener?.close();
  }

  private async listen(): Promise<{ close(): Promise<void> } | null> {
    try {
      const listener = await listenForDeliveries(
        this.databaseUrl,
        (endpointId) => this.wake(endpointId),
        (error) => this.lost(error),
      );
      this.wakeAll(); // anything notified while no connection listened is looked for now
      return listener;
    } catch (error) {
      this.lost(error as Error);
      return null;
    }
  }

  private lost(error: Error): void {
    this.logger.warn(
      { err: error },
      'webhook delivery notifications lost; deliverers poll until they are back',
    );
    const previous = this.listening;
    this.listening = null;
    void previous?.then((listener) => listener?.close()).catch(() => undefined);
    this.wakeAll();
    if (this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.subscribers.size > 0) this.listening ??= this.listen();
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }

  private wake(endpointId: number): void {
    for (const onWake of this.subscribers.get(endpointId) ?? []) onWake();
  }

  private wakeAll(): void {
    for (const set of this.subscribers.values()) for (const onWake of set) onWake();
  }
}
