import type { TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import type { TestOrganization } from '../helpers/organizations';

/** Campaigns with contacts and attempts written straight into the tables, for the progress and redial tests. */

export interface SeedContact {
  number: string;
  attempts?: Array<{
    outcome?: string;
    state?: 'queued' | 'placing' | 'placed' | 'finished';
    seconds?: number;
  }>;
  final?: string;
  waitingForRetry?: boolean;
  /** The CSV's `timezone` column. */
  timezone?: string;
}

/** A campaign of the organization with contacts and their attempts written straight into the tables. */
export async function seedCampaign(
  t: TestApp,
  org: TestOrganization,
  state: string,
  contacts: SeedContact[],
) {
  const db = t.ctx.db;
  const { agentId } = await insertAgent(db, org.organizationId);
  const configurationId = await insertSimulatorConfiguration(db, org.organizationId);
  const campaignId = await insertCampaign(db, {
    organizationId: org.organizationId,
    agentId,
    configurationId,
  });
  await db
    .updateTable('campaigns')
    .set({ state: state as 'running', max_concurrency: 4 })
    .where('id', '=', campaignId)
    .execute();
  const now = Date.now();
  for (const [index, contact] of contacts.entries()) {
    const attempts = contact.attempts ?? [];
    const finished = attempts.filter((a) => (a.state ?? 'finished') === 'finished');
    const last = finished[finished.length - 1]?.outcome ?? null;
    const { id: contactId } = await db
      .insertInto('contacts')
      .values({
        campaign_id: campaignId,
        organization_id: org.organizationId,
        row_number: index + 1,
        phone_number: contact.number,
        timezone: contact.timezone ?? null,
        initial_context: { phone_number: contact.number, first_name: `Contact ${index + 1}` },
        attempts_made: finished.length,
        last_outcome: last,
        final_outcome: contact.final ?? null,
        next_attempt_at:
          contact.final || attempts.some((a) => a.state && a.state !== 'finished')
            ? null
            : new Date(contact.waitingForRetry ? now + 600_000 : now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [n, attempt] of attempts.entries()) {
      const state = attempt.state ?? 'finished';
      await db
        .insertInto('attempts')
        .values({
          organization_id: org.organizationId,
          campaign_id: campaignId,
          contact_id: contactId,
          attempt_number: n + 1,
          state,
          phone_number: contact.number,
          outcome: state === 'finished' ? (attempt.outcome ?? null) : null,
          placing_at: new Date(now - 100_000),
          finished_at: state === 'finished' ? new Date(now - 100_000 + (attempt.seconds ?? 0) * 1000) : null,
        })
        .execute();
    }
  }
  return campaignId;
}

export const finalAfter = (outcome: string, seconds = 10): SeedContact['attempts'] => [{ outcome, seconds }];
