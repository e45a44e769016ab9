import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createLogger } from '../../config/logger';
import { markShuttingDown } from '../../api/shutdown-state';
import { startWorkerHealthServer, type WorkerHealthServer } from '../../worker/health-server';
import { createTestApp, testEnv, type TestApp } from '../helpers/context';

const quiet = createLogger({ level: 'silent', pretty: false });

describe('API probes', () => {
  let api: TestApp;
  let noTemporal: TestApp;
  let noStorage: TestApp;

  beforeAll(async () => {
    api = await createTestApp();
    noTemporal = await createTestApp({ TEMPORAL_ADDRESS: '127.0.0.1:1' });
    noStorage = await createTestApp({ S3_ENDPOINT: 'http://127.0.0.1:1' });
  });
  afterAll(async () => {
    await Promise.all([api?.close(), noTemporal?.close(), noStorage?.close()]);
  });

  it('livez answers 200 without credentials', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/livez' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('readyz is 200 with the database and Temporal reachable', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', dependencies: { database: 'ok', temporal: 'ok' } });
  });

  it('readyz is 503 when Temporal cannot be reached', async () => {
    const response = await noTemporal.app.inject({ method: 'GET', url: '/api/v1/readyz' });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.status).toBe('not_ready');
    expect(body.dependencies.database).toBe('ok');
    expect(body.dependencies.temporal).not.toBe('ok');
  });

  it('readyz ignores storage (a storage blip must not take the API out), while health reports it', async () => {
    const ready = await noStorage.app.inject({ method: 'GET', url: '/api/v1/readyz' });
    expect(ready.statusCode).toBe(200);
    const health = await noStorage.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().dependencies.storage).not.toBe('ok');
  });

  it('readyz is 503 once the process is shutting down; livez stays 200', async () => {
    markShuttingDown();
    const ready = await api.app.inject({ method: 'GET', url: '/api/v1/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'shutting_down' });
    const live = await api.app.inject({ method: 'GET', url: '/api/v1/livez' });
    expect(live.statusCode).toBe(200);
  });

  it('the probes are in the OpenAPI document', async () => {
    const paths = Object.keys(
      (await api.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths,
    );
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/livez', '/api/v1/readyz']));
  });
});

describe('worker health port', () => {
  let health: WorkerHealthServer;
  let sdk: http.Server;

  beforeAll(async () => {
    // Stands for the Temporal SDK's Prometheus endpoint (WORKER_METRICS_ADDRESS).
    sdk = http.createServer((_request, response) => response.end('temporal_sticky_cache_miss 3\n'));
    await new Promise<void>((resolve) => sdk.listen(0, '127.0.0.1', resolve));
    health = await startWorkerHealthServer({
      address: '127.0.0.1:0',
      logger: quiet,
      sdkMetricsAddress: `127.0.0.1:${(sdk.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await health?.close();
    sdk?.close();
  });

  const get = (path: string) => fetch(`http://${health.address}${path}`);

  it('livez is 200; readyz follows the worker: 503 starting, 200 running, 503 draining', async () => {
    expect((await get('/livez')).status).toBe(200);
    expect((await get('/readyz')).status).toBe(503);
    let state: 'RUNNING' | 'DRAINING' = 'RUNNING';
    health.watch({ getState: () => state });
    const running = await get('/readyz');
    expect(running.status).toBe(200);
    expect(await running.text()).toBe('running\n');
    state = 'DRAINING';
    expect((await get('/readyz')).status).toBe(503);
  });

  it('metrics carry ours, the process defaults and the SDK endpoint', async () => {
    const response = await get('/metrics');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('# TYPE vac_calls_placed_total counter');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('temporal_sticky_cache_miss 3');
    expect((await get('/nothing')).status).toBe(404);
  });

  it('WORKER_HEALTH_ADDRESS must be host:port', () => {
    expect(() => loadConfig(testEnv({ WORKER_HEALTH_ADDRESS: 'localhost' }))).toThrow(ConfigError);
    expect(() => loadConfig(testEnv({ WORKER_HEALTH_ADDRESS: 'localhost' }))).toThrow(
      /WORKER_HEALTH_ADDRESS/,
    );
    expect(
      loadConfig(testEnv({ WORKER_HEALTH_ADDRESS: '0.0.0.0:9465' })).observability.workerHealthAddress,
    ).toBe('0.0.0.0:9465');
  });
});
