import { Agent, get } from 'node:http';

/** One measured read: `clients` concurrent loops GETting `url` for `seconds`; every answer must be 200. */
export interface ReadLoad {
  url: string;
  headers: Record<string, string>;
  clients: number;
  seconds: number;
}

export interface ReadResult {
  requests: number;
  failures: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Mean bytes of an answer's body. */
  meanBytes: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Infinity : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/**
 * Closed-loop load: each client sends its next request when the last one is answered, over its own keep-alive
 * connection. A request that fails or answers other than 200 counts as a failure and stays in the percentiles as the
 * whole run's length (never left out).
 */
export async function measureRead(load: ReadLoad): Promise<ReadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: load.clients });
  const fetchOnce = () =>
    new Promise<number>((resolve, reject) => {
      get(load.url, { headers: load.headers, agent }, (response) => {
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      }).on('error', reject);
    });
  const times: number[] = [];
  let failures = 0;
  let bytes = 0;
  const started = performance.now();
  const until = started + load.seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      try {
        if ((await fetchOnce()) !== 200) {
          failures++;
          times.push(load.seconds * 1000);
          continue;
        }
        times.push(performance.now() - sent);
      } catch {
        failures++;
        times.push(load.seconds * 1000);
      }
    }
  };
  await Promise.all(Array.from({ length: load.clients }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    failures,
    perSecond: (times.length - failures) / elapsed,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    maxMs: times.at(-1) ?? Infinity,
    meanBytes: times.length > 0 ? bytes / times.length : 0,
  };
}
