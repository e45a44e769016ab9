import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignAction,
  campaignRow,
  startEngineHarness,
  uploadContacts,
  waitFor,
  type EngineHarness,
} from '../engine/engine-harness';
import { CONFIGS } from '../telephony/helpers';
import { startAriFake, type AriFake } from './fakes/ari-fake';
import { startTwilioFake, type TwilioFake } from './fakes/twilio-fake';

let h: EngineHarness;
let twilio: TwilioFake;
let ari: AriFake;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
  twilio = await startTwilioFake();
  ari = await startAriFake();
});
afterAll(async () => {
  await h?.close();
  await twilio?.close();
  await ari?.close();
});

/** A configuration and its default caller through the API, the way a user sets a provider up. */
async function configure(config: Record<string, unknown>, caller: string): Promise<number> {
  const created = await h.app.inject({
    method: 'POST',
    url: CONFIGS,
    headers: h.org.headers,
    payload: { name: `e2e-${config.provider}-${Date.now()}`, config },
  });
  expect(created.statusCode).toBe(201);
  const id = (created.json() as { id: number }).id;
  const number = await h.app.inject({
    method: 'POST',
    url: `${CONFIGS}/${id}/phone-numbers`,
    headers: h.org.headers,
    payload: { address: caller, is_default_caller_id: true },
  });
  expect(number.statusCode).toBe(201);
  return id;
}

async function runCampaign(configurationId: number, phones: string[]) {
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/v1/campaign/create',
    headers: h.org.headers,
    payload: {
      name: 'Provider end to end',
      workflow_id: h.agentId,
      source_type: 'csv',
      source_id: await uploadContacts(h, phones),
      telephony_configuration_id: configurationId,
      ring_timeout_seconds: 20,
      retry_config: { retry_delay_seconds: 1, max_retries: 2, retry_on_busy: true, retry_on_no_answer: true },
    },
  });
  expect(created.statusCode).toBe(201);
  const campaignId = (created.json() as { id: number }).id;
  expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
  const done = await waitFor(
    async () => {
      const row = await campaignRow(h, campaignId);
      return row.state === 'completed' || row.state === 'failed' ? row : null;
    },
    { timeoutMs: 90_000, what: 'campaign completed' },
  );
  const contacts = await h.ctx.db
    .selectFrom('contacts')
    .select(['phone_number', 'final_outcome', 'attempts_made'])
    .where('campaign_id', '=', campaignId)
    .orderBy('row_number')
    .execute();
  const outcomes = Object.fromEntries(
    contacts.map((c) => [c.phone_number, [c.final_outcome, c.attempts_made]]),
  );
  return { done, outcomes };
}

/** How many calls went to each number from each caller, as `"to from caller": count`. */
function callsPerNumber(calls: ReadonlyArray<readonly [string, string]>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [to, from] of calls) counts[`${to} from ${from}`] = (counts[`${to} from ${from}`] ?? 0) + 1;
  return counts;
}

describe('a campaign dials through real provider adapters and retries busy and unanswered contacts', () => {
  it('runs end to end against the Twilio fake', async () => {
    const configurationId = await configure(
      {
        provider: 'twilio',
        account_sid: twilio.accountSid,
        auth_token: twilio.authToken,
        api_base_url: twilio.url,
      },
      '+12125550100',
    );
    twilio.behave('+12125551001', { final: 'completed' });
    twilio.behave('+12125551002', [{ final: 'busy' }, { final: 'completed' }]);
    twilio.behave('+12125551003', [{ final: 'no-answer' }, { final: 'no-answer' }, { final: 'completed' }]);
    twilio.behave('+12125551004', { final: 'busy' });
    twilio.behave('+12125551005', { final: 'failed', sipResponseCode: 404 });
    const { done, outcomes } = await runCampaign(configurationId, [
      '+12125551001',
      '+12125551002',
      '+12125551003',
      '+12125551004',
      '+12125551005',
    ]);
    expect(done.state).toBe('completed');
    expect(outcomes).toEqual({
      '+12125551001': ['completed', 1],
      '+12125551002': ['completed', 2],
      '+12125551003': ['completed', 3],
      '+12125551004': ['busy', 3],
      '+12125551005': ['invalid_number', 1],
    });
    expect(done).toMatchObject({ processed_rows: 5, failed_rows: 2, executed_count: 10 });
    // From the vendor's own record: each number dialled exactly as often as its outcome allows, all from the
    // configuration's default caller.
    expect(callsPerNumber([...twilio.calls.values()].map((call) => [call.to, call.from]))).toEqual({
      '+12125551001 from +12125550100': 1,
      '+12125551002 from +12125550100': 2,
      '+12125551003 from +12125550100': 3,
      '+12125551004 from +12125550100': 3,
      '+12125551005 from +12125550100': 1,
    });
  });

  it('runs end to end against the ARI fake', async () => {
    const configurationId = await configure(
      { provider: 'ari', ari_endpoint: ari.url, app_name: ari.app, app_password: ari.password },
      '+12125550200',
    );
    ari.behave('+12125552001', { cause: 16, answer: true });
    ari.behave('+12125552002', [{ cause: 17 }, { cause: 16, answer: true }]);
    ari.behave('+12125552003', [{ cause: 19 }, { cause: 18 }, { cause: 16, answer: true }]);
    ari.behave('+12125552004', { cause: 17 });
    ari.behave('+12125552005', { cause: 1 });
    // As in a deployment, the API's events listener follows Asterisk before calls go out: events of a call placed
    // before it connects are lost, and the call is settled from its channel's absence (as unanswered).
    await ari.waitForConnection(10_000);
    const { done, outcomes } = await runCampaign(configurationId, [
      '+12125552001',
      '+12125552002',
      '+12125552003',
      '+12125552004',
      '+12125552005',
    ]);
    expect(done.state).toBe('completed');
    expect(outcomes).toEqual({
      '+12125552001': ['completed', 1],
      '+12125552002': ['completed', 2],
      '+12125552003': ['completed', 3],
      '+12125552004': ['busy', 3],
      '+12125552005': ['invalid_number', 1],
    });
    expect(done).toMatchObject({ processed_rows: 5, failed_rows: 2, executed_count: 10 });
    const originated = ari.originated
      .map((request) => [request.query.get('endpoint')!, request.query.get('callerId')!] as const)
      .filter(([endpoint]) => endpoint.includes('+121255520'));
    expect(callsPerNumber(originated)).toEqual({
      'PJSIP/+12125552001 from +12125550200': 1,
      'PJSIP/+12125552002 from +12125550200': 2,
      'PJSIP/+12125552003 from +12125550200': 3,
      'PJSIP/+12125552004 from +12125550200': 3,
      'PJSIP/+12125552005 from +12125550200': 1,
    });
  });
});
