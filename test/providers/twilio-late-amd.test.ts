import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../devstack/processes';
import type { TelephonyProvider } from '../../providers/provider';
import { insertAgent } from '../helpers/fixtures';
import { createTestOrganization } from '../helpers/organizations';
import {
  startDeliveryHarness,
  startReceiver,
  type DeliveryHarness,
  type Receiver,
} from '../webhooks/delivery-harness';
import { startTwilioFake, type TwilioFake } from './fakes/twilio-fake';
import {
  adapterOf,
  campaignRow,
  finishedAttempt,
  insertConfiguration,
  placeAttempt,
  type ProviderWorld,
} from './provider-world';

/**
 * Twilio's asynchronous AMD verdict arriving after the call's final status: the call was settled `completed`, and the
 * machine wins: the attempt, the contact, the campaign's counters and the run are settled again as `voicemail` once
 * (the retry rule applied as for any voicemail), and `run.updated` is delivered after the `run.completed` already
 * sent. A person's verdict then changes nothing.
 */
describe('a late answering-machine verdict', () => {
  let h: DeliveryHarness;
  let world: ProviderWorld;
  let fake: TwilioFake;
  let receiver: Receiver;
  let provider: TelephonyProvider;
  let configurationId: number;

  beforeAll(async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    h = await startDeliveryHarness({ PUBLIC_BASE_URL: baseUrl });
    await h.app.listen({ port, host: '127.0.0.1' });
    await h.startWorker();
    const organization = await createTestOrganization(h.ctx.db);
    const { agentId } = await insertAgent(h.ctx.db, organization.organizationId);
    world = {
      t: h,
      baseUrl,
      organization,
      organizationId: organization.organizationId,
      agentId,
      close: () => h.close(),
    };
    receiver = await startReceiver();
    await h.createEndpoint(world.organizationId, {
      url: receiver.url,
      events: ['run.completed', 'run.updated'],
    });
    fake = await startTwilioFake();
    const clear = { account_sid: fake.accountSid, api_base_url: fake.url };
    const secrets = { auth_token: fake.authToken };
    configurationId = await insertConfiguration(world, 'twilio', clear, secrets);
    provider = adapterOf(world, configurationId, 'twilio', clear, secrets);
  });
  afterAll(async () => {
    await fake?.close();
    await receiver?.close();
    await h?.close();
  });

  /** A call answered and completed with no verdict yet (detection still running when the call ended). */
  async function completedCall(to: string, retry: Record<string, unknown>) {
    fake.behave(to, { final: 'completed', answeredBy: null });
    const placed = await placeAttempt(world, {
      adapter: provider,
      configurationId,
      phoneNumber: to,
      amdEnabled: true,
      retry,
    });
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome: 'completed' });
    await fake.settled();
    return placed;
  }

  /** Posts Twilio's verdict to the attempt's AMD callback, signed as Twilio signs it. */
  async function postVerdict(placed: { callbackUrl: string; providerCallId: string }, answeredBy: string) {
    const url = placed.callbackUrl.replace('/telephony/status/', '/telephony/amd/');
    const form = new URLSearchParams({
      AccountSid: fake.accountSid,
      CallSid: placed.providerCallId,
      AnsweredBy: answeredBy,
      MachineDetectionDuration: '4100',
    });
    const response = await fetch(url, {
      method: 'POST',
      body: form.toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': fake.sign(url, form),
      },
    });
    expect(response.status).toBe(200);
  }

  const db = () => h.ctx.db;
  const contactOf = (contactId: number) =>
    db().selectFrom('contacts').selectAll().where('id', '=', contactId).executeTakeFirstOrThrow();
  const runOf = (runId: number) =>
    db().selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
  const counters = async (campaignId: number) => {
    const { processed_rows, failed_rows } = await campaignRow(world, campaignId);
    return { processed_rows, failed_rows };
  };
  /** The run's recorded webhook events, in the order they were recorded. */
  const eventTypesOf = async (runId: number) =>
    (
      await db()
        .selectFrom('webhook_events')
        .select(['type', 'payload'])
        .where('organization_id', '=', world.organizationId)
        .orderBy('id')
        .execute()
    )
      .filter((event) => (event.payload as { data: { run_id?: number } }).data.run_id === runId)
      .map((event) => event.type);

  async function receivedFor(runId: number, count: number) {
    for (let i = 0; i < 400; i++) {
      const events = receiver.received.filter((entry) => entry.json.data.run_id === runId);
      if (events.length >= count) return events;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`run ${runId}: fewer than ${count} events delivered`);
  }

  it('makes the completed call a voicemail once, final under its rule, and sends run.updated after run.completed', async () => {
    const placed = await completedCall('+15005558010', { max_retries: 0 });
    expect(await counters(placed.campaignId)).toEqual({ processed_rows: 1, failed_rows: 0 });

    await postVerdict(placed, 'machine_end_silence');
    await postVerdict(placed, 'machine_end_silence');

    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      outcome: 'voicemail',
      answered_by: 'machine_end_silence',
    });
    expect(await contactOf(placed.contactId)).toMatchObject({
      final_outcome: 'voicemail',
      last_outcome: 'voicemail',
      next_attempt_at: null,
    });
    expect(await counters(placed.campaignId)).toEqual({ processed_rows: 1, failed_rows: 0 });
    const run = await runOf(placed.runId);
    expect(run.disposition).toBe('voicemail');
    expect(run.gathered_context).toMatchObject({
      outcome: 'voicemail',
      mapped_call_disposition: 'voicemail',
    });

    expect(await eventTypesOf(placed.runId)).toEqual(['run.completed', 'run.updated']);
    const [completed, updated] = await receivedFor(placed.runId, 2);
    expect(completed!.json).toMatchObject({ type: 'run.completed', data: { outcome: 'completed' } });
    expect(updated!.json).toMatchObject({
      type: 'run.updated',
      data: {
        run_id: placed.runId,
        campaign_id: placed.campaignId,
        outcome: 'voicemail',
        disposition: 'voicemail',
        previous_outcome: 'completed',
        reason: 'late_machine_verdict',
      },
    });
    expect(updated!.json.sequence).toBeGreaterThan(completed!.json.sequence);
  });

  it('schedules the voicemail retry the campaign asks for, and takes the contact out of the processed rows once', async () => {
    const placed = await completedCall('+15005558020', {
      max_retries: 1,
      retry_on_voicemail: true,
      retry_delay_seconds: 600,
    });
    expect(await contactOf(placed.contactId)).toMatchObject({ final_outcome: 'completed' });
    expect(await counters(placed.campaignId)).toEqual({ processed_rows: 1, failed_rows: 0 });

    await postVerdict(placed, 'machine_start');
    await postVerdict(placed, 'machine_end_beep');

    const contact = await contactOf(placed.contactId);
    expect(contact).toMatchObject({ final_outcome: null, last_outcome: 'voicemail', completed_at: null });
    // Due again after the retry delay, counted from the verdict (the database's clock on both sides).
    const { due_in } = await db()
      .selectFrom('contacts')
      .select(sql<number>`extract(epoch from next_attempt_at - now())::float8`.as('due_in'))
      .where('id', '=', placed.contactId)
      .executeTakeFirstOrThrow();
    expect(due_in).toBeGreaterThan(500);
    expect(due_in).toBeLessThanOrEqual(600);
    expect(await counters(placed.campaignId)).toEqual({ processed_rows: 0, failed_rows: 0 });
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome: 'voicemail' });
    expect(await eventTypesOf(placed.runId)).toEqual(['run.completed', 'run.updated']);
  });

  it('retries nothing once the campaign has ended: the voicemail is final', async () => {
    const placed = await completedCall('+15005558040', { max_retries: 1, retry_on_voicemail: true });
    await db()
      .updateTable('campaigns')
      .set({ state: 'completed' })
      .where('id', '=', placed.campaignId)
      .execute();

    await postVerdict(placed, 'machine_start');

    expect(await contactOf(placed.contactId)).toMatchObject({
      final_outcome: 'voicemail',
      last_outcome: 'voicemail',
      next_attempt_at: null,
    });
    expect(await counters(placed.campaignId)).toEqual({ processed_rows: 1, failed_rows: 0 });
    expect(await eventTypesOf(placed.runId)).toEqual(['run.completed', 'run.updated']);
  });

  it("changes nothing on a person's verdict after the call completed", async () => {
    const placed = await completedCall('+15005558030', { max_retries: 1, retry_on_voicemail: true });
    const contactBefore = await contactOf(placed.contactId);
    const runBefore = await runOf(placed.runId);

    await postVerdict(placed, 'human');

    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      outcome: 'completed',
      answered_by: 'human',
    });
    expect(await contactOf(placed.contactId)).toEqual(contactBefore);
    expect(await runOf(placed.runId)).toMatchObject({
      disposition: runBefore.disposition,
      gathered_context: runBefore.gathered_context,
    });
    expect(await counters(placed.campaignId)).toEqual({ processed_rows: 1, failed_rows: 0 });
    expect(await eventTypesOf(placed.runId)).toEqual(['run.completed']);
  });
});
