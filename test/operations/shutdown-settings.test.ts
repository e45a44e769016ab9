import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const base = { APP_SECRET: 'config-test-secret-0123456789-0123456789' };

describe('shutdown settings', () => {
  it('give the worker 30 s of grace and 45 s before it gives up, unless WORKER_SHUTDOWN_* say otherwise', () => {
    expect(loadConfig(base).temporal.workerShutdown).toEqual({ graceSeconds: 30, forceSeconds: 45 });
    const set = { ...base, WORKER_SHUTDOWN_GRACE_SECONDS: '10', WORKER_SHUTDOWN_FORCE_SECONDS: '20' };
    expect(loadConfig(set).temporal.workerShutdown).toEqual({ graceSeconds: 10, forceSeconds: 20 });
    // A longer grace alone moves the force time past it.
    expect(loadConfig({ ...base, WORKER_SHUTDOWN_GRACE_SECONDS: '50' }).temporal.workerShutdown).toEqual({
      graceSeconds: 50,
      forceSeconds: 65,
    });
  });

  it('refuse a force time that does not exceed the grace, and values that are not whole seconds', () => {
    const env = { ...base, WORKER_SHUTDOWN_GRACE_SECONDS: '30', WORKER_SHUTDOWN_FORCE_SECONDS: '30' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      'WORKER_SHUTDOWN_FORCE_SECONDS (30) must be greater than WORKER_SHUTDOWN_GRACE_SECONDS (30)',
    );
    for (const bad of ['-1', '2.5', 'soon']) {
      expect(() => loadConfig({ ...base, WORKER_SHUTDOWN_GRACE_SECONDS: bad })).toThrow(
        `WORKER_SHUTDOWN_GRACE_SECONDS must be an integer between 0 and 3600 (got "${bad}")`,
      );
    }
    expect(() => loadConfig({ ...base, WORKER_SHUTDOWN_FORCE_SECONDS: '0' })).toThrow(
      'WORKER_SHUTDOWN_FORCE_SECONDS must be an integer between 1 and 3600 (got "0")',
    );
  });

  it('let live media calls run to their maximum duration unless MEDIA_SHUTDOWN_GRACE_SECONDS caps them', () => {
    expect(loadConfig(base).media.shutdownGraceSeconds).toBeNull();
    expect(loadConfig({ ...base, MEDIA_SHUTDOWN_GRACE_SECONDS: '25' }).media.shutdownGraceSeconds).toBe(25);
    expect(() => loadConfig({ ...base, MEDIA_SHUTDOWN_GRACE_SECONDS: 'never' })).toThrow(
      'MEDIA_SHUTDOWN_GRACE_SECONDS must be an integer between 0 and 86400 (got "never")',
    );
  });
});
