import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DestinationNotAllowedError, destinationPolicy } from '../../net/outbound-destinations';
import { ariConnectionOf } from '../../providers/ari/ari-client';
import { openAriEventStream } from '../../providers/ari/ari-events';
import { canPlaceCalls, providerFor } from '../../providers/registry';
import { CONFIGS } from '../telephony/helpers';
import { startAriFake, type AriFake } from './fakes/ari-fake';
import { startHttpFake, type HttpFake } from './fakes/http-fake';
import { insertConfiguration, startProviderWorld, type ProviderWorld } from './provider-world';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const twilio = (apiBaseUrl: string) => ({
  provider: 'twilio',
  account_sid: ACCOUNT,
  auth_token: 'twilio-auth-token-secret-9f3a',
  api_base_url: apiBaseUrl,
});

describe('with no private destination allowed (ALLOWED_PRIVATE_DESTINATIONS empty)', () => {
  let world: ProviderWorld;
  let vendor: HttpFake;
  let n = 0;

  beforeAll(async () => {
    world = await startProviderWorld({ ALLOWED_PRIVATE_DESTINATIONS: '' });
    vendor = await startHttpFake();
  });
  afterAll(async () => {
    await vendor?.close();
    await world?.close();
  });

  const create = (config: Record<string, unknown>) =>
    world.t.app.inject({
      method: 'POST',
      url: CONFIGS,
      headers: world.organization.headers,
      payload: { name: `destination-${n++}`, config },
    });

  it.each([
    'http://127.0.0.1:8080',
    'http://127.8.9.10',
    'http://localhost:8080',
    'http://0.0.0.0:8080',
    'http://[::1]:8080',
    'http://[::]:8080',
    'http://[::ffff:127.0.0.1]',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data',
    'http://169.254.169.254/latest/meta-data',
    'http://10.1.2.3',
    'http://172.16.0.1',
    'http://172.31.255.254',
    'http://192.168.1.1',
    'http://100.64.0.1',
    'http://[fd00:ec2::254]',
    'http://[fe80::1]',
    'http://2130706433',
  ])('refuses api_base_url %s on save with 422 destination_not_allowed', async (url) => {
    const response = await create(twilio(url));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: 'destination_not_allowed',
      message: expect.stringMatching(/^api_base_url: .*loopback, link-local or private address/),
    });
  });

  it('refuses a private Asterisk endpoint and a private Vonage numbers API, and accepts a public address', async () => {
    const ari = await create({
      provider: 'ari',
      ari_endpoint: 'ws://10.0.0.5:8088',
      app_name: 'agents',
      app_password: 'ari-password-1',
    });
    expect(ari.json()).toMatchObject({ detail: 'destination_not_allowed' });
    expect(ari.json().message).toMatch(/^ari_endpoint: /);
    const vonage = await create({
      provider: 'vonage',
      application_id: 'app',
      private_key: 'pem-private-key',
      api_key: 'key',
      api_secret: 'vonage-secret',
      signature_secret: 'vonage-signature-secret',
      numbers_api_base_url: 'http://192.168.0.10',
    });
    expect(vonage.json()).toMatchObject({ detail: 'destination_not_allowed' });
    expect(vonage.json().message).toMatch(/^numbers_api_base_url: /);
    expect((await create(twilio('https://93.184.215.14'))).statusCode).toBe(201);
  });

  it('refuses on connect a destination saved before the rule, by address or by a name that resolves to loopback', async () => {
    for (const url of [vendor.url, vendor.url.replace('127.0.0.1', 'localhost')]) {
      const configurationId = await insertConfiguration(world, 'twilio', twilio(url), {
        auth_token: 'twilio-auth-token-secret-9f3a',
      });
      const bound = await world.t.app.inject({
        method: 'POST',
        url: `${CONFIGS}/${configurationId}/phone-numbers`,
        headers: world.organization.headers,
        payload: { address: `+1415555${3000 + n++}`, inbound_workflow_id: world.agentId },
      });
      expect(bound.statusCode).toBe(201);
      expect(bound.json().provider_sync).toEqual({
        ok: false,
        message: expect.stringMatching(/^inbound webhook sync failed: twilio not called: .*loopback/),
      });
      // The engine's adapter: the placement is a refusal (never sent), so the contact is not consumed.
      const adapter = providerFor(
        { id: configurationId, provider: 'twilio', config: twilio(url) },
        { auth_token: 'twilio-auth-token-secret-9f3a' },
        { publicBaseUrl: world.baseUrl, destinations: destinationPolicy([]) },
      );
      if (!canPlaceCalls(adapter)) throw new Error('twilio cannot place calls');
      await expect(
        adapter.placeCall({
          attemptId: '1',
          from: '+15005550006',
          to: '+15005551001',
          statusCallbackUrl: `${world.baseUrl}/status`,
          ringTimeoutSeconds: 30,
          maxCallDurationSeconds: 60,
          amdEnabled: false,
        }),
      ).rejects.toMatchObject({ name: 'ProviderRequestError', mayHaveReachedProvider: false });
    }
    expect(vendor.requests).toHaveLength(0);
  });
});

