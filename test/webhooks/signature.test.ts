import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateEndpointSecret } from '../../webhooks/endpoint-secrets';
import { signatureHeader, signatureOf } from '../../webhooks/signature';

describe('webhook signatures (Standard Webhooks)', () => {
  it("match the specification's published example, computed outside this code", () => {
    // From the Standard Webhooks specification and its reference libraries' tests.
    const signature = signatureOf('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
    });
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verify with the standardwebhooks library, as a receiver would', () => {
    const secret = generateEndpointSecret();
    const body = JSON.stringify({ id: 'evt_1', type: 'run.completed', data: { run_id: 7 }, sequence: 1 });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader([secret], { id: 'evt_1', timestamp, body }),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fail verification when the body, the id or the secret differ', () => {
    const secret = generateEndpointSecret();
    const body = '{"id":"evt_2"}';
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'evt_2',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader([secret], { id: 'evt_2', timestamp, body }),
    };
    expect(() => new Webhook(secret).verify('{"id":"evt_3"}', headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'evt_9' })).toThrow();
    expect(() => new Webhook(generateEndpointSecret()).verify(body, headers)).toThrow();
  });

  it('during a rotation carry one signature per secret, each verifying with its own secret', () => {
    const [current, previous] = [generateEndpointSecret(), generateEndpointSecret()];
    const body = '{"id":"evt_4"}';
    const timestamp = Math.floor(Date.now() / 1000);
    const header = signatureHeader([current, previous], { id: 'evt_4', timestamp, body });
    expect(header.split(' ')).toHaveLength(2);
    const headers = {
      'webhook-id': 'evt_4',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': header,
    };
    expect(new Webhook(current).verify(body, headers)).toEqual({ id: 'evt_4' });
    expect(new Webhook(previous).verify(body, headers)).toEqual({ id: 'evt_4' });
  });
});
