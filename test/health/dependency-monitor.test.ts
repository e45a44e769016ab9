import { describe, expect, it } from 'vitest';
import { createLogger } from '../../config/logger';
import { createDependencyMonitor } from '../../api/routes/health/dependency-checks';

const logger = createLogger({ level: 'silent', pretty: false });

/** A check whose answers the test settles one by one, and the times it was called. */
function controlledCheck() {
  const pending: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  return {
    calls: () => pending.length,
    check: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
    succeed: (index: number) => pending[index]!.resolve(),
    fail: (index: number, error: unknown) => pending[index]!.reject(error),
  };
}

describe('the shared dependency check', () => {
  it('runs one check for any number of probes at once, and keeps its answer for freshMs', async () => {
    let now = 0;
    const db = controlledCheck();
    const monitor = createDependencyMonitor(
      { database: db.check },
      { logger, freshMs: 1000, now: () => now },
    );

    const probes = Array.from({ length: 500 }, () => monitor.read(['database']));
    expect(db.calls()).toBe(1);
    db.succeed(0);
    expect(await Promise.all(probes)).toEqual(probes.map(() => ({ database: 'ok' })));

    now = 999;
    expect(await monitor.read(['database'])).toEqual({ database: 'ok' });
    expect(db.calls()).toBe(1);

    now = 1000;
    const again = monitor.read(['database']);
    const joined = monitor.read(['database']);
    expect(db.calls()).toBe(2);
    db.fail(1, Object.assign(new Error('refused by 10.0.0.7'), { code: 14 }));
    expect(await again).toEqual({ database: 'unavailable (code 14)' });
    expect(await joined).toEqual({ database: 'unavailable (code 14)' });
  });

  it('answers a check that hangs with its timeout, and starts a new one only after that', async () => {
    let now = 0;
    const temporal = controlledCheck();
    const monitor = createDependencyMonitor(
      { temporal: temporal.check },
      { logger, freshMs: 1000, timeoutMs: 50, now: () => now },
    );
    const first = monitor.read(['temporal']);
    const second = monitor.read(['temporal']);
    expect(await first).toEqual({ temporal: 'timeout after 50 ms' });
    expect(await second).toEqual({ temporal: 'timeout after 50 ms' });
    expect(temporal.calls()).toBe(1);
    now = 2000;
    const third = monitor.read(['temporal']);
    expect(temporal.calls()).toBe(2);
    temporal.succeed(1);
    expect(await third).toEqual({ temporal: 'ok' });
  });

  it('checks each dependency on its own', async () => {
    const db = controlledCheck();
    const storage = controlledCheck();
    const monitor = createDependencyMonitor(
      { database: db.check, storage: storage.check },
      { logger, now: () => 0 },
    );
    const both = monitor.read(['database', 'storage']);
    const one = monitor.read(['database']);
    expect([db.calls(), storage.calls()]).toEqual([1, 1]);
    db.succeed(0);
    storage.fail(0, new Error('x'));
    expect(await both).toEqual({ database: 'ok', storage: 'unavailable' });
    expect(await one).toEqual({ database: 'ok' });
  });
});
