import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedRequest } from '../../net/guarded-request';
import { DestinationNotAllowedError, destinationPolicy } from '../../net/outbound-destinations';
import { startHttpFake, type HttpFake } from '../providers/fakes/http-fake';

describe('a guarded request', () => {
  let fake: HttpFake;
  const loopback = destinationPolicy(['127.0.0.1/32']);

  beforeAll(async () => {
    fake = await startHttpFake();
    fake.route('POST', '/echo', (request) => ({
      status: 201,
      body: { length: request.headers['content-length'] },
    }));
    fake.route('GET', '/moved', () => ({ status: 302, headers: { location: `${fake.url}/echo` } }));
    fake.route('GET', '/big', () => ({ status: 200, body: 'x'.repeat(4096) }));
  });
  afterAll(async () => {
    await fake?.close();
  });

  // Asterisk's HTTP server, among others, reads no chunked request bodies.
  it('sends a body with its length, not chunked', async () => {
    const body = JSON.stringify({ greeting: 'héllo' });
    const response = await guardedRequest(`${fake.url}/echo`, { method: 'POST', body }, loopback);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ length: String(Buffer.byteLength(body)) });
    expect(fake.requests.at(-1)!.headers['transfer-encoding']).toBeUndefined();
  });

  // Every placement and lookup goes through here: a new TCP (and TLS) connection per vendor request is a cost.
  it('sends consecutive requests of one policy over one kept-alive connection', async () => {
    const connections: unknown[] = [];
    const count = (socket: unknown) => void connections.push(socket);
    const policy = destinationPolicy(['127.0.0.1/32']);
    fake.server.on('connection', count);
    try {
      for (let i = 0; i < 3; i++) {
        const response = await guardedRequest(`${fake.url}/echo`, { method: 'POST', body: '{}' }, policy);
        expect(response.status).toBe(201);
      }
      expect(connections).toHaveLength(1);
    } finally {
      fake.server.off('connection', count);
    }
  });

  it('answers a redirect as it is, without following it', async () => {
    const before = fake.requests.length;
    const response = await guardedRequest(`${fake.url}/moved`, { method: 'GET' }, loopback);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${fake.url}/echo`);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('cuts off an answer over the limit', async () => {
    await expect(
      guardedRequest(`${fake.url}/big`, { method: 'GET', maxResponseBytes: 1024 }, loopback),
    ).rejects.toThrow('the answer is larger than 1024 bytes');
  });

  it('sends nothing to a refused address, literal or resolved', async () => {
    const before = fake.requests.length;
    const refusals = [
      [`${fake.url}/echo`, /^127\.0\.0\.1 is a loopback, link-local or private address/],
      [
        `${fake.url.replace('127.0.0.1', 'localhost')}/echo`,
        /^localhost resolves to .+, a loopback, link-local or private/,
      ],
    ] as const;
    for (const [url, why] of refusals) {
      const refusal = guardedRequest(url, { method: 'POST', body: '{}' }, destinationPolicy([]));
      await expect(refusal).rejects.toBeInstanceOf(DestinationNotAllowedError);
      await expect(refusal).rejects.toThrow(why);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a URL it cannot read, so a dial is known not to have been sent', async () => {
    const refusal = guardedRequest('http://', { method: 'POST', body: '{}' }, loopback);
    await expect(refusal).rejects.toBeInstanceOf(DestinationNotAllowedError);
    await expect(refusal).rejects.toThrow('the destination is not a valid URL');
  });
});