describe('the ARI events stream', () => {
  let fake: AriFake;
  const upgrades: IncomingMessage[] = [];

  beforeAll(async () => {
    fake = await startAriFake();
    fake.http.server.on('upgrade', (request: IncomingMessage) => upgrades.push(request));
  });
  afterAll(async () => {
    await fake?.close();
  });

  const connection = () =>
    ariConnectionOf({ ari_endpoint: fake.url, app_name: fake.app }, { app_password: fake.password });

  /** An event stream towards `url` under a policy that allows no private address, and the error it reports. */
  function refusedStream(url: string) {
    let refusal!: (error: Error) => void;
    const refused = new Promise<Error>((resolve) => (refusal = resolve));
    const stream = openAriEventStream({
      url,
      authorization: connection().authorization,
      destinations: destinationPolicy([]),
      onOpen: () => undefined,
      onEvent: () => undefined,
      onError: (error) => refusal(error),
    });
    return { stream, refused };
  }

  it('opens nothing towards a refused address, and says why', async () => {
    const { stream, refused } = refusedStream(connection().eventsUrl);
    try {
      const error = await refused;
      expect(error).toBeInstanceOf(DestinationNotAllowedError);
      expect(error.message).toBe(
        '127.0.0.1 is a loopback, link-local or private address; the operator has not allowed it',
      );
      expect(stream.connected).toBe(false);
      expect(upgrades).toHaveLength(0);
    } finally {
      stream.close();
    }
  });

  it('opens nothing towards a name that resolves to a refused address (checked when it connects)', async () => {
    const url = connection().eventsUrl.replace('127.0.0.1', 'localhost');
    expect(new URL(url).hostname).toBe('localhost');
    const { stream, refused } = refusedStream(url);
    try {
      const error = await refused;
      expect(error).toBeInstanceOf(DestinationNotAllowedError);
      expect(error.message).toMatch(/^localhost resolves to .*, a loopback, link-local or private address/);
      expect(stream.connected).toBe(false);
      expect(upgrades).toHaveLength(0);
    } finally {
      stream.close();
    }
  });

  it('authenticates with a header, never with the password in the URL', async () => {
    const stream = openAriEventStream({
      url: connection().eventsUrl,
      authorization: connection().authorization,
      destinations: destinationPolicy(['127.0.0.1/32']),
      onOpen: () => undefined,
      onEvent: () => undefined,
    });
    try {
      await fake.waitForConnection();
      expect(upgrades).toHaveLength(1);
      expect(upgrades[0]!.url).toBe(`/ari/events?app=${fake.app}`);
      expect(upgrades[0]!.headers.authorization).toBe(
        `Basic ${Buffer.from(`${fake.app}:${fake.password}`).toString('base64')}`,
      );
    } finally {
      stream.close();
    }
  });

  it('refuses an events frame over 1 MiB from the (user-set) endpoint instead of buffering it', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    server.on('connection', (socket) => socket.send('x'.repeat(2 * 1024 * 1024)));
    const events: unknown[] = [];
    let failure!: (error: Error) => void;
    const failed = new Promise<Error>((resolve) => (failure = resolve));
    const stream = openAriEventStream({
      url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ari/events?app=agents`,
      authorization: connection().authorization,
      destinations: destinationPolicy(['127.0.0.1/32']),
      onOpen: () => undefined,
      onEvent: (event) => void events.push(event),
      onError: (error) => failure(error),
    });
    try {
      expect((await failed).message).toBe('Max payload size exceeded');
      expect(events).toEqual([]);
    } finally {
      stream.close();
      server.close();
    }
  });
});
