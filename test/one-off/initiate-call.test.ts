import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneOffCallWorkflowId } from '../../client/one-off-calls';
import { acquireCallLease, countLiveCallLeases, releaseCallLease } from '../../db/repositories/call-leases';
import { startEngineHarness, waitFor, type EngineHarness } from '../engine/engine-harness';
import { createTestApp } from '../helpers/context';
import { insertAgent } from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import {
  attemptOfRun,
  completedRun,
  initiateCall,
  simulatorCallsOf,
  simulatorWithNumber,
} from './one-off-world';

let h: EngineHarness;
let defaultConfig: { configurationId: number; phoneNumberId: number };
let otherConfig: { configurationId: number; phoneNumberId: number };
let stranger: TestOrganization;
let strangerAgentId: number;
let strangerConfig: { configurationId: number; phoneNumberId: number };

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
  const db = h.ctx.db;
  defaultConfig = await simulatorWithNumber(db, h.org.organizationId, {
    address: '+12125551000',
    defaultOutbound: true,
    defaultCaller: true,
  });
  otherConfig = await simulatorWithNumber(db, h.org.organizationId, { address: '+12125551001' });
  stranger = await createTestOrganization(db);
  strangerAgentId = (await insertAgent(db, stranger.organizationId)).agentId;
  strangerConfig = await simulatorWithNumber(db, stranger.organizationId, {
    address: '+12125551002',
    defaultOutbound: true,
  });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('POST /telephony/initiate-call places one call through the engine', () => {
  it('answers 201 with the run, which gets its outcome when the simulated call ends', async () => {
    const response = await initiateCall(h, {
      workflow_id: h.agentId,
      phone_number: '+1 (212) 555-0120',
      initial_context: { customer_name: 'Ada', called_number: 'ignored' },
    });
    expect(response.statusCode).toBe(201);
    const run = response.json();
    expect(run).toMatchObject({
      workflow_id: h.agentId,
      mode: 'simulator',
      call_type: 'outbound',
      message: 'Call initiated',
      initial_context: {
        customer_name: 'Ada',
        called_number: '+12125550120',
        caller_number: '+12125551000',
        telephony_configuration_id: defaultConfig.configurationId,
      },
    });
    const attempt = await attemptOfRun(h, run.id);
    expect(run.name).toBe(oneOffCallWorkflowId(attempt.id));
    expect(attempt).toMatchObject({ campaign_id: null, contact_id: null, phone_number: '+12125550120' });

    // The default outbound configuration placed it, from its default caller, exactly once.
    const stored = await completedRun(h, run.id);
    expect(stored.disposition).toBe('completed');
    expect(stored).toMatchObject({
      id: run.id,
      organization_id: h.org.organizationId,
      workflow_id: h.agentId,
      definition_id: h.definitionId,
    });
    // The simulator reports whole seconds, as vendors do: 0.2 s of talk is 0.
    expect(stored.call_duration_seconds).toBe(0);
    const calls = await simulatorCallsOf(h, attempt.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      telephony_configuration_id: defaultConfig.configurationId,
      to_number: '+12125550120',
      from_number: '+12125551000',
    });
    expect(await countLiveCallLeases(h.ctx.db, h.org.organizationId)).toBe(0);

    // The workflow learns the outcome and closes with it.
    const result = await h.ctx.temporal.client.workflow.getHandle(run.name).result();
    expect(result).toEqual({ outcome: 'completed' });

    // Visible in the organization's runs list like any call.
    const list = await h.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/usage/runs?filters=${encodeURIComponent(
        JSON.stringify([{ attribute: 'runId', type: 'number', value: run.id }]),
      )}`,
      headers: h.org.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().runs).toEqual([
      expect.objectContaining({
        id: run.id,
        call_type: 'outbound',
        mode: 'simulator',
        disposition: 'completed',
        phone_number: '+12125550120',
        called_number: '+12125550120',
        caller_number: '+12125551000',
      }),
    ]);
    const detail = await h.app.inject({
      method: 'GET',
      url: `/api/v1/workflow/${h.agentId}/runs/${run.id}`,
      headers: h.org.headers,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      call_type: 'outbound',
      is_completed: true,
      gathered_context: { mapped_call_disposition: 'completed' },
    });
  });

  it('calls through the given configuration and caller id; a busy line is not redialed', async () => {
    const response = await initiateCall(h, {
      workflow_id: h.agentId,
      phone_number: '+12125550126',
      telephony_configuration_id: otherConfig.configurationId,
      from_phone_number_id: otherConfig.phoneNumberId,
    });
    expect(response.statusCode).toBe(201);
    const run = response.json();
    const stored = await completedRun(h, run.id);
    expect(stored.disposition).toBe('busy');
    const attempt = await attemptOfRun(h, run.id);
    expect(attempt).toMatchObject({ state: 'finished', outcome: 'busy' });
    await h.ctx.temporal.client.workflow.getHandle(run.name).result();
    const calls = await simulatorCallsOf(h, attempt.id);
    expect(calls.map((c) => [c.telephony_configuration_id, c.from_number])).toEqual([
      [otherConfig.configurationId, '+12125551001'],
    ]);
  });

  it("waits durably for a call lease while the organization's limit is full, then places the call", async () => {
    const db = h.ctx.db;
    const org = await createTestOrganization(db);
    const { agentId } = await insertAgent(db, org.organizationId);
    const config = await simulatorWithNumber(db, org.organizationId, {
      address: '+12125551003',
      defaultOutbound: true,
    });
    await db
      .updateTable('organizations')
      .set({ max_concurrent_calls: 1 })
      .where('id', '=', org.organizationId)
      .execute();
    // Another call of the organization holds the only slot.
    const holder = await db
      .insertInto('attempts')
      .values({
        organization_id: org.organizationId,
        attempt_number: 1,
        phone_number: '+12125550199',
        telephony_configuration_id: config.configurationId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lease = await acquireCallLease(db, {
      organizationId: org.organizationId,
      telephonyConfigurationId: config.configurationId,
      attemptId: holder.id,
      holder: 'test',
      ttlSeconds: 120,
    });
    expect(lease.granted).toBe(true);

    const response = await initiateCall(
      h,
      { workflow_id: agentId, phone_number: '+12125550121' },
      org.headers,
    );
    expect(response.statusCode).toBe(201);
    const run = response.json();
    const attempt = await attemptOfRun(h, run.id);
    const handle = h.ctx.temporal.client.workflow.getHandle(run.name);
    // The workflow was refused a lease and waits on a timer; nothing was dialed.
    await waitFor(
      async () => {
        const history = await handle.fetchHistory();
        return (history.events ?? []).some((event) => event.timerStartedEventAttributes);
      },
      { what: 'the workflow waiting for a call lease' },
    );
    expect(await simulatorCallsOf(h, attempt.id)).toHaveLength(0);
    expect((await attemptOfRun(h, run.id)).state).toBe('queued');

    await releaseCallLease(db, holder.id);
    const stored = await completedRun(h, run.id);
    expect(stored.disposition).toBe('completed');
    expect(await simulatorCallsOf(h, attempt.id)).toHaveLength(1);
    expect(await handle.result()).toEqual({ outcome: 'completed' });
    expect(await countLiveCallLeases(db, org.organizationId)).toBe(0);
  });
});

describe('a one-off call takes the engine safety nets of campaign calls', () => {
  it('places a call the provider refuses again after a back-off, and gives up as error at the fifth refusal', async () => {
    // The simulator's scripted `error` answers 503 to the placement request: certainly not placed.
    const config = await simulatorWithNumber(h.ctx.db, h.org.organizationId, {
      address: '+12125551005',
      simulator: { script: { '+12125550123': ['error'] } },
    });
    const response = await initiateCall(h, {
      workflow_id: h.agentId,
      phone_number: '+12125550123',
      telephony_configuration_id: config.configurationId,
    });
    expect(response.statusCode).toBe(201);
    const run = response.json();
    // Back-offs of 2, 4, 8 and 16 s between the five refusals; the run answered to the client is kept throughout.
    const stored = await completedRun(h, run.id, 90_000);
    expect(stored.disposition).toBe('error');
    expect(stored.gathered_context).toMatchObject({ error: 'placement_refused' });
    const attempt = await attemptOfRun(h, run.id);
    const calls = await simulatorCallsOf(h, attempt.id);
    expect(calls.map((c) => c.status)).toEqual(Array(5).fill('rejected'));
    expect(await h.ctx.temporal.client.workflow.getHandle(run.name).result()).toEqual({
      outcome: 'error',
    });
    expect(await countLiveCallLeases(h.ctx.db, h.org.organizationId)).toBe(0);
  }, 120_000);

  it('settles a call whose status callback never arrives by asking the provider at its deadline', async () => {
    const { agentId } = await insertAgent(h.ctx.db, h.org.organizationId);
    await h.ctx.db
      .updateTable('agents')
      .set({ workflow_configurations: { max_call_duration_seconds: 1 } })
      .where('id', '=', agentId)
      .execute();
    const config = await simulatorWithNumber(h.ctx.db, h.org.organizationId, {
      address: '+12125551006',
      simulator: { drop_callback_rate: 1 },
    });
    const response = await initiateCall(h, {
      workflow_id: agentId,
      phone_number: '+12125550127',
      telephony_configuration_id: config.configurationId,
    });
    const run = response.json();
    // Ring timeout (45 s) + maximum length (1 s) + grace (2 s) after placement.
    const stored = await completedRun(h, run.id, 90_000);
    expect(stored.disposition).toBe('no_answer');
    const attempt = await attemptOfRun(h, run.id);
    expect(await simulatorCallsOf(h, attempt.id)).toHaveLength(1);
    expect(await h.ctx.temporal.client.workflow.getHandle(run.name).result()).toEqual({
      outcome: 'no_answer',
    });
    expect(await countLiveCallLeases(h.ctx.db, h.org.organizationId)).toBe(0);
  }, 120_000);
});

describe('POST /telephony/initiate-call validates before anything is dialed', () => {
  it('is 400 telephony_configuration_not_found without a configuration and without a default', async () => {
    const org = await createTestOrganization(h.ctx.db);
    const { agentId } = await insertAgent(h.ctx.db, org.organizationId);
    const response = await initiateCall(
      h,
      { workflow_id: agentId, phone_number: '+12125550120' },
      org.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'telephony_configuration_not_found' });
  });

  it.each([
    ['an unknown agent', () => ({ workflow_id: 999_999_999 }), 'workflow_not_found'],
    ["another organization's agent", () => ({ workflow_id: strangerAgentId }), 'workflow_not_found'],
    [
      'an unknown configuration',
      () => ({ telephony_configuration_id: 999_999_999 }),
      'telephony_configuration_not_found',
    ],
    [
      "another organization's configuration",
      () => ({ telephony_configuration_id: strangerConfig.configurationId }),
      'telephony_configuration_not_found',
    ],
    [
      "another organization's number",
      () => ({ from_phone_number_id: strangerConfig.phoneNumberId }),
      'phone_number_not_found',
    ],
    [
      'a number of another configuration',
      () => ({ from_phone_number_id: otherConfig.phoneNumberId }),
      'phone_number_not_found',
    ],
  ])('is 400 for %s', async (_what, body, detail) => {
    const before = await countAttempts(h.org.organizationId);
    const response = await initiateCall(h, {
      workflow_id: h.agentId,
      phone_number: '+12125550120',
      ...body(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail });
    expect(await countAttempts(h.org.organizationId)).toBe(before);
  });

  it('is 409 workflow_archived for an archived agent', async () => {
    const { agentId } = await insertAgent(h.ctx.db, h.org.organizationId, { status: 'archived' });
    const response = await initiateCall(h, { workflow_id: agentId, phone_number: '+12125550120' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ detail: 'workflow_archived' });
  });

  it('is 422 in the FastAPI shape for a bad phone number, a missing agent or an inactive caller id', async () => {
    const badNumber = await initiateCall(h, { workflow_id: h.agentId, phone_number: '12' });
    expect(badNumber.statusCode).toBe(422);
    expect(badNumber.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'phone_number'], type: 'value_error.phone_number' }),
    ]);
    const missing = await initiateCall(h, { phone_number: '+12125550120' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'workflow_id'] })]);
    const context = await initiateCall(h, {
      workflow_id: h.agentId,
      phone_number: '+12125550120',
      initial_context: 'not an object',
    });
    expect(context.statusCode).toBe(422);

    const inactive = await simulatorWithNumber(h.ctx.db, h.org.organizationId, { address: '+12125551004' });
    await h.ctx.db
      .updateTable('phone_numbers')
      .set({ is_active: false })
      .where('id', '=', inactive.phoneNumberId)
      .execute();
    const response = await initiateCall(h, {
      workflow_id: h.agentId,
      phone_number: '+12125550120',
      telephony_configuration_id: inactive.configurationId,
      from_phone_number_id: inactive.phoneNumberId,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'from_phone_number_id'] }),
    ]);
  });

  it("keeps the run out of another organization's reach (404) and needs credentials", async () => {
    const response = await initiateCall(h, { workflow_id: h.agentId, phone_number: '+12125550122' });
    const run = response.json();
    const detail = await h.app.inject({
      method: 'GET',
      url: `/api/v1/workflow/${h.agentId}/runs/${run.id}`,
      headers: stranger.headers,
    });
    expect(detail.statusCode).toBe(404);
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/usage/runs',
      headers: stranger.headers,
    });
    expect(list.json().runs.map((r: { id: number }) => r.id)).not.toContain(run.id);
    const anonymous = await initiateCall(h, { workflow_id: h.agentId, phone_number: '+12125550122' }, {});
    expect(anonymous.statusCode).toBe(401);
    await completedRun(h, run.id);
  });

  it('is 503 engine_unavailable when Temporal cannot be reached, leaving no attempt or run behind', async () => {
    const offline = await createTestApp({ TEMPORAL_ADDRESS: '127.0.0.1:1' });
    try {
      const before = await countAttempts(h.org.organizationId);
      const runsBefore = await countRuns(h.org.organizationId);
      const response = await offline.app.inject({
        method: 'POST',
        url: '/api/v1/telephony/initiate-call',
        headers: h.org.headers,
        payload: { workflow_id: h.agentId, phone_number: '+12125550124' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ detail: 'engine_unavailable' });
      expect(await countAttempts(h.org.organizationId)).toBe(before);
      expect(await countRuns(h.org.organizationId)).toBe(runsBefore);
    } finally {
      await offline.close();
    }
  }, 30_000);

  it('is in the OpenAPI document', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths['/api/v1/telephony/initiate-call'])).toEqual(['post']);
    const operation = response.json().paths['/api/v1/telephony/initiate-call'].post;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '400', '409']));
    const created = operation.responses['201'].content['application/json'].schema;
    expect(created.required).toEqual(expect.arrayContaining(['id', 'workflow_id', 'message']));
    expect(created.properties.message.type).toBe('string');
    expect(operation.requestBody.content['application/json'].schema.required).toEqual([
      'workflow_id',
      'phone_number',
    ]);
  });
});

async function countRuns(organizationId: number): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function countAttempts(organizationId: number): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
