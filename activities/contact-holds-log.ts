import { DateTime } from 'luxon';
import type { Executor } from '../db/client';
import { appendCampaignLog, latestCampaignLogEntryOf } from '../db/repositories/campaign-logs';

/**
 * The campaign log's account of contacts held outside their calling window (docs/api.md, "Campaign log"): one
 * `contacts_held` entry when the engine starts holding contacts for a reason until an opening, and one
 * `contacts_released` entry once that opening has come (or the rules changed, calling-rules.ts), so an operator
 * reading the log at night sees why nothing is dialed, and in the morning when it started again. Holding more contacts
 * until the same opening adds no entry: a million contacts held overnight write two lines, not thousands.
 */

export type HoldReason = 'legal_hours' | 'schedule';

export const CONTACTS_HELD = 'contacts_held';
export const CONTACTS_RELEASED = 'contacts_released';

const REASON_WORDS: Record<HoldReason, string> = {
  legal_hours: 'outside legal calling hours in their zone',
  schedule: "outside the campaign's schedule",
};

export interface HeldBatch {
  reason: HoldReason;
  contacts: number;
  /** The earliest opening among them. */
  until: Date;
}

/** Writes `contacts_held` for a batch just held, unless the log already says contacts wait for that opening. */
export async function noteContactsHeld(db: Executor, campaignId: number, batch: HeldBatch): Promise<void> {
  const latest = await latestCampaignLogEntryOf(db, campaignId, [CONTACTS_HELD, CONTACTS_RELEASED]);
  const details = (latest?.details ?? {}) as { reason?: unknown; until?: unknown };
  const until = batch.until.toISOString();
  if (latest?.event === CONTACTS_HELD && details.reason === batch.reason && details.until === until) return;
  const when = DateTime.fromJSDate(batch.until, { zone: 'utc' }).toFormat("HH:mm 'UTC', d LLL");
  await appendCampaignLog(db, campaignId, {
    event: CONTACTS_HELD,
    message: `Contacts ${REASON_WORDS[batch.reason]} are held (${batch.contacts} now); the first can be called at ${when}.`,
    details: { reason: batch.reason, contacts: batch.contacts, until },
  });
}

/** Writes `contacts_released` when the log's last hold has reached its opening. */
export async function noteHoldsOpened(db: Executor, campaignId: number, nowMs: number): Promise<void> {
  const latest = await latestCampaignLogEntryOf(db, campaignId, [CONTACTS_HELD, CONTACTS_RELEASED]);
  if (latest?.event !== CONTACTS_HELD) return;
  const details = (latest.details ?? {}) as { reason?: unknown; until?: unknown };
  const until = typeof details.until === 'string' ? Date.parse(details.until) : NaN;
  if (!(until <= nowMs)) return;
  const reason = details.reason === 'schedule' ? 'schedule' : 'legal_hours';
  await appendCampaignLog(db, campaignId, {
    event: CONTACTS_RELEASED,
    message:
      reason === 'schedule'
        ? "The campaign's schedule opened for the held contacts; they are being called."
        : 'Legal calling hours opened for the held contacts; they are being called.',
    details: { reason, until: details.until },
  });
}
