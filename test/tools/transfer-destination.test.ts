/**
 * Where a transfer_call tool hands the call (tools/transfer-destination.ts): the resolver of a dynamic transfer is a
 * receiver on loopback, sent the LLM's arguments and the preset parameters with the credential's header, checked
 * against the destination policy, bounded in time, its answer read strictly; context mapping rules read the call's
 * values in Dograh's order; every destination found must be a phone number or a SIP address. Then, in a
 * conversation with the OpenAI fake as the LLM, a dynamic transfer the LLM chooses hands the call to the
 * destination the resolver answered, and one the resolver cannot place goes back to the LLM as an error.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import { startConversation, userSays } from '../../conversation/engine';
import { destinationPolicy, type DestinationPolicy } from '../../net/outbound-destinations';
import { agentToolRunner } from '../../tools/agent-toolbox';
import { resolveTransferDestination, type TransferCallConfig } from '../../tools/transfer-destination';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import {
  lastUserMessage,
  startOpenAiFake,
  type FakeReply,
  type OpenAiFake,
} from '../runtime/fakes/openai-fake';
import { modelOf } from '../voice/call-harness';
import { startReceiver, type Receiver } from './receiver';

const API_KEY = 'route-key-5d1f0e77c2a9';
const SALES = '+14155550142';

/** The resolver's answers, by path. */
const ANSWERS: Record<string, { status: number; body: string }> = {
  '/route/sales': {
    status: 200,
    body: JSON.stringify({
      transfer_context: { destination: ` ${SALES} `, custom_message: 'Sales, here we go.' },
    }),
  },
  '/route/sip': {
    status: 200,
    body: JSON.stringify({ transfer_context: { destination: 'sip:desk@pbx.example.com' } }),
  },
  '/route/words': {
    status: 200,
    body: JSON.stringify({ transfer_context: { destination: 'the front desk' } }),
  },
  '/route/blank': { status: 200, body: JSON.stringify({ transfer_context: { destination: '  ' } }) },
  '/route/no-context': { status: 200, body: JSON.stringify({ destination: SALES }) },
  '/route/bad-message': {
    status: 200,
    body: JSON.stringify({ transfer_context: { destination: SALES, custom_message: 7 } }),
  },
  '/route/text': { status: 200, body: 'route to sales' },
};

