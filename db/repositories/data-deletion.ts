/**
 * Deleting an organization's data: a campaign, a run, a contact's data by phone number. Each function runs inside the
 * caller's transaction and answers the storage keys the deleted rows pointed at; the caller records them as pending
 * object deletions in the same transaction (so no object is orphaned) and deletes them after the commit.
 */
import { sql } from 'kysely';
import type { Executor } from '../client';

const ARTIFACT_KEY_COLUMNS = [
  'transcript_key',
  'recording_key',
  'user_recording_key',
  'bot_recording_key',
] as const;

/** Attempts in these states may have a call at the provider. */
const IN_FLIGHT_ATTEMPT_STATES = ['placing', 'placed'] as const;

/** The campaign row locked for deletion, or null when absent from this organization. */
export async function lockCampaignForDeletion(db: Executor, organizationId: number, campaignId: number) {
  const row = await db
    .selectFrom('campaigns')
    .select(['id', 'state', 'resume_state', 'source_id'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', campaignId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Calls of the campaign that may still be at the provider. */
export async function countCampaignCallsInFlight(db: Executor, campaignId: number): Promise<number> {
  const row = await db
    .selectFrom('attempts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('campaign_id', '=', campaignId)
    .where('state', 'in', [...IN_FLIGHT_ATTEMPT_STATES])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface DeletedData {
  campaigns: number;
  contacts: number;
  attempts: number;
  runs: number;
  /** Storage keys the deleted rows pointed at. */
  objectKeys: string[];
}

/** Deletes a campaign (locked by the caller) with its contacts, attempts, runs and logs; its upload too when no other campaign reads it. */
export async function deleteCampaignRows(
  db: Executor,
  organizationId: number,
  campaign: { id: number; source_id: string },
): Promise<DeletedData> {
  const runs = await deleteRuns(db, organizationId, (query) => query.where('campaign_id', '=', campaign.id));
  await deleteSimulatorCallsOf(db, organizationId, (attempts) =>
    attempts.where('campaign_id', '=', campaign.id),
  );
  const attempts = await db.deleteFrom('attempts').where('campaign_id', '=', campaign.id).executeTakeFirst();
  const contacts = await db.deleteFrom('contacts').where('campaign_id', '=', campaign.id).executeTakeFirst();
  // Redials keep pointing at their parent and the parent at them: those links go with the campaign.
  await db
    .updateTable('campaigns')
    .set({ parent_campaign_id: null })
    .where('parent_campaign_id', '=', campaign.id)
    .execute();
  await db
    .updateTable('campaigns')
    .set({ redialed_campaign_id: null })
    .where('redialed_campaign_id', '=', campaign.id)
    .execute();
  await db.deleteFrom('campaigns').where('id', '=', campaign.id).execute();
  const sourceShared = await db
    .selectFrom('campaigns')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('source_id', '=', campaign.source_id)
    .executeTakeFirst();
  return {
    campaigns: 1,
    contacts: Number(contacts.numDeletedRows),
    attempts: Number(attempts.numDeletedRows),
    runs: runs.count,
    objectKeys: sourceShared ? runs.objectKeys : [...runs.objectKeys, campaign.source_id],
  };
}

/** A run of the organization's agent, locked for deletion, or null. */
export async function lockRunForDeletion(
  db: Executor,
  organizationId: number,
  agentId: number,
  runId: number,
) {
  const row = await db
    .selectFrom('runs')
    .select(['id', 'is_completed'])
    .where('organization_id', '=', organizationId)
    .where('workflow_id', '=', agentId)
    .where('id', '=', runId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes one run (its conversation goes with it); an attempt that produced it keeps its outcome without a run. */
export async function deleteRunRow(
  db: Executor,
  organizationId: number,
  runId: number,
): Promise<DeletedData> {
  await deleteSimulatorCallsOf(db, organizationId, (attempts) => attempts.where('run_id', '=', runId));
  const runs = await deleteRuns(db, organizationId, (query) => query.where('id', '=', runId));
  return { campaigns: 0, contacts: 0, attempts: 0, runs: runs.count, objectKeys: runs.objectKeys };
}

/** Calls in progress with this number: runs not completed (called or calling) and attempts that may be at the provider. */
export async function countCallsInProgressWithNumber(
  db: Executor,
  organizationId: number,
  number: string,
): Promise<number> {
  const runs = await db
    .selectFrom('runs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('is_completed', '=', false)
    .where((eb) => eb.or([eb('called_number', '=', number), eb('caller_number', '=', number)]))
    .executeTakeFirstOrThrow();
  const attempts = await db
    .selectFrom('attempts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('phone_number', '=', number)
    .where('state', 'in', [...IN_FLIGHT_ATTEMPT_STATES])
    .executeTakeFirstOrThrow();
  return Number(runs.count) + Number(attempts.count);
}

/** Deletes every contact, attempt and run of the organization with this number (called or calling). */
export async function deletePhoneNumberData(
  db: Executor,
  organizationId: number,
  number: string,
): Promise<DeletedData> {
  const runs = await deleteRuns(db, organizationId, (query) =>
    query.where((eb) => eb.or([eb('called_number', '=', number), eb('caller_number', '=', number)])),
  );
  await db
    .deleteFrom('simulator_calls')
    .where('telephony_configuration_id', 'in', configurationsOf(db, organizationId))
    .where((eb) => eb.or([eb('to_number', '=', number), eb('from_number', '=', number)]))
    .execute();
  const attempts = await db
    .deleteFrom('attempts')
    .where('organization_id', '=', organizationId)
    .where('phone_number', '=', number)
    .executeTakeFirst();
  const contacts = await db
    .deleteFrom('contacts')
    .where('organization_id', '=', organizationId)
    .where('phone_number', '=', number)
    .executeTakeFirst();
  return {
    campaigns: 0,
    contacts: Number(contacts.numDeletedRows),
    attempts: Number(attempts.numDeletedRows),
    runs: runs.count,
    objectKeys: runs.objectKeys,
  };
}

const ID_CHUNK = 10_000;

type RunsQuery = ReturnType<typeof runsOf>;
const runsOf = (db: Executor, organizationId: number) =>
  db.selectFrom('runs').where('organization_id', '=', organizationId);

/** Deletes the organization's runs the filter picks, unlinking attempts first; answers their count and artifact keys. */
async function deleteRuns(
  db: Executor,
  organizationId: number,
  filter: (query: RunsQuery) => RunsQuery,
): Promise<{ count: number; objectKeys: string[] }> {
  const rows = await filter(runsOf(db, organizationId))
    .select(['id', ...ARTIFACT_KEY_COLUMNS])
    .forUpdate()
    .execute();
  if (rows.length === 0) return { count: 0, objectKeys: [] };
  const ids = rows.map((row) => row.id);
  // In chunks: a statement carries at most 65535 parameters.
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    const chunk = ids.slice(start, start + ID_CHUNK);
    await db.updateTable('attempts').set({ run_id: null }).where('run_id', 'in', chunk).execute();
    await db.deleteFrom('runs').where('id', 'in', chunk).execute();
  }
  const objectKeys = rows.flatMap((row) =>
    ARTIFACT_KEY_COLUMNS.map((column) => row[column]).filter((key): key is string => key !== null),
  );
  return { count: rows.length, objectKeys };
}

const configurationsOf = (db: Executor, organizationId: number) =>
  db.selectFrom('telephony_configurations').select('id').where('organization_id', '=', organizationId);

/**
 * Deletes the simulator's records of the calls of the organization's attempts that `filter` picks (the simulated
 * provider keeps the numbers it dialed). They name the attempt as text (`attempt_ref`): the attempt's id is cast,
 * never the reference, which other callers of the simulator may set to anything.
 */
async function deleteSimulatorCallsOf(
  db: Executor,
  organizationId: number,
  filter: (attempts: AttemptRefsQuery) => AttemptRefsQuery,
): Promise<void> {
  const attemptRefs = attemptRefsOf(db).where('organization_id', '=', organizationId);
  await db
    .deleteFrom('simulator_calls')
    .where('telephony_configuration_id', 'in', configurationsOf(db, organizationId))
    .where('attempt_ref', 'in', filter(attemptRefs))
    .execute();
}

type AttemptRefsQuery = ReturnType<typeof attemptRefsOf>;
const attemptRefsOf = (db: Executor) => db.selectFrom('attempts').select(sql<string>`id::text`.as('ref'));
