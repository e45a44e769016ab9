import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from '@temporalio/worker';
import type { Logger } from '../config/logger';
import { collectProcessMetrics, renderMetrics } from '../observability/metrics';

/** The worker's health port: probes and metrics on WORKER_HEALTH_ADDRESS. */
export interface WorkerHealthServer {
  /** Where it listens (`host:port`; the real port when 0 was asked). */
  readonly address: string;
  /** From now on `/readyz` follows this worker's state. */
  watch(worker: Pick<Worker, 'getState'>): void;
  close(): Promise<void>;
}

const SDK_METRICS_TIMEOUT_MS = 2000;

/**
 * Serves, on `address` (`host:port`): `/livez` (200 while the process answers), `/readyz` (200 while the worker is
 * RUNNING; 503 while it starts, drains or stopped) and `/metrics` (our registry, then the Temporal SDK's own
 * metrics when WORKER_METRICS_ADDRESS serves them). No credentials: bind it to an address only the scraper and the
 * orchestrator reach.
 */
export async function startWorkerHealthServer(options: {
  address: string;
  logger: Logger;
  /** WORKER_METRICS_ADDRESS: the SDK's Prometheus endpoint, appended to `/metrics`; null: ours only. */
  sdkMetricsAddress: string | null;
}): Promise<WorkerHealthServer> {
  collectProcessMetrics();
  let worker: Pick<Worker, 'getState'> | null = null;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(response, 405, 'method not allowed\n');
    if (path === '/livez') return send(response, 200, 'ok\n');
    if (path === '/readyz') {
      const state = worker?.getState() ?? 'STARTING';
      return send(response, state === 'RUNNING' ? 200 : 503, `${state.toLowerCase()}\n`);
    }
    if (path === '/metrics') {
      void metricsText(options.sdkMetricsAddress).then(
        ({ contentType, body }) => send(response, 200, body, contentType),
        (error: unknown) => {
          options.logger.warn({ err: error }, 'rendering metrics failed');
          send(response, 500, 'metrics unavailable\n');
        },
      );
      return;
    }
    send(response, 404, 'not found\n');
  });
  const { host, port } = splitAddress(options.address);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = server.address() as AddressInfo;
  const address = `${host.includes(':') ? `[${host}]` : host}:${bound.port}`;
  options.logger.info({ address }, 'worker health port listening (/livez, /readyz, /metrics)');
  return {
    address,
    watch(next) {
      worker = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(response: http.ServerResponse, status: number, body: string, contentType = 'text/plain'): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
}

function splitAddress(address: string): { host: string; port: number } {
  const match = /^\[?([^\]]*?)\]?:(\d+)$/.exec(address);
  if (!match) throw new Error(`not a host:port address: ${address}`);
  return { host: match[1]!, port: Number(match[2]) };
}

/** Ours, then the SDK's (best effort: a slow or absent SDK endpoint leaves ours alone). */
async function metricsText(sdkMetricsAddress: string | null): Promise<{ contentType: string; body: string }> {
  const ours = await renderMetrics();
  if (sdkMetricsAddress === null) return ours;
  const { host, port } = splitAddress(sdkMetricsAddress);
  const reachable =
    host === '0.0.0.0' || host === ''
      ? '127.0.0.1'
      : host === '::'
        ? '[::1]'
        : host.includes(':')
          ? `[${host}]`
          : host;
  try {
    const response = await fetch(`http://${reachable}:${port}/metrics`, {
      signal: AbortSignal.timeout(SDK_METRICS_TIMEOUT_MS),
    });
    if (!response.ok) return ours;
    return { contentType: ours.contentType, body: `${ours.body}\n${await response.text()}` };
  } catch {
    return ours;
  }
}
