import { sql } from 'kysely';
import type { Db } from '../client';

// Old claims are pruned on one claim in this many (per process); a day is far longer than any event redelivery.
const PRUNE_EVERY = 100;
const KEEP_HOURS = 24;
let claims = 0;

/**
 * Claims the handling of a call's channel for this process (migration 2026_11_22_001500): true for the first caller
 * only, whichever process or connection heard the call first. Inbound calls are claimed to be answered, answered
 * outbound calls to be connected to their media; both by the vendor's id of the channel (Asterisk's ids of inbound
 * channels and ours, `vac-attempt-<id>`, never meet).
 */
export async function claimCallChannel(db: Db, provider: string, providerCallId: string): Promise<boolean> {
  if (++claims % PRUNE_EVERY === 0) {
    await db
      .deleteFrom('inbound_call_claims')
      .where(sql<boolean>`claimed_at < now() - make_interval(hours => ${KEEP_HOURS})`)
      .execute();
  }
  const row = await db
    .insertInto('inbound_call_claims')
    .values({ provider, provider_call_id: providerCallId })
    .onConflict((oc) => oc.doNothing())
    .returning('provider_call_id')
    .executeTakeFirst();
  return row !== undefined;
}
