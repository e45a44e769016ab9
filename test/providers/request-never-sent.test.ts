import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../devstack/processes';
import { destinationPolicy } from '../../net/outbound-destinations';
import { createSimulatorProvider } from '../../providers/simulator/simulator-provider';
import { vendorRequest } from '../../providers/vendor-http';

/**
 * A dial whose request never left this machine (the connection refused: the provider's API, or for the simulator the
 * API process, is down) certainly placed no call, so the engine returns the attempt to the queue at once; a dial whose
 * connection opened and then died may have placed one, and is looked up (ends `placement_unknown` only if the lookups
 * keep failing). Before, both counted as "may have reached the provider".
 */
let closedUrl: string;
let resetting: Server;
let resettingUrl: string;

beforeAll(async () => {
  closedUrl = `http://127.0.0.1:${await freePort()}`;
  // Reads the request, then drops the connection without an answer: the request got there.
  resetting = createServer((request) => request.on('end', () => request.socket.destroy()).resume());
  await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
  resettingUrl = `http://127.0.0.1:${(resetting.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => resetting.close(() => resolve())));

const placeWith = (baseUrl: string) =>
  createSimulatorProvider({ configurationId: 1, baseUrl, token: 't', config: {} }).placeCall({
    attemptId: '1',
    to: '+15005550100',
    from: '+15005550199',
    statusCallbackUrl: `${baseUrl}/callback`,
    ringTimeoutSeconds: 30,
    maxCallDurationSeconds: 60,
    amdEnabled: false,
  });

const postTo = (url: string) =>
  vendorRequest({
    provider: 'twilio',
    method: 'POST',
    url: `${url}/Calls.json`,
    body: 'To=%2B15005550100',
    destinations: destinationPolicy(['127.0.0.1']),
  });

describe('a placement request that failed', () => {
  it('to the simulator: refused connection is a refusal, a dropped answer may have placed the call', async () => {
    await expect(placeWith(closedUrl)).rejects.toMatchObject({
      mayHaveReachedProvider: false,
      message: expect.stringContaining('ECONNREFUSED'),
    });
    await expect(placeWith(resettingUrl)).rejects.toMatchObject({ mayHaveReachedProvider: true });
  });

  it("to a vendor's API: the same", async () => {
    await expect(postTo(closedUrl)).rejects.toMatchObject({ mayHaveReachedProvider: false });
    await expect(postTo(resettingUrl)).rejects.toMatchObject({ mayHaveReachedProvider: true });
  });
});
