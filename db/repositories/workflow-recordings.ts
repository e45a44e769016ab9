/**
 * Recorded lines of an organization. Every read is scoped by organization: another organization's recording_id finds
 * nothing. Deletion is soft (`is_active = false`): a deleted recording is neither listed nor played, and its
 * recording_id stays taken.
 */
import type { Executor } from '../client';
import type { WorkflowRecording } from '../database';

export type NewWorkflowRecording = Omit<WorkflowRecording, 'id' | 'created_at' | 'is_active'>;

export interface RecordingFilter {
  workflowId?: number;
  ttsProvider?: string;
  ttsModel?: string;
  ttsVoiceId?: string;
}

/** Inserts the recordings in one statement; null when one of their recording_ids is taken in the organization. */
export async function insertRecordings(
  db: Executor,
  rows: readonly NewWorkflowRecording[],
): Promise<WorkflowRecording[] | null> {
  const inserted = await db
    .insertInto('workflow_recordings')
    .values(rows.map((row) => ({ ...row, metadata: JSON.stringify(row.metadata) })))
    .onConflict((oc) => oc.columns(['organization_id', 'recording_id']).doNothing())
    .returningAll()
    .execute();
  return inserted.length === rows.length ? inserted : null;
}

/** The organization's active recordings, newest first, narrowed by Dograh's filters. */
export async function listRecordings(
  db: Executor,
  organizationId: number,
  filter: RecordingFilter = {},
): Promise<WorkflowRecording[]> {
  let query = db
    .selectFrom('workflow_recordings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('is_active', '=', true);
  if (filter.workflowId !== undefined) query = query.where('workflow_id', '=', filter.workflowId);
  if (filter.ttsProvider !== undefined) query = query.where('tts_provider', '=', filter.ttsProvider);
  if (filter.ttsModel !== undefined) query = query.where('tts_model', '=', filter.ttsModel);
  if (filter.ttsVoiceId !== undefined) query = query.where('tts_voice_id', '=', filter.ttsVoiceId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** One active recording of the organization by its recording_id, or undefined. */
export async function findActiveRecording(
  db: Executor,
  organizationId: number,
  recordingId: string,
): Promise<WorkflowRecording | undefined> {
  return db
    .selectFrom('workflow_recordings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('recording_id', '=', recordingId)
    .where('is_active', '=', true)
    .executeTakeFirst();
}

/** Is this recording_id taken in the organization (deleted recordings included)? */
export async function recordingIdTaken(
  db: Executor,
  organizationId: number,
  recordingId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('workflow_recordings')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('recording_id', '=', recordingId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Soft-deletes an active recording; false when the organization has no such active recording. */
export async function deactivateRecording(
  db: Executor,
  organizationId: number,
  recordingId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('workflow_recordings')
    .set({ is_active: false })
    .where('organization_id', '=', organizationId)
    .where('recording_id', '=', recordingId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The active recording a node names: by Dograh's primary key `id` when the reference is a number (what Dograh's
 * editor stores), by `recording_id` when it is a string.
 */
export async function findRecordingByReference(
  db: Executor,
  organizationId: number,
  reference: number | string,
): Promise<WorkflowRecording | undefined> {
  let query = db
    .selectFrom('workflow_recordings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('is_active', '=', true);
  query =
    typeof reference === 'number'
      ? query.where('id', '=', reference)
      : query.where('recording_id', '=', reference);
  return query.executeTakeFirst();
}
