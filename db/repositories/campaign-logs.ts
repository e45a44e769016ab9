import { sql } from 'kysely';
import type { Executor } from '../client';
import type { CampaignLog, CampaignLogsTable } from '../database';

/** The campaign's log: append-only entries `{ts, level, event, message, details}`, read newest first. */

export interface NewCampaignLog {
  event: string;
  message: string;
  level?: CampaignLogsTable['level'];
  details?: Record<string, unknown>;
}

/** Appends one entry; returns its id. */
export async function appendCampaignLog(
  db: Executor,
  campaignId: number,
  entry: NewCampaignLog,
): Promise<number> {
  const { id } = await db
    .insertInto('campaign_logs')
    .values({
      campaign_id: campaignId,
      level: entry.level ?? 'info',
      event: entry.event,
      message: entry.message,
      details: JSON.stringify(entry.details ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Removes an entry written in a step that was then undone (a start the engine never received). */
export async function deleteCampaignLog(db: Executor, logId: number): Promise<void> {
  await db.deleteFrom('campaign_logs').where('id', '=', logId).execute();
}

/** The latest `limit` entries, newest first. */
export async function latestCampaignLogs(
  db: Executor,
  campaignId: number,
  limit = 100,
): Promise<CampaignLog[]> {
  return db
    .selectFrom('campaign_logs')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One page of all entries, newest first, with the total count. */
export async function pageCampaignLogs(
  db: Executor,
  campaignId: number,
  page: { page: number; limit: number },
): Promise<{ logs: CampaignLog[]; total: number }> {
  const [logs, count] = await Promise.all([
    db
      .selectFrom('campaign_logs')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    db
      .selectFrom('campaign_logs')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow(),
  ]);
  return { logs, total: count.total };
}

/** True when the campaign already has an entry of this event (writes that must happen once). */
export async function hasCampaignLog(db: Executor, campaignId: number, event: string): Promise<boolean> {
  const row = await db
    .selectFrom('campaign_logs')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('event', '=', event)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The latest of the campaign's entries of these events, or undefined. */
export async function latestCampaignLogOf(db: Executor, campaignId: number, events: readonly string[]) {
  return db
    .selectFrom('campaign_logs')
    .select('event')
    .where('campaign_id', '=', campaignId)
    .where('event', 'in', events)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The latest of the campaign's entries of these events with its details and time, or undefined. */
export async function latestCampaignLogEntryOf(db: Executor, campaignId: number, events: readonly string[]) {
  return db
    .selectFrom('campaign_logs')
    .select(['event', 'details', 'ts'])
    .where('campaign_id', '=', campaignId)
    .where('event', 'in', events)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
