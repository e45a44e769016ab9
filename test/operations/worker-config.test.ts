import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { WORKER_NODE_OPTIONS, workerNodeOptions } from '../../worker/node-options';

const base = { APP_SECRET: 'config-test-secret-0123456789-0123456789' };

describe('worker settings', () => {
  it('cache 1000 workflows unless WORKER_MAX_CACHED_WORKFLOWS says otherwise, and refuse a count it cannot use', () => {
    expect(loadConfig(base).temporal.maxCachedWorkflows).toBe(1000);
    expect(loadConfig({ ...base, WORKER_MAX_CACHED_WORKFLOWS: '250' }).temporal.maxCachedWorkflows).toBe(250);
    for (const bad of ['0', '1', '-5', '2.5', 'many', '100001']) {
      expect(() => loadConfig({ ...base, WORKER_MAX_CACHED_WORKFLOWS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, WORKER_MAX_CACHED_WORKFLOWS: bad })).toThrow(
        `WORKER_MAX_CACHED_WORKFLOWS must be an integer between 2 and 100000 (got "${bad}")`,
      );
    }
  });

  it('serve no metrics unless WORKER_METRICS_ADDRESS names a host and port', () => {
    expect(loadConfig(base).temporal.metricsAddress).toBeNull();
    for (const good of ['0.0.0.0:9464', 'localhost:1', '[::1]:65535', 'metrics.internal:9464']) {
      expect(loadConfig({ ...base, WORKER_METRICS_ADDRESS: good }).temporal.metricsAddress).toBe(good);
    }
    for (const bad of [
      '9464',
      '0.0.0.0',
      '0.0.0.0:0',
      'host:65536',
      '::1:9464',
      'http://host:9464',
      'a b:1',
    ]) {
      expect(() => loadConfig({ ...base, WORKER_METRICS_ADDRESS: bad })).toThrow(
        `WORKER_METRICS_ADDRESS must be host:port, e.g. 0.0.0.0:9464 (got "${bad}")`,
      );
    }
  });

  it('time the engine with the ENGINE_* settings, the production defaults when unset, and refuse a value that is not positive', () => {
    expect(loadConfig(base).engine).toEqual({
      deadlineGraceSeconds: 30,
      placingStaleSeconds: 30,
      providerRequestTimeoutMs: 10_000,
      placementConcurrency: 20,
      busyOrganizationClaimsPerSecond: 40,
    });
    const set = {
      ...base,
      ENGINE_DEADLINE_GRACE_SECONDS: '2',
      ENGINE_PLACING_STALE_SECONDS: '3',
      ENGINE_PROVIDER_REQUEST_TIMEOUT_MS: '1500',
      ENGINE_PLACEMENT_CONCURRENCY: '7',
      ENGINE_BUSY_ORGANIZATION_CLAIMS_PER_SECOND: '12.5',
    };
    expect(loadConfig(set).engine).toEqual({
      deadlineGraceSeconds: 2,
      placingStaleSeconds: 3,
      providerRequestTimeoutMs: 1500,
      placementConcurrency: 7,
      busyOrganizationClaimsPerSecond: 12.5,
    });
    // A claim is looked up only after two request timeouts: 8 s of timeout keeps a placement stale for 16 s, not 3.
    expect(loadConfig({ ...set, ENGINE_PROVIDER_REQUEST_TIMEOUT_MS: '8000' }).engine.placingStaleSeconds).toBe(16);
    for (const bad of ['0', '-1', 'soon', 'Infinity']) {
      expect(() => loadConfig({ ...base, ENGINE_PLACEMENT_CONCURRENCY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ENGINE_DEADLINE_GRACE_SECONDS: bad })).toThrow(
        `ENGINE_DEADLINE_GRACE_SECONDS must be a positive number (got "${bad}")`,
      );
    }
  });

  it("put the worker's heap setting after the operator's NODE_OPTIONS, so it wins", () => {
    expect(WORKER_NODE_OPTIONS).toBe('--max-old-space-size=256 --max-semi-space-size=8');
    expect(workerNodeOptions(undefined)).toBe(WORKER_NODE_OPTIONS);
    expect(workerNodeOptions('  ')).toBe(WORKER_NODE_OPTIONS);
    expect(workerNodeOptions('--enable-source-maps')).toBe(`--enable-source-maps ${WORKER_NODE_OPTIONS}`);
  });
});
