import CircuitBreaker from 'opossum';
import type { BreakerSettings } from '../domain/breaker';

type Call = () => Promise<unknown>;

/**
 * opossum breakers guarding provider APIs, one per worker process and telephony configuration (and settings):
 * when a provider's API keeps failing, placements fail fast instead of piling requests onto it.
 */
export class ProviderGuards {
  private readonly breakers = new Map<string, CircuitBreaker<[Call], unknown>>();

  constructor(private readonly requestTimeoutMs: number) {}

  /** Runs `call` through the configuration's guard; rejects at once with code EOPENBREAKER while it is open. */
  async run<T>(configurationId: number, settings: BreakerSettings, call: () => Promise<T>): Promise<T> {
    const key = `${configurationId}:${settings.failure_threshold}:${settings.window_seconds}:${settings.min_calls_in_window}`;
    let breaker = this.breakers.get(key);
    if (!breaker) {
      breaker = new CircuitBreaker<[Call], unknown>((fn: Call) => fn(), {
        timeout: this.requestTimeoutMs,
        errorThresholdPercentage: Math.round(settings.failure_threshold * 100),
        rollingCountTimeout: settings.window_seconds * 1000,
        rollingCountBuckets: 10,
        volumeThreshold: settings.min_calls_in_window,
        resetTimeout: Math.min(30_000, settings.window_seconds * 1000),
      });
      this.breakers.set(key, breaker);
    }
    return (await breaker.fire(call)) as T;
  }

  /** Whether an error came from the guard itself (open, or the request timed out inside it). */
  static isOpen(error: unknown): boolean {
    return (error as { code?: string } | null)?.code === 'EOPENBREAKER';
  }

  shutdown(): void {
    for (const breaker of this.breakers.values()) breaker.shutdown();
    this.breakers.clear();
  }
}
