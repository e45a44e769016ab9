import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeReportedVerdict } from '../../client/attempt-outcomes';
import { campaignWorkflowId } from '../../client/campaigns';
import { campaignStatusQuery } from '../../workflows/campaign-messages';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';

/**
 * A late answering-machine verdict in a running campaign: the contact it makes due again for its voicemail retry is
 * dialed by the campaign's workflow at once (woken as for any stored outcome), not at its next idle reload.
 */

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});
afterAll(async () => h?.close());

const contactOf = (campaignId: number, phone: string) =>
  h.ctx.db
    .selectFrom('contacts')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('phone_number', '=', phone)
    .executeTakeFirst();

const attemptsOf = (contactId: number) =>
  h.ctx.db
    .selectFrom('attempts')
    .selectAll()
    .where('contact_id', '=', contactId)
    .orderBy('attempt_number')
    .execute();

/** Two calls to `phone` claimed just now elsewhere in the organization: with `per_24h: 2` it waits about a day. */
async function calledTwiceToday(phone: string) {
  for (let i = 0; i < 2; i++)
    await h.ctx.db
      .insertInto('attempts')
      .values({
        organization_id: h.org.organizationId,
        attempt_number: 1,
        state: 'finished',
        outcome: 'completed',
        phone_number: phone,
        placing_at: sql<Date>`now()`,
        finished_at: sql<Date>`now()`,
      })
      .execute();
}

describe('a late machine verdict in a running campaign', () => {
  it('has the campaign dial the voicemail retry it scheduled, while another contact keeps the campaign open', async () => {
    const caps = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/organizations/calling-rules',
      headers: h.org.headers,
      payload: { frequency_caps: { per_24h: 2, per_7d: null } },
    });
    expect(caps.statusCode).toBe(200);
    const answered = phoneFor(401, 1);
    const waiting = phoneFor(402, 1);
    await calledTwiceToday(waiting);
    const campaignId = await createCampaign(h, {
      phones: [answered, waiting],
      body: {
        max_concurrency: 1,
        retry_config: { max_retries: 1, retry_on_voicemail: true, retry_delay_seconds: 1 },
      },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);

    // The first contact's call completed (no verdict yet); the second waits about a day for its cap.
    const first = await waitFor(
      async () => {
        const contact = await contactOf(campaignId, answered);
        return contact?.final_outcome === 'completed' && contact;
      },
      { what: 'the first call completed' },
    );
    await waitFor(
      async () => {
        const dueAt = (await contactOf(campaignId, waiting))?.next_attempt_at;
        return dueAt && dueAt.getTime() > Date.now() + 23 * 3600_000;
      },
      { what: 'the second contact held by its cap' },
    );
    // The workflow sleeps with nothing due before its idle reload: only news can wake it now.
    const handle = h.ctx.temporal.client.workflow.getHandle(campaignWorkflowId(campaignId));
    await waitFor(
      async () => {
        const status = await handle.query(campaignStatusQuery);
        return status.nextWakeAt !== null && new Date(status.nextWakeAt).getTime() > Date.now() + 120_000;
      },
      { what: 'the workflow asleep' },
    );
    expect(await campaignRow(h, campaignId)).toMatchObject({ state: 'running', processed_rows: 1 });

    const [attempt] = await attemptsOf(first.id);
    const stored = await storeReportedVerdict(
      { db: h.ctx.db, temporal: h.ctx.temporal },
      { attemptId: attempt!.id, answeredBy: 'machine_end_beep' },
    );
    expect(stored.revised).toMatchObject({ campaignId, retried: true });

    // Dialed again well before the workflow's idle reload (minutes away), and settled by that second call.
    const settled = await waitFor(
      async () => {
        const contact = await contactOf(campaignId, answered);
        return contact?.attempts_made === 2 && contact.final_outcome !== null && contact;
      },
      { what: 'the voicemail retry dialed and settled', timeoutMs: 30_000 },
    );
    expect(settled).toMatchObject({ final_outcome: 'completed', last_outcome: 'completed' });
    expect((await attemptsOf(first.id)).map((a) => a.outcome)).toEqual(['voicemail', 'completed']);
    expect(await campaignRow(h, campaignId)).toMatchObject({ state: 'running', processed_rows: 1 });
  });
});
