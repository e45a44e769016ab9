import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignAction,
  campaignRow,
  patchCampaign,
  startEngineHarness,
  uploadContacts,
  waitFor,
  type EngineHarness,
} from '../engine/engine-harness';
import { insertSimulatorConfiguration } from '../helpers/fixtures';

/**
 * Local caller id through the real engine and the simulator: each call of a campaign with `local_caller_id` shows the
 * configuration's number nearest the contact, checked against the simulator's own record of the from number, the
 * attempt and the run.
 */

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});

afterAll(async () => {
  await h?.close();
});

const MANHATTAN = '+12125550100'; // the default caller
const SAN_FRANCISCO = '+14155550100';
const BROOKLYN = '+17185550100';
const BOSTON_INACTIVE = '+16175550100';

async function addNumber(configurationId: number, address: string, extra: Record<string, unknown> = {}) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/telephony-configs/${configurationId}/phone-numbers`,
    headers: h.org.headers,
    payload: { address, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
}

let sharedConfiguration: Promise<number> | undefined;

/**
 * A simulator configuration with four numbers: Manhattan (default), San Francisco, Brooklyn, and Boston (inactive).
 * One for the file: a number belongs to one configuration of an organization.
 */
const configurationWithNumbers = () => (sharedConfiguration ??= createConfigurationWithNumbers());

async function createConfigurationWithNumbers(): Promise<number> {
  const configurationId = await insertSimulatorConfiguration(h.ctx.db, h.org.organizationId, {
    ring_seconds: 0.1,
    talk_seconds: 0.1,
  });
  await addNumber(configurationId, SAN_FRANCISCO);
  await addNumber(configurationId, MANHATTAN, { is_default_caller_id: true });
  await addNumber(configurationId, BROOKLYN);
  await addNumber(configurationId, BOSTON_INACTIVE, { is_active: false });
  return configurationId;
}

async function createCampaign(configurationId: number, phones: string[], body: Record<string, unknown>) {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/v1/campaign/create',
    headers: h.org.headers,
    payload: {
      name: 'Local caller id',
      workflow_id: h.agentId,
      source_type: 'csv',
      source_id: await uploadContacts(h, phones),
      telephony_configuration_id: configurationId,
      ring_timeout_seconds: 5,
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; local_caller_id: boolean };
}

/** Per called number: the from number the simulator was asked for, the attempt's and the run's caller_number. */
async function callersOf(campaignId: number) {
  const rows = await h.ctx.db
    .selectFrom('attempts')
    .innerJoin('simulator_calls', (join) =>
      join.on((eb) => eb('simulator_calls.attempt_ref', '=', eb.cast<string>('attempts.id', 'text'))),
    )
    .innerJoin('runs', 'runs.id', 'attempts.run_id')
    .select([
      'attempts.phone_number',
      'attempts.caller_number as attempt_caller',
      'simulator_calls.from_number',
      'runs.caller_number as run_caller',
      'runs.initial_context',
    ])
    .where('attempts.campaign_id', '=', campaignId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.phone_number,
      {
        simulator: row.from_number,
        attempt: row.attempt_caller,
        run: row.run_caller,
        context: (row.initial_context as { caller_number?: string }).caller_number,
      },
    ]),
  );
}

async function runToCompletion(campaignId: number) {
  expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
  await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
    what: 'campaign completed',
  });
}

const everywhere = (number: string | null) => ({
  simulator: number,
  attempt: number,
  run: number,
  context: number,
});

describe('a campaign with local caller id', () => {
  it('places each call from the active number nearest the contact, and from the default caller when none is near', async () => {
    const configurationId = await configurationWithNumbers();
    const contacts = {
      sanFrancisco: '+14155550101', // same area code as the San Francisco number
      paloAlto: '+16505550102', // California, another area code: the San Francisco number (same state)
      brooklyn: '+17185550103', // same area code as Brooklyn, though Manhattan is the default
      boston: '+16175550104', // the Boston number is inactive: no Massachusetts number, the default (same country)
      london: '+442079460955', // no British number: the default caller
    };
    const campaign = await createCampaign(configurationId, Object.values(contacts), {
      local_caller_id: true,
    });
    expect(campaign.local_caller_id).toBe(true);
    await runToCompletion(campaign.id);

    const callers = await callersOf(campaign.id);
    expect(callers.size).toBe(5);
    expect(callers.get(contacts.sanFrancisco)).toEqual(everywhere(SAN_FRANCISCO));
    expect(callers.get(contacts.paloAlto)).toEqual(everywhere(SAN_FRANCISCO));
    expect(callers.get(contacts.brooklyn)).toEqual(everywhere(BROOKLYN));
    expect(callers.get(contacts.boston)).toEqual(everywhere(MANHATTAN));
    expect(callers.get(contacts.london)).toEqual(everywhere(MANHATTAN));
  });

  it('without the option, every call shows the default caller; a PATCH turns it on for the calls that follow', async () => {
    const configurationId = await configurationWithNumbers();
    const phones = ['+14155550111', '+17185550112'];
    const campaign = await createCampaign(configurationId, phones, {});
    expect(campaign.local_caller_id).toBe(false);
    await runToCompletion(campaign.id);
    const callers = await callersOf(campaign.id);
    expect(callers.get(phones[0]!)).toEqual(everywhere(MANHATTAN));
    expect(callers.get(phones[1]!)).toEqual(everywhere(MANHATTAN));

    const later = await createCampaign(configurationId, phones, { local_caller_id: false });
    const patched = await patchCampaign(h, later.id, { local_caller_id: true });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((patched.json() as { local_caller_id: boolean }).local_caller_id).toBe(true);
    await runToCompletion(later.id);
    const localCallers = await callersOf(later.id);
    expect(localCallers.get(phones[0]!)).toEqual(everywhere(SAN_FRANCISCO));
    expect(localCallers.get(phones[1]!)).toEqual(everywhere(BROOKLYN));
  });
});

describe('the local_caller_id field', () => {
  it('is 422 in the FastAPI shape when it is not a boolean, on create and on PATCH', async () => {
    const configurationId = await configurationWithNumbers();
    for (const value of ['yes', 1, null, { on: true }]) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/v1/campaign/create',
        headers: h.org.headers,
        payload: {
          name: 'Bad',
          workflow_id: h.agentId,
          source_type: 'csv',
          source_id: await uploadContacts(h, ['+14155550121']),
          telephony_configuration_id: configurationId,
          local_caller_id: value,
        },
      });
      expect(response.statusCode, JSON.stringify(value)).toBe(422);
      const detail = (response.json() as { detail: Array<{ loc: string[] }> }).detail;
      expect(detail.some((entry) => entry.loc.join('.') === 'body.local_caller_id')).toBe(true);
    }
    const campaign = await createCampaign(configurationId, ['+14155550122'], {});
    const patched = await patchCampaign(h, campaign.id, { local_caller_id: 'true\u0000' });
    expect(patched.statusCode).toBe(422);
    expect((await campaignRow(h, campaign.id)).local_caller_id).toBe(false);
  });

  it('is logged as a changed setting and kept by the GET', async () => {
    const configurationId = await configurationWithNumbers();
    const campaign = await createCampaign(configurationId, ['+14155550131'], {});
    expect((await patchCampaign(h, campaign.id, { local_caller_id: true })).statusCode).toBe(200);
    const read = await h.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaign.id}`,
      headers: h.org.headers,
    });
    const body = read.json() as {
      local_caller_id: boolean;
      logs: Array<{ event: string; details: unknown }>;
    };
    expect(body.local_caller_id).toBe(true);
    const updated = body.logs.find((entry) => entry.event === 'updated');
    expect(updated?.details).toEqual({ changes: { local_caller_id: { from: false, to: true } } });
  });
});
