import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedLegalBand } from '../helpers/callee-time';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

/**
 * `GET|PUT /organizations/calling-rules` and the one-off call's 409s. Hours that must exclude the present are chosen
 * around the real clock in the number's zone (New York for +1 212), so the assertions hold at any time of day.
 */

let t: TestApp;
let org: TestOrganization;
const URL = '/api/v1/organizations/calling-rules';
const DEFAULTS = {
  legal_hours: { enabled: true, start: '08:00', end: '21:00' },
  frequency_caps: { per_24h: null, per_7d: null },
};

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db, { legalHours: true });
});
afterAll(async () => t?.close());

const getRules = (headers: Record<string, string> = org.headers) =>
  t.app.inject({ method: 'GET', url: URL, headers });
const putRules = (payload: unknown, headers: Record<string, string> = org.headers) =>
  t.app.inject({ method: 'PUT', url: URL, headers, payload: payload as Record<string, unknown> });

describe('calling rules of an organization', () => {
  it('are the defaults until changed: legal hours 08:00-21:00 on, no caps', async () => {
    const response = await getRules();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULTS);
  });

  it('change partially, and only for the organization that changed them', async () => {
    const other = await createTestOrganization(t.ctx.db, { legalHours: true });
    const first = await putRules({ legal_hours: { end: '20:00' }, frequency_caps: { per_24h: 3 } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      legal_hours: { enabled: true, start: '08:00', end: '20:00' },
      frequency_caps: { per_24h: 3, per_7d: null },
    });
    const second = await putRules({ frequency_caps: { per_7d: 10 } });
    expect(second.json()).toEqual({
      legal_hours: { enabled: true, start: '08:00', end: '20:00' },
      frequency_caps: { per_24h: 3, per_7d: 10 },
    });
    expect((await getRules()).json()).toEqual(second.json());
    expect((await getRules(other.headers)).json()).toEqual(DEFAULTS);
    const reset = await putRules({
      legal_hours: { end: '21:00' },
      frequency_caps: { per_24h: null, per_7d: null },
    });
    expect(reset.json()).toEqual(DEFAULTS);
  });

  it('refuse bad input with a 422 in the FastAPI shape and keep what was stored', async () => {
    const bad: Array<[unknown, string[]]> = [
      [{ legal_hours: { start: '8:00' } }, ['body', 'legal_hours', 'start']],
      [{ legal_hours: { start: '21:00', end: '08:00' } }, ['body', 'legal_hours', 'end']],
      [{ legal_hours: { end: '24:01' } }, ['body', 'legal_hours', 'end']],
      [{ legal_hours: { start: '08:00\u0000' } }, ['body', 'legal_hours', 'start']],
      [{ legal_hours: { enabled: 'yes' } }, ['body', 'legal_hours', 'enabled']],
      [{ frequency_caps: { per_24h: 0 } }, ['body', 'frequency_caps', 'per_24h']],
      [{ frequency_caps: { per_24h: -2 } }, ['body', 'frequency_caps', 'per_24h']],
      [{ frequency_caps: { per_7d: 1e12 } }, ['body', 'frequency_caps', 'per_7d']],
      [{ frequency_caps: { per_7d: 2.5 } }, ['body', 'frequency_caps', 'per_7d']],
      [{ frequency_caps: { per_7d: '3' } }, ['body', 'frequency_caps', 'per_7d']],
      [{ legal_hours: null }, ['body', 'legal_hours']],
      [{ frequency_caps: [] }, ['body', 'frequency_caps']],
    ];
    for (const [payload, loc] of bad) {
      const response = await putRules(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const detail = response.json().detail as Array<{ loc: string[]; msg: string; type: string }>;
      expect(Array.isArray(detail), JSON.stringify(payload)).toBe(true);
      expect(
        detail.some((issue) => loc.every((part, i) => issue.loc[i] === part)),
        `${JSON.stringify(payload)} → ${JSON.stringify(detail)}`,
      ).toBe(true);
    }
    const notJson = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...org.headers, 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
    expect((await getRules()).json()).toEqual(DEFAULTS);
  });

  it('can be read but not changed with a read-only key, and not at all without credentials', async () => {
    const readOnly = await createTestOrganization(t.ctx.db, { scopes: ['read'], legalHours: true });
    expect((await getRules(readOnly.headers)).statusCode).toBe(200);
    const refused = await putRules({ legal_hours: { enabled: false } }, readOnly.headers);
    expect(refused.statusCode).toBe(403);
    expect((await getRules(readOnly.headers)).json()).toEqual(DEFAULTS);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});

describe('a one-off call refused by the calling rules', () => {
  const number = '+12125550143'; // New York
  let agentId: number;
  let configurationId: number;
  let caller: TestOrganization;

  beforeAll(async () => {
    caller = await createTestOrganization(t.ctx.db, { legalHours: true });
    ({ agentId } = await insertAgent(t.ctx.db, caller.organizationId));
    configurationId = await insertSimulatorConfiguration(t.ctx.db, caller.organizationId);
  });

  const initiate = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/telephony/initiate-call',
      headers: caller.headers,
      payload: { workflow_id: agentId, phone_number: number, telephony_configuration_id: configurationId },
    });
  const attemptsToNumber = async () =>
    (
      await t.ctx.db
        .selectFrom('attempts')
        .select('id')
        .where('organization_id', '=', caller.organizationId)
        .where('phone_number', '=', number)
        .execute()
    ).length;
  const insertAttempt = (state: 'placed' | 'finished', placingAt: Date) =>
    t.ctx.db
      .insertInto('attempts')
      .values({
        organization_id: caller.organizationId,
        attempt_number: 1,
        state,
        phone_number: number,
        placing_at: placingAt,
        finished_at: state === 'finished' ? placingAt : null,
        outcome: state === 'finished' ? 'completed' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('is 409 outside_legal_hours with the next 08:00-like opening in the number’s zone, and nothing is created', async () => {
    // A one-hour band that excludes the present hour in New York and does not span midnight.
    const { start, end, opening } = closedLegalBand('America/New_York');
    const put = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: caller.headers,
      payload: { legal_hours: { start, end } },
    });
    expect(put.statusCode).toBe(200);

    const before = await attemptsToNumber();
    const response = await initiate();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'outside_legal_hours',
      message: expect.any(String),
      next_allowed_at: opening.toUTC().toISO({ suppressMilliseconds: false }),
    });
    expect(await attemptsToNumber()).toBe(before);
  });

  it('is 409 frequency_cap_exceeded when the number reached its cap, with the time the oldest counted call leaves the window', async () => {
    await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: caller.headers,
      payload: { legal_hours: { enabled: false }, frequency_caps: { per_24h: 2 } },
    });
    const older = new Date(Date.now() - 5 * 3600_000);
    const newer = new Date(Date.now() - 3600_000);
    await insertAttempt('finished', new Date(Date.now() - 30 * 3600_000)); // outside the 24 hours: not counted
    await insertAttempt('finished', older);
    await insertAttempt('finished', newer);
    const response = await initiate();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'frequency_cap_exceeded',
      message: expect.any(String),
      next_allowed_at: new Date(older.getTime() + 24 * 3600_000).toISOString(),
    });
  });

  it('is 409 while the number is in another call of the organization, even under the cap', async () => {
    await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: caller.headers,
      payload: { frequency_caps: { per_24h: 100 } },
    });
    const inCall = await insertAttempt('placed', new Date());
    const response = await initiate();
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('frequency_cap_exceeded');
    await t.ctx.db.deleteFrom('attempts').where('id', '=', inCall.id).execute();
  });
});