let t: TestApp;
let org: TestOrganization;
let receiver: Receiver;
let credentialUuid: string;
const logged: unknown[][] = [];
const logger = {
  info: (...line: unknown[]) => void logged.push(line),
  warn: (...line: unknown[]) => void logged.push(line),
};
const loopbackAllowed = destinationPolicy(['127.0.0.1/32']);

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db);
  receiver = await startReceiver((path) => ANSWERS[path]);
  const credential = await t.app.inject({
    method: 'POST',
    url: '/api/v1/credentials/',
    headers: org.headers,
    payload: {
      name: 'Router',
      credential_type: 'api_key',
      credential_data: { header_name: 'X-Route-Key', api_key: API_KEY },
    },
  });
  expect(credential.statusCode, credential.body).toBe(201);
  credentialUuid = credential.json().uuid;
});
beforeEach(() => {
  receiver.received.length = 0;
  logged.length = 0;
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

function resolve(
  config: TransferCallConfig,
  values: { arguments?: Record<string, unknown>; variables?: object; gathered?: object } = {},
  destinations: DestinationPolicy = loopbackAllowed,
) {
  return resolveTransferDestination({
    db: t.ctx.db,
    cipher: createCredentialsCipher(t.ctx.config.appSecret),
    organizationId: org.organizationId,
    tool: { tool_uuid: '3b7c2d1e-5f60-4a8b-9c0d-1e2f3a4b5c6d', name: 'Transfer', definition: { config } },
    arguments: values.arguments ?? {},
    variables: values.variables as Record<string, unknown>,
    gatheredContext: values.gathered as Record<string, unknown>,
    idempotencyKey: 'run-5-transfer-1',
    destinations,
    logger,
  });
}

const dynamic = (path: string, resolver: Partial<NonNullable<TransferCallConfig['resolver']>> = {}) =>
  ({
    destination_source: 'dynamic',
    resolver: { url: `${receiver.base}${path}`, ...resolver },
  }) satisfies TransferCallConfig;

describe('a dynamic transfer’s resolver', () => {
  it('is POSTed the LLM’s arguments and the presets with the credential; its destination and message win', async () => {
    const found = await resolve(
      dynamic('/route/sales', {
        credential_uuid: credentialUuid,
        headers: { 'X-Campaign': '{{campaign}}' },
        parameters: [{ name: 'department', type: 'string', description: 'Where to.', required: true }],
        preset_parameters: [
          { name: 'customer', type: 'string', value_template: '{{initial_context.customer_id}}' },
        ],
      }),
      {
        arguments: { department: 'sales', invented: 'dropped' },
        variables: { customer_id: 'c-17', campaign: 4 },
      },
    );
    expect(found).toEqual({ ok: true, destination: SALES, message: 'Sales, here we go.' });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect([request!.method, request!.path]).toEqual(['POST', '/route/sales']);
    expect(request!.headers['x-route-key']).toBe(API_KEY);
    expect(request!.headers['x-campaign']).toBe('4');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['idempotency-key']).toBe('run-5-transfer-1');
    expect(JSON.parse(request!.body)).toEqual({ department: 'sales', customer: 'c-17' });
    // Neither the credential's secret nor the destination is written to the log.
    const text = JSON.stringify(logged);
    expect(text).toContain('transfer destination resolved');
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(SALES);
  });

  it('accepts a SIP address; uses the tool’s parameters when the resolver names none', async () => {
    const found = await resolve(
      {
        ...dynamic('/route/sip'),
        parameters: [{ name: 'reason', type: 'string', description: 'Why.' }],
      },
      { arguments: { reason: 'billing' } },
    );
    expect(found).toEqual({ ok: true, destination: 'sip:desk@pbx.example.com', message: null });
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({ reason: 'billing' });
  });

  it('is not asked at all on a private address the policy refuses', async () => {
    const found = await resolve(dynamic('/route/sales'), {}, destinationPolicy([]));
    expect(found).toMatchObject({ ok: false, reason: 'resolver_failed' });
    expect(found.ok || found.error).toMatch(
      /^the transfer resolver failed: destination_not_allowed: 127\.0\.0\.1/,
    );
    expect(receiver.received).toEqual([]);
  });

  it('gives up after its timeout_ms', async () => {
    const found = await resolve(dynamic('/slow', { timeout_ms: 500 }));
    expect(found).toEqual({
      ok: false,
      reason: 'resolver_failed',
      error: 'the transfer resolver failed: The request timed out after 500 ms',
    });
  });

  it('refuses an error status, a redirect, and answers without a usable destination', async () => {
    const cases: Array<[string, string, string]> = [
      ['/fail', 'resolver_failed', 'the transfer resolver failed: HTTP 500'],
      ['/redirect', 'resolver_failed', 'redirects are not followed'],
      ['/route/text', 'invalid_resolver_response', 'no transfer_context object'],
      ['/route/no-context', 'invalid_resolver_response', 'no transfer_context object'],
      ['/route/bad-message', 'invalid_resolver_response', 'custom_message is not a string'],
      ['/route/blank', 'no_destination', 'no transfer_context.destination'],
      ['/route/words', 'invalid_destination', 'not a phone number or SIP address'],
    ];
    for (const [path, reason, error] of cases) {
      const found = await resolve(dynamic(path));
      expect(found, path).toMatchObject({ ok: false, reason, error: expect.stringContaining(error) });
    }
    expect(receiver.received.map((request) => request.path)).toEqual(cases.map(([path]) => path));
    // Only the first request was redirected: the Location was not visited.
    expect(receiver.received.some((request) => request.path === '/landing')).toBe(false);
    expect(logged.filter(([, message]) => message === 'transfer destination not resolved')).toHaveLength(
      cases.length,
    );
  });

  it('sends nothing when a required argument is missing', async () => {
    const found = await resolve(
      dynamic('/route/sales', {
        parameters: [{ name: 'department', type: 'string', description: 'Where to.', required: true }],
      }),
    );
    expect(found).toMatchObject({ ok: false, error: expect.stringContaining("'department' is missing") });
    expect(receiver.received).toEqual([]);
  });
});

describe('a transfer by context mapping', () => {
  const rule = (context_path: string, routes: Record<string, string>) => ({
    context_path,
    routes: Object.entries(routes).map(([context_value, destination]) => ({ context_value, destination })),
  });
  const mapping = (rules: ReturnType<typeof rule>[], fallback_destination?: string): TransferCallConfig => ({
    destination_source: 'context_mapping',
    context_mapping: { rules, ...(fallback_destination && { fallback_destination }) },
  });
  const destinationOf = async (...args: Parameters<typeof resolve>) => {
    const found = await resolve(...args);
    return found.ok ? found.destination : found.reason;
  };

  it('reads what was gathered before the initial context, then its extracted variables, then the initial context', async () => {
    const desks = mapping([rule('department', { Support: '+14155550101', sales: '+14155550102' })]);
    expect(
      await destinationOf(desks, { variables: { department: 'sales' }, gathered: { department: 'support' } }),
    ).toBe('+14155550101');
    expect(
      await destinationOf(desks, {
        variables: { department: 'sales' },
        gathered: { extracted_variables: { department: ' SUPPORT ' } },
      }),
    ).toBe('+14155550101');
    expect(await destinationOf(desks, { variables: { department: 'Sales' }, gathered: {} })).toBe(
      '+14155550102',
    );
    const nested = mapping([rule('routing.team', { gold: 'sip:gold@pbx.example.com' })]);
    expect(await destinationOf(nested, { variables: { routing: { team: 'gold' } } })).toBe(
      'sip:gold@pbx.example.com',
    );
  });

  it('keeps a prefixed path to its own context', async () => {
    const gatheredOnly = mapping([rule('gathered_context.department', { sales: '+14155550102' })]);
    expect(await destinationOf(gatheredOnly, { variables: { department: 'sales' }, gathered: {} })).toBe(
      'no_context_mapping_match',
    );
    const initialOnly = mapping([rule('initial_context.department', { sales: '+14155550102' })]);
    expect(
      await destinationOf(initialOnly, { variables: { department: 'sales' }, gathered: { department: 'x' } }),
    ).toBe('+14155550102');
  });

  it('takes the first rule that matches, in order; else the fallback; else no destination', async () => {
    const rules = [rule('language', { es: '+14155550201' }), rule('department', { sales: '+14155550102' })];
    const both = { gathered: { language: 'ES', department: 'sales' } };
    expect(await destinationOf(mapping(rules), both)).toBe('+14155550201');
    expect(await destinationOf(mapping(rules), { gathered: { language: 'fr', department: 'sales' } })).toBe(
      '+14155550102',
    );
    const withFallback = mapping(rules, '{{initial_context.front_desk}}');
    expect(
      await destinationOf(withFallback, { variables: { front_desk: '+14155550300' }, gathered: {} }),
    ).toBe('+14155550300');
    const none = await resolve(mapping(rules), { gathered: { language: 'fr' } });
    expect(none).toEqual({
      ok: false,
      reason: 'no_context_mapping_match',
      error: 'no route matched the values of language, department',
    });
  });

  it('fills a route’s destination from the call; empty or not a number or SIP address is no destination', async () => {
    const templated = mapping([rule('department', { sales: '{{gathered_context.sales_line}}' })]);
    expect(
      await destinationOf(templated, { gathered: { department: 'sales', sales_line: '+14155550400' } }),
    ).toBe('+14155550400');
    expect(await destinationOf(templated, { gathered: { department: 'sales' } })).toBe('no_destination');
    const words = mapping([rule('department', { sales: 'the sales team' })]);
    expect(await destinationOf(words, { gathered: { department: 'sales' } })).toBe('invalid_destination');
  });

  it('reads Dograh’s older single-rule shape', async () => {
    const legacy: TransferCallConfig = {
      destination_source: 'context_mapping',
      context_mapping: {
        ...rule('department', { sales: '+14155550102' }),
        fallback_destination: '+14155550300',
      },
    };
    expect(await destinationOf(legacy, { gathered: { department: 'sales' } })).toBe('+14155550102');
    expect(await destinationOf(legacy, { gathered: { department: 'other' } })).toBe('+14155550300');
  });
});

describe('a static transfer', () => {
  it('fills its destination from the call’s values', async () => {
    const config: TransferCallConfig = { destination: '{{initial_context.desk}}' };
    expect(await resolve(config, { variables: { desk: '+14155550500' } })).toEqual({
      ok: true,
      destination: '+14155550500',
      message: null,
    });
    expect(await resolve(config, { variables: {} })).toMatchObject({ ok: false, reason: 'no_destination' });
  });
});

describe('a dynamic transfer chosen by the LLM in a conversation', () => {
  let fake: OpenAiFake;
  beforeAll(async () => {
    fake = await startOpenAiFake();
  });
  afterAll(() => fake?.close());

  it('hands the call to the destination the resolver answered, after its message; a failure goes back to the LLM', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tools/',
      headers: org.headers,
      payload: {
        name: 'Route to team',
        description: 'Transfers the caller to the team they need.',
        definition: {
          type: 'transfer_call',
          config: {
            destination_source: 'dynamic',
            messageType: 'custom',
            customMessage: 'Transferring you now.',
            resolver: {
              url: `${receiver.base}/route/{{team}}`,
              credential_uuid: credentialUuid,
              parameters: [
                { name: 'team', type: 'string', description: 'The team asked for.', required: true },
              ],
            },
          },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const definition = {
      nodes: [
        {
          id: 'start',
          type: 'startCall',
          data: { name: 'Desk', prompt: 'Route the caller.', tool_uuids: [created.json().tool_uuid] },
        },
      ],
      edges: [],
    } as unknown as AgentDefinition;
    fake.handle((request): FakeReply => {
      const last = request.messages.at(-1)!;
      if (last.role === 'tool') return { content: 'I could not reach that team.' };
      const team = /team: (\S+)\./.exec(lastUserMessage(request))?.[1];
      if (team) return { toolCalls: [{ name: 'route_to_team', arguments: { team } }] };
      return { content: 'Which team?' };
    });
    const tools = await agentToolRunner(
      {
        db: t.ctx.db,
        cipher: createCredentialsCipher(t.ctx.config.appSecret),
        destinations: loopbackAllowed,
        logger: t.ctx.logger,
      },
      org.organizationId,
      definition,
      'run-77',
    );
    const setup = { definition, llm: modelOf(fake), maxTurns: 10, tools };
    const opened = await startConversation(setup, {
      variables: {},
      dispositionCodes: [],
      maxDurationSeconds: 600,
    });
    expect(fake.requests[0]!.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'route_to_team',
          description: 'Transfers the caller to the team they need.',
          parameters: {
            type: 'object',
            properties: { team: { type: 'string', description: 'The team asked for.' } },
            required: ['team'],
          },
        },
      },
    ]);

    const transferred = await userSays(setup, opened, 'The team: sales.');
    expect(receiver.received.map((request) => [request.path, request.headers['x-route-key']])).toEqual([
      ['/route/sales', API_KEY],
    ]);
    expect(transferred.end_reason).toBe('transferred');
    expect(transferred.transfer_to).toBe(SALES);
    expect(transferred.turns.at(-1)).toMatchObject({ role: 'agent', content: 'Sales, here we go.' });

    const refused = await userSays(setup, opened, 'The team: words.');
    expect(refused.end_reason).toBeNull();
    expect(refused.transfer_to).toBeUndefined();
    expect(fake.requests.at(-1)!.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: 'Not transferred: the destination is not a phone number or SIP address.',
    });
    expect(refused.turns.at(-1)).toMatchObject({ role: 'agent', content: 'I could not reach that team.' });
  });
});
