import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../devstack/processes';
import { acquireCallLease, countLiveCallLeases } from '../../db/repositories/call-leases';
import { statusCallbackUrl } from '../../providers/webhook-urls';
import { createSimulatorProvider } from '../../providers/simulator/simulator-provider';
import { simulatorApiToken } from '../../simulator/auth';
import { createTestApp, type TestApp } from '../helpers/context';
import {
  insertAgent,
  insertCampaign,
  insertContact,
  insertPlacingAttempt,
  insertSimulatorConfiguration,
} from '../helpers/fixtures';
import { createTestOrganization } from '../helpers/organizations';

describe('simulated calls report their outcome through the status webhook', () => {
  let t: TestApp;
  let baseUrl: string;
  let organizationId: number;
  let agentId: number;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_BASE_URL: baseUrl });
    await t.app.listen({ port, host: '127.0.0.1' });
    organizationId = (await createTestOrganization(t.ctx.db)).organizationId;
    agentId = (await insertAgent(t.ctx.db, organizationId)).agentId;
  });
  afterAll(async () => {
    await t.close();
  });

  async function placedAttempt(
    phoneNumber: string,
    simulatorConfig: Record<string, unknown> = {},
    retry = {},
  ) {
    const db = t.ctx.db;
    const configurationId = await insertSimulatorConfiguration(db, organizationId, simulatorConfig);
    const campaignId = await insertCampaign(db, { organizationId, agentId, configurationId, retry });
    const contactId = await insertContact(db, { campaignId, organizationId, phoneNumber, rowNumber: 1 });
    const { runId, attemptId } = await insertPlacingAttempt(db, {
      organizationId,
      agentId,
      campaignId,
      contactId,
      configurationId,
      phoneNumber,
    });
    const provider = createSimulatorProvider({
      configurationId,
      baseUrl,
      token: simulatorApiToken(t.ctx.config),
      config: { ring_seconds: 0.1, talk_seconds: 0.2, ...simulatorConfig },
    });
    const placed = await provider.placeCall({
      attemptId: String(attemptId),
      from: '+15550000000',
      to: phoneNumber,
      statusCallbackUrl: statusCallbackUrl(t.ctx.config, 'simulator', attemptId),
      ringTimeoutSeconds: 45,
      maxCallDurationSeconds: 1800,
      amdEnabled: false,
    });
    await db
      .updateTable('attempts')
      .set({ state: 'placed', provider_call_id: placed.providerCallId })
      .where('id', '=', attemptId)
      .execute();
    return {
      attemptId,
      campaignId,
      contactId,
      runId,
      provider,
      providerCallId: placed.providerCallId,
    };
  }

  async function finished(attemptId: number, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const attempt = await t.ctx.db
        .selectFrom('attempts')
        .selectAll()
        .where('id', '=', attemptId)
        .executeTakeFirstOrThrow();
      if (attempt.state === 'finished') return attempt;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`attempt ${attemptId} did not finish within ${timeoutMs} ms`);
  }

  it('records a completed call once: attempt, final contact, counters, the run, and frees its call lease', async () => {
    const placed = await placedAttempt('+15550100001');
    const attemptRow = await t.ctx.db
      .selectFrom('attempts')
      .selectAll()
      .where('id', '=', placed.attemptId)
      .executeTakeFirstOrThrow();
    const lease = await acquireCallLease(t.ctx.db, {
      organizationId,
      telephonyConfigurationId: attemptRow.telephony_configuration_id!,
      attemptId: placed.attemptId,
      holder: 'test',
      ttlSeconds: 600,
    });
    expect(lease.granted).toBe(true);
    const attempt = await finished(placed.attemptId);
    expect(await countLiveCallLeases(t.ctx.db, organizationId)).toBe(0);
    expect(attempt).toMatchObject({
      outcome: 'completed',
      provider_status: 'completed/human',
      provider_cause: 'sip:200',
    });
    const contact = await t.ctx.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', placed.contactId)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ final_outcome: 'completed', attempts_made: 1, next_attempt_at: null });
    const campaign = await t.ctx.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', placed.campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign).toMatchObject({ processed_rows: 1, failed_rows: 0 });
    const run = await t.ctx.db
      .selectFrom('runs')
      .selectAll()
      .where('id', '=', placed.runId)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ is_completed: true, disposition: 'completed' });
    expect(run.gathered_context).toMatchObject({ mapped_call_disposition: 'completed' });
  });

  it('schedules a retry for a busy number instead of finishing the contact', async () => {
    const placed = await placedAttempt('+15550100006', {}, { retry_delay_seconds: 60 });
    const attempt = await finished(placed.attemptId);
    expect(attempt).toMatchObject({ outcome: 'busy' });
    const contact = await t.ctx.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', placed.contactId)
      .executeTakeFirstOrThrow();
    expect(contact.final_outcome).toBeNull();
    expect(contact.last_outcome).toBe('busy');
    // Due retry_delay_seconds after the outcome, written in the same transaction (the database's clock).
    expect(contact.next_attempt_at!.getTime() - attempt.finished_at!.getTime()).toBe(60_000);
    const campaign = await t.ctx.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', placed.campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign.processed_rows).toBe(0);
  });

  it('counts a failed final outcome in failed_rows', async () => {
    const placed = await placedAttempt('+15550100009');
    expect(await finished(placed.attemptId)).toMatchObject({ outcome: 'failed' });
    const campaign = await t.ctx.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', placed.campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign).toMatchObject({ processed_rows: 1, failed_rows: 1 });
  });

  it('ignores a resent callback and refuses one with a forged token', async () => {
    const placed = await placedAttempt('+15550100008');
    await finished(placed.attemptId);
    const url = new URL(statusCallbackUrl(t.ctx.config, 'simulator', placed.attemptId));
    const body = {
      CallSid: placed.providerCallId,
      AttemptRef: String(placed.attemptId),
      CallStatus: 'busy',
      AnsweredBy: null,
      CallDuration: 0,
      SipResponseCode: 486,
    };
    const resent = await t.app.inject({ method: 'POST', url: url.pathname + url.search, payload: body });
    expect(resent.json()).toEqual({ received: true, recorded: false });
    const attempt = await t.ctx.db
      .selectFrom('attempts')
      .select('outcome')
      .where('id', '=', placed.attemptId)
      .executeTakeFirstOrThrow();
    expect(attempt.outcome).toBe('voicemail');

    const forged = await t.app.inject({ method: 'POST', url: `${url.pathname}?token=forged`, payload: body });
    expect(forged.statusCode).toBe(403);
    const otherAttempt = await t.app.inject({
      method: 'POST',
      url: `/api/v1/telephony/status/simulator/${placed.attemptId + 1000}${url.search}`,
      payload: body,
    });
    expect(otherAttempt.statusCode).toBe(403);
  });

  it('loses a callback on purpose when asked, and the provider still tells the outcome when asked', async () => {
    const placed = await placedAttempt('+15550100007', { drop_callback_rate: 1 });
    // The drop is decided (and stored) at placement; once the call has ended, its callback would have been sent.
    await expect
      .poll(
        () =>
          placed.provider.getCallStatus({
            attemptId: String(placed.attemptId),
            providerCallId: placed.providerCallId,
          }),
        { timeout: 10_000 },
      )
      .toMatchObject({ state: 'ended', outcome: 'no_answer' });
    const call = await t.ctx.db
      .selectFrom('simulator_calls')
      .select(['drop_callback', 'callback_sent_at'])
      .where('call_sid', '=', placed.providerCallId)
      .executeTakeFirstOrThrow();
    expect(call).toEqual({ drop_callback: true, callback_sent_at: null });
    const attempt = await t.ctx.db
      .selectFrom('attempts')
      .select('state')
      .where('id', '=', placed.attemptId)
      .executeTakeFirstOrThrow();
    expect(attempt.state).toBe('placed');
    const byAttempt = await placed.provider.getCallStatus({
      attemptId: String(placed.attemptId),
      providerCallId: null,
    });
    expect(byAttempt).toMatchObject({ state: 'ended', providerCallId: placed.providerCallId });
    const unknown = await placed.provider.getCallStatus({ attemptId: 'never-placed', providerCallId: null });
    expect(unknown).toEqual({ state: 'not_found' });
  });

  it('refuses the simulator API without the deployment token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/simulator/calls?attempt_ref=1' });
    expect(response.statusCode).toBe(401);
  });
});
