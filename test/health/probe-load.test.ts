import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp, startOwnTemporal } from '../helpers/context';

/**
 * Issue 34: every probe made its own Temporal RPC, so a flood of `/readyz` or `/health` spent the namespace's request
 * budget (the engine's) and answered 503 under load. Probes now share one check per dependency.
 */

const CLIENTS = 100;
const LOAD_MS = 3000;

/** `CLIENTS` kept-alive clients asking `url` back to back for `ms`: the status of every answer. */
async function flood(url: string, ms: number): Promise<number[]> {
  const statuses: number[] = [];
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) {
        const response = await fetch(url);
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    }),
  );
  return statuses;
}

describe('probes under load', () => {
  it('answer 200 to 100 concurrent clients with a few Temporal calls a second, and 503 within seconds once Temporal stops', async () => {
    const temporal = await startOwnTemporal();
    const t = await createTestApp({ TEMPORAL_ADDRESS: temporal.address });
    try {
      await t.ctx.temporal.check(15_000);
      const check = t.ctx.temporal.check.bind(t.ctx.temporal);
      let temporalCalls = 0;
      t.ctx.temporal.check = (timeoutMs) => {
        temporalCalls += 1;
        return check(timeoutMs);
      };
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;

      const startedAt = Date.now();
      const statuses = await flood(`${base}/readyz`, LOAD_MS);
      const seconds = (Date.now() - startedAt) / 1000;
      expect(statuses.length).toBeGreaterThan(CLIENTS * 3);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      // One check in flight at a time, its answer kept for a second: about one call a second, whatever the load.
      expect(temporalCalls).toBeLessThanOrEqual(Math.ceil(seconds) + 2);

      await temporal.stop();
      const stoppedAt = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - stoppedAt < 10_000) {
        const response = await fetch(`${base}/readyz`);
        status = response.status;
        await response.arrayBuffer();
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(503);
      // The answer kept for a second, then one check refused at once (a stopped server: UNAVAILABLE).
      expect(Date.now() - stoppedAt).toBeLessThan(5000);
    } finally {
      await t.close();
      await temporal.stop();
    }
  }, 60_000);
});
