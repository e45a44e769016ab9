import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, signUp } from '../auth/accounts';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';
import { CONFIGS, createConfiguration, twilioConfig } from '../telephony/helpers';
import { shapeProblems } from './dograh-check';
import {
  AUTH_ME,
  HEALTH,
  TELEPHONY_CONFIGURATION_DETAIL,
  TELEPHONY_CONFIGURATION_LIST_ITEM,
} from './shapes-fields';

/** /auth/me, health and telephony configurations answer the fields Dograh's clients read (issue 17 item 6). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe("/auth/me: Dograh's flat user fields", () => {
  it('answers the session user, and for an API key the user who created it, as Dograh does', async () => {
    const owner = await signUp(t.app);
    const key = await createKey(t.app, owner.headers, { name: 'sdk' });
    for (const headers of [owner.headers, { 'x-api-key': key.api_key }]) {
      const body = (await get('/api/v1/auth/me', headers)).json();
      expect(shapeProblems(body, AUTH_ME)).toEqual([]);
      expect(body).toMatchObject({
        id: owner.userId,
        email: owner.email,
        name: null,
        organization_id: owner.organizationId,
        provider_id: String(owner.userId),
        user: { id: owner.userId, email: owner.email },
      });
    }
  });

  it('answers null user fields and the organization for an API key that no user created', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const response = await get('/api/v1/auth/me', org.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: null,
      email: null,
      name: null,
      organization_id: org.organizationId,
      provider_id: null,
      user: null,
      organization: { id: org.organizationId },
      via: 'api_key',
    });
  });
});

describe("health: Dograh's WebRTC and signup flags", () => {
  it('says there is no TURN relay and whether signup is open, from SIGNUP_ENABLED', async () => {
    const open = (await get('/api/v1/health')).json();
    expect(shapeProblems(open, HEALTH)).toEqual([]);
    expect(open).toMatchObject({ turn_enabled: false, force_turn_relay: false, signup_enabled: true });

    const closed = await createTestApp({ SIGNUP_ENABLED: 'false' });
    try {
      const body = (await closed.app.inject({ method: 'GET', url: '/api/v1/health' })).json();
      expect(shapeProblems(body, HEALTH)).toEqual([]);
      expect(body.signup_enabled).toBe(false);
    } finally {
      await closed.close();
    }
  });
});

describe("telephony configurations: Dograh's readiness fields", () => {
  const addNumber = async (headers: Record<string, string>, configId: number, address: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${configId}/phone-numbers`,
      headers,
      payload: { address },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number };
  };
  const readBoth = async (headers: Record<string, string>, configId: number) => {
    const detail = (await get(`${CONFIGS}/${configId}`, headers)).json();
    expect(shapeProblems(detail, TELEPHONY_CONFIGURATION_DETAIL)).toEqual([]);
    const list = (await get(CONFIGS, headers)).json().configurations;
    list.forEach((item: unknown, i: number) =>
      expect(shapeProblems(item, TELEPHONY_CONFIGURATION_LIST_ITEM, `configurations[${i}]`)).toEqual([]),
    );
    const item = list.find((entry: { id: number }) => entry.id === configId);
    const readiness = (body: Record<string, unknown>) => ({
      phone_number_count: body.phone_number_count,
      inactive: body.inactive,
      inactive_reason: body.inactive_reason,
      is_ready_for_outbound: body.is_ready_for_outbound,
      outbound_blocked_reason: body.outbound_blocked_reason,
    });
    expect(readiness(item)).toEqual(readiness(detail));
    return detail;
  };

  it('counts active numbers and is ready once a vendor configuration has a caller number', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const twilio = await createConfiguration(t.app, org.headers, { config: twilioConfig() });
    expect(twilio).toMatchObject({ phone_number_count: 0, is_ready_for_outbound: false });
    expect(await readBoth(org.headers, twilio.id)).toMatchObject({
      phone_number_count: 0,
      inactive: false,
      inactive_reason: null,
      is_ready_for_outbound: false,
      outbound_blocked_reason: expect.stringContaining('Twilio'),
    });

    const first = await addNumber(org.headers, twilio.id, '+14155550171');
    await addNumber(org.headers, twilio.id, '+14155550172');
    expect(await readBoth(org.headers, twilio.id)).toMatchObject({
      phone_number_count: 2,
      is_ready_for_outbound: true,
      outbound_blocked_reason: null,
    });

    const deactivate = await t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${twilio.id}/phone-numbers/${first.id}`,
      headers: org.headers,
      payload: { is_active: false },
    });
    expect(deactivate.statusCode).toBe(200);
    expect(await readBoth(org.headers, twilio.id)).toMatchObject({
      phone_number_count: 1,
      is_ready_for_outbound: true,
    });
  });

  it('finds a simulator configuration ready without numbers, and inactive when the simulator is off', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const simulator = await createConfiguration(t.app, org.headers);
    expect(await readBoth(org.headers, simulator.id)).toMatchObject({
      phone_number_count: 0,
      inactive: false,
      is_ready_for_outbound: true,
      outbound_blocked_reason: null,
    });

    const off = await createTestApp({ SIMULATOR_ENABLED: 'false' });
    try {
      const body = (
        await off.app.inject({ method: 'GET', url: `${CONFIGS}/${simulator.id}`, headers: org.headers })
      ).json();
      expect(body).toMatchObject({
        inactive: true,
        inactive_reason: expect.stringContaining('SIMULATOR_ENABLED'),
        is_ready_for_outbound: false,
        outbound_blocked_reason: body.inactive_reason,
      });
    } finally {
      await off.close();
    }
  });
});
