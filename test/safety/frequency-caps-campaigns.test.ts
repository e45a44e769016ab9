import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignAction,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from '../engine/engine-harness';
import { simulatorCallsOfAttempts } from '../engine/simulator-record';
import { untilWorkflowAsleep } from '../engine/workflow-decisions';

/**
 * Frequency caps across two campaigns of one organization dialing the same numbers, checked against the simulator's
 * own record of the calls it was asked to place (simulator_calls), not against our attempts.
 */

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});
afterAll(async () => h?.close());

const putRules = (payload: Record<string, unknown>) =>
  h.app.inject({
    method: 'PUT',
    url: '/api/v1/organizations/calling-rules',
    headers: h.org.headers,
    payload,
  });

/** This organization's calls to the numbers (the suite's other files may dial the same numbers at the same time). */
async function simulatorCalls(numbers: string[]) {
  return simulatorCallsOfAttempts(h.ctx.db)
    .select(['simulator_calls.to_number', 'simulator_calls.requested_at', 'simulator_calls.ends_at'])
    .where('simulator_calls.to_number', 'in', numbers)
    .where('attempts.organization_id', '=', h.org.organizationId)
    .orderBy('simulator_calls.requested_at')
    .execute();
}

async function contactsOf(campaignIds: number[]) {
  return h.ctx.db
    .selectFrom('contacts')
    .select(['campaign_id', 'phone_number', 'final_outcome', 'next_attempt_at', 'attempts_made'])
    .where('campaign_id', 'in', campaignIds)
    .execute();
}

async function startTwoCampaigns(phones: string[], simulator: Record<string, unknown> = {}) {
  const first = await createCampaign(h, { phones, simulator });
  const second = await createCampaign(h, { phones, simulator });
  expect((await campaignAction(h, first, 'start')).statusCode).toBe(200);
  expect((await campaignAction(h, second, 'start')).statusCode).toBe(200);
  return [first, second];
}

describe('frequency caps across the campaigns of an organization', () => {
  it('dials a number once per 24 hours with per_24h 1, and the other campaign’s contact waits until the cap frees it', async () => {
    expect((await putRules({ frequency_caps: { per_24h: 1, per_7d: null } })).statusCode).toBe(200);
    const phones = [phoneFor(101, 0), phoneFor(102, 1), phoneFor(103, 2)];
    const campaignIds = await startTwoCampaigns(phones);

    // Each number: one contact completed, the other waiting about 24 hours after the one call.
    const settled = await waitFor(
      async () => {
        const contacts = await contactsOf(campaignIds);
        const calls = await simulatorCalls(phones);
        const done = phones.every((phone) => {
          const pair = contacts.filter((c) => c.phone_number === phone);
          const waiting = pair.find((c) => c.final_outcome === null);
          return (
            pair.filter((c) => c.final_outcome === 'completed').length === 1 &&
            waiting?.next_attempt_at &&
            waiting.next_attempt_at.getTime() > Date.now() + 23 * 3600_000
          );
        });
        return done ? { contacts, calls } : null;
      },
      { timeoutMs: 90_000, what: 'one call per number and the other contact waiting for the cap' },
    );
    expect(settled.calls.map((c) => c.to_number).sort()).toEqual([...phones].sort());
    for (const phone of phones) {
      const call = settled.calls.find((c) => c.to_number === phone)!;
      const waiting = settled.contacts.find((c) => c.phone_number === phone && c.final_outcome === null)!;
      // Freed when the one call's claim leaves the 24 hours: its claim came just before the simulator got the call.
      const freedAt = waiting.next_attempt_at!.getTime() - 24 * 3600_000;
      expect(Math.abs(freedAt - call.requested_at.getTime())).toBeLessThan(5000);
      expect(waiting.attempts_made).toBe(0);
    }
    // Each campaign's workflow has decided what is next: asleep past a minute after the last call ended (the waiting
    // contacts are not due for a day), or done. Only then is "no further call" worth checking.
    const lastEnd = Math.max(...settled.calls.map((c) => c.ends_at.getTime()));
    for (const campaignId of campaignIds) await untilWorkflowAsleep(h, campaignId, lastEnd + 60_000);
    expect((await simulatorCalls(phones)).length).toBe(phones.length);

    // The waiting contacts are held by the cap; raising it releases them at once, and each number is called again.
    const held = await h.ctx.db
      .selectFrom('contacts')
      .select('held_for')
      .where('campaign_id', 'in', campaignIds)
      .where('final_outcome', 'is', null)
      .execute();
    expect(held.map((contact) => contact.held_for)).toEqual(phones.map(() => 'frequency_cap'));
    expect((await putRules({ frequency_caps: { per_24h: 2, per_7d: null } })).statusCode).toBe(200);
    await waitFor(async () => (await contactsOf(campaignIds)).every((c) => c.final_outcome === 'completed'), {
      timeoutMs: 60_000,
      what: 'the released contacts dialed',
    });
    expect((await simulatorCalls(phones)).map((c) => c.to_number).sort()).toEqual(
      [...phones, ...phones].sort(),
    );
  }, 150_000);

  it('never has two calls to one number at once, whichever campaign places them', async () => {
    expect((await putRules({ frequency_caps: { per_24h: null, per_7d: 10 } })).statusCode).toBe(200);
    const phones = [phoneFor(201, 0), phoneFor(202, 0)];
    const campaignIds = await startTwoCampaigns(phones, { ring_seconds: 0.2, talk_seconds: 1 });
    await waitFor(
      async () => {
        const contacts = await contactsOf(campaignIds);
        return contacts.length === 4 && contacts.every((c) => c.final_outcome === 'completed');
      },
      { timeoutMs: 100_000, what: 'both campaigns to call both numbers' },
    );
    const calls = await simulatorCalls(phones);
    expect(calls.length).toBe(4);
    for (const phone of phones) {
      const [first, second] = calls.filter((c) => c.to_number === phone);
      expect(second!.requested_at.getTime()).toBeGreaterThanOrEqual(first!.ends_at.getTime());
    }
  }, 120_000);
});
