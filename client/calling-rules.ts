import type { Db } from '../db/client';
import { saveCallingRules } from '../db/repositories/calling-rules';
import type { CallingRules } from '../domain/calling-rules';
import { notifyCampaignChanged } from './campaigns';
import type { TemporalGateway } from './temporal';

/**
 * What the API does with calling rules beyond reading them: a change is stored, the contacts held for legal hours are
 * released so the new rules judge them at once, and the campaigns that had any are woken (a workflow sleeping until
 * tomorrow's 08:00 re-reads its due contacts now). The one-off call's verdict lives with the engine.
 */
export { judgeOneOffRequest, type OneOffVerdict } from '../engine/one-off-calling-rules';

export async function applyCallingRules(
  db: Db,
  temporal: TemporalGateway,
  organizationId: number,
  rules: CallingRules,
): Promise<{ rules: CallingRules; released: number; campaignIds: number[] }> {
  const saved = await saveCallingRules(db, organizationId, rules);
  // Best effort: a workflow not woken re-reads its row within its idle reload.
  await Promise.allSettled(
    saved.releasedCampaignIds.map((id) => notifyCampaignChanged(temporal, id, 'settings_updated')),
  );
  return { rules: saved.rules, released: saved.released, campaignIds: saved.releasedCampaignIds };
}
