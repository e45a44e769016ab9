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

  it("put the worker's heap setting after the operator's NODE_OPTIONS, so it wins", () => {
    expect(WORKER_NODE_OPTIONS).toBe('--max-old-space-size=256 --max-semi-space-size=8');
    expect(workerNodeOptions(undefined)).toBe(WORKER_NODE_OPTIONS);
    expect(workerNodeOptions('  ')).toBe(WORKER_NODE_OPTIONS);
    expect(workerNodeOptions('--enable-source-maps')).toBe(`--enable-source-maps ${WORKER_NODE_OPTIONS}`);
  });
});
