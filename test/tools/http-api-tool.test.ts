import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import { destinationPolicy } from '../../net/outbound-destinations';
import { runHttpApiTool, type HttpApiToolRun } from '../../tools/http-api-tool';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startReceiver, type Receiver } from './receiver';

const silent = { info: () => undefined, warn: () => undefined };

/** runHttpApiTool as the conversation engine calls it: variables of the call, the policy checked on every request. */
describe('runHttpApiTool', () => {
  let t: TestApp;
  let org: TestOrganization;
  let receiver: Receiver;
  const loopbackAllowed = destinationPolicy(['127.0.0.1/32']);
  const run = (config: Record<string, unknown>, fields: Partial<HttpApiToolRun> = {}) =>
    runHttpApiTool({
      db: t.ctx.db,
      cipher: createCredentialsCipher(t.ctx.config.appSecret),
      organizationId: org.organizationId,
      tool: {
        tool_uuid: '5f0c6a53-7d1e-4d43-9d0e-2b8f1f0a0c11',
        name: 'Test',
        definition: { type: 'http_api', config },
      },
      arguments: {},
      idempotencyKey: 'call-7-turn-3-tool-1',
      destinations: loopbackAllowed,
      logger: silent,
      ...fields,
    });

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    receiver = await startReceiver();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('fills the body template (typed values kept), the preset parameters and headers from the call', async () => {
    const result = await run(
      {
        method: 'PATCH',
        url: `${receiver.base}/contacts/{{initial_context.contact_id}}`,
        headers: { 'X-Campaign': '{{campaign_id}}' },
        parameters: [{ name: 'rating', type: 'number', description: 'Score.' }],
        preset_parameters: [
          { name: 'phone', type: 'string', value_template: '{{initial_context.phone_number}}' },
          { name: 'vip', type: 'boolean', value_template: '{{gathered_context.vip}}' },
        ],
        body_template: {
          contact: { phone: '{{phone}}', vip: '{{vip}}' },
          scores: ['{{rating}}'],
          note: 'r={{rating}}',
        },
      },
      {
        arguments: { rating: 4.5, unexpected: 'dropped' },
        variables: { contact_id: 'c-9', phone_number: '+14155550123', campaign_id: 12 },
        gatheredContext: { vip: 'yes' },
      },
    );
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    const [request] = receiver.received;
    expect(request!.method).toBe('PATCH');
    expect(request!.path).toBe('/contacts/c-9');
    expect(request!.headers['x-campaign']).toBe('12');
    expect(request!.headers['idempotency-key']).toBe('call-7-turn-3-tool-1');
    expect(JSON.parse(request!.body)).toEqual({
      contact: { phone: '+14155550123', vip: true },
      scores: [4.5],
      note: 'r=4.5',
    });
  });

  it('checks the destination on every request: a policy without loopback sends nothing', async () => {
    const result = await run(
      { method: 'GET', url: `${receiver.base}/orders` },
      { destinations: destinationPolicy([]) },
    );
    expect(result.ok).toBe(false);
    expect(result.status).toBeNull();
    expect(result.error).toMatch(
      /^destination_not_allowed: 127\.0\.0\.1 is a loopback, link-local or private address/,
    );
    expect(receiver.received).toEqual([]);
  });

  it('refuses a host filled from a variable when it leads to a private address', async () => {
    const result = await run(
      { method: 'GET', url: 'http://{{host}}/orders' },
      { variables: { host: '10.0.0.7' }, destinations: destinationPolicy([]) },
    );
    expect(result.error).toMatch(/^destination_not_allowed: 10\.0\.0\.7/);
  });

  it('answers an error when the call stops the request, and when the credential is gone', async () => {
    const stop = new AbortController();
    const pending = run({ method: 'GET', url: `${receiver.base}/slow` }, { signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    expect((await pending).error).toBe('The request was stopped before the answer came');

    const gone = await run({
      method: 'GET',
      url: `${receiver.base}/orders`,
      credential_uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(gone.error).toBe('The credential configured for this tool no longer exists');
    expect(receiver.received.map((request) => request.path)).toEqual(['/slow']);
  });

  it('answers an error for a preset parameter that cannot be its type, sending nothing', async () => {
    const result = await run(
      {
        method: 'POST',
        url: `${receiver.base}/orders`,
        preset_parameters: [{ name: 'count', type: 'number', value_template: '{{count}}' }],
      },
      { variables: { count: 'many' } },
    );
    expect(result.error).toBe("Preset parameter 'count' is not a number: many");
    expect(receiver.received).toEqual([]);
  });
});
