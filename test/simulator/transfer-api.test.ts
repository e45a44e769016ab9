/**
 * The simulator's transfer (its calls API, reached through the simulator provider's transferCall as the media
 * process reaches it): only a call talking over its stream is transferred, once, its destination recorded; anything
 * else is refused in the contract's error shape, and nothing is recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../devstack/processes';
import { ProviderRequestError } from '../../providers/provider-errors';
import { createSimulatorProvider } from '../../providers/simulator/simulator-provider';
import type { TelephonyProvider } from '../../providers/provider';
import { simulatorApiToken } from '../../simulator/auth';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization } from '../helpers/organizations';

const DESK = '+15557650000';

describe("the simulator's transfer", () => {
  let t: TestApp;
  let provider: TelephonyProvider;

  beforeAll(async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_BASE_URL: baseUrl });
    await t.app.listen({ port, host: '127.0.0.1' });
    const { organizationId } = await createTestOrganization(t.ctx.db);
    const configurationId = await insertSimulatorConfiguration(t.ctx.db, organizationId, {});
    provider = createSimulatorProvider({
      configurationId,
      baseUrl,
      token: simulatorApiToken(t.ctx.config),
      // Calls ring long: nothing answers or ends them during the test unless it says so.
      config: { ring_seconds: 30, talk_seconds: 60 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const place = async (to: string) =>
    (
      await provider.placeCall({
        attemptId: `transfer-${to}`,
        from: '+15550000000',
        to,
        statusCallbackUrl: `${t.ctx.config.http.publicBaseUrl}/api/v1/telephony/status/simulator/1?token=x`,
        ringTimeoutSeconds: 45,
        maxCallDurationSeconds: 1800,
        amdEnabled: false,
      })
    ).providerCallId;
  const transferredTo = async (callSid: string) =>
    (
      await t.ctx.db
        .selectFrom('simulator_calls')
        .select('transferred_to')
        .where('call_sid', '=', callSid)
        .executeTakeFirstOrThrow()
    ).transferred_to;
  const refusal = (promise: Promise<void>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof ProviderRequestError ? error.message : String(error)),
    );

  it('transfers an answered call once, recording the destination; a second transfer is refused', async () => {
    const callSid = await place('+12125550101');
    // The runner's claim when a person answers a talking call (no callee of this process talks on it).
    await t.ctx.db
      .updateTable('simulator_calls')
      .set({ status: 'answered' })
      .where('call_sid', '=', callSid)
      .execute();
    await provider.transferCall!({ providerCallId: callSid, destination: DESK, callerId: '+15550000000' });
    expect(await transferredTo(callSid)).toBe(DESK);
    expect(
      await refusal(provider.transferCall!({ providerCallId: callSid, destination: DESK, callerId: null })),
    ).toMatch(/refused the transfer \(409\).*call_not_in_progress/);
    expect(await transferredTo(callSid)).toBe(DESK);
  });

  it('refuses a call still ringing (409) and an unknown call (404)', async () => {
    const ringing = await place('+12125550102');
    expect(
      await refusal(provider.transferCall!({ providerCallId: ringing, destination: DESK, callerId: null })),
    ).toMatch(/\(409\).*call_not_in_progress/);
    expect(await transferredTo(ringing)).toBeNull();
    expect(
      await refusal(provider.transferCall!({ providerCallId: 'SIMnone', destination: DESK, callerId: null })),
    ).toMatch(/\(404\).*call_not_found/);
  });

  it('refuses a destination that is neither E.164 nor a SIP URI (422), and a request without the token (401)', async () => {
    const callSid = await place('+12125550103');
    await t.ctx.db
      .updateTable('simulator_calls')
      .set({ status: 'answered' })
      .where('call_sid', '=', callSid)
      .execute();
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/simulator/calls/${callSid}/transfer`,
      headers: { authorization: `Bearer ${simulatorApiToken(t.ctx.config)}` },
      payload: { destination: 'the front desk' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'destination']);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/simulator/calls/${callSid}/transfer`,
      payload: { destination: DESK },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await transferredTo(callSid)).toBeNull();
  });
});
