/**
 * Creating recorded lines: each upload is checked to be the organization's, read, decoded and converted once to the
 * transports' formats (voice/audio/recorded-line.ts), the conversions stored beside it, then every record of the
 * batch is inserted in one statement; one failure refuses the whole batch.
 */
import type { Readable } from 'node:stream';
import type { WorkflowRecording } from '../../../db/database';
import {
  insertRecordings,
  recordingIdTaken,
  type NewWorkflowRecording,
} from '../../../db/repositories/workflow-recordings';
import type { ObjectStorage } from '../../../storage/object-storage';
import { convertedRecordingKeys, isOwnedRecordingUpload } from '../../../storage/workflow-recordings';
import {
  AudioConverterUnavailableError,
  convertRecordedLine,
  RecordedLineError,
} from '../../../voice/audio/recorded-line';
import type { AppContext } from '../../context';
import { conflict, HttpError, payloadTooLarge, referenceNotFound, serviceUnavailable } from '../../errors';
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS, type CreateRecordingsBody } from './schemas';

type Requested = CreateRecordingsBody['recordings'][number];

export async function createRecordings(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  caller: { organizationId: number; userId: number | null },
  requested: readonly Requested[],
): Promise<WorkflowRecording[]> {
  const ids = requested.map((recording) => recording.recording_id);
  if (new Set(ids).size !== ids.length) throw inUse();
  // Checked before converting: the conversions of a taken recording_id would land on the existing one's keys.
  for (const id of ids) if (await recordingIdTaken(ctx.db, caller.organizationId, id)) throw inUse();
  const rows: NewWorkflowRecording[] = [];
  for (const [index, recording] of requested.entries())
    rows.push(await convertOne(ctx.storage, caller, recording, index));
  // All or nothing: a recording_id already taken (or twice in the batch) rolls the batch back.
  const inserted = await ctx.db.transaction().execute(async (trx) => {
    const batch = await insertRecordings(trx, rows);
    if (!batch) throw inUse();
    return batch;
  });
  return inserted;
}

const inUse = () =>
  conflict(
    'recording_id_in_use',
    'A recording_id of the batch is already used in this organization (or twice in the batch).',
  );

async function convertOne(
  storage: ObjectStorage,
  caller: { organizationId: number; userId: number | null },
  recording: Requested,
  index: number,
): Promise<NewWorkflowRecording> {
  const { organizationId } = caller;
  const key = recording.storage_key;
  if (!isOwnedRecordingUpload(organizationId, recording.recording_id, key))
    throw referenceNotFound('recording_upload');
  const head = await storage.headObject(key);
  if (!head) throw referenceNotFound('recording_upload');
  if (head.size > MAX_RECORDING_BYTES)
    throw payloadTooLarge(`The recording is larger than the limit of ${MAX_RECORDING_BYTES} bytes.`);
  const bytes = await readAll(await storage.getObjectStream(key));
  let converted;
  try {
    converted = await convertRecordedLine(bytes, { maxSeconds: MAX_RECORDING_SECONDS });
  } catch (error) {
    if (error instanceof RecordedLineError)
      throw new HttpError(422, error.code, `recordings[${index}]: ${error.message}`);
    if (error instanceof AudioConverterUnavailableError)
      throw serviceUnavailable('audio_conversion_unavailable', 'Audio conversion is not available here.');
    throw error;
  }
  const keys = convertedRecordingKeys(organizationId, recording.recording_id);
  await storage.putObject({ key: keys.mulaw8000, body: converted.mulaw8000, contentType: 'audio/basic' });
  await storage.putObject({
    key: keys.pcm16k,
    body: converted.pcm16k,
    contentType: 'audio/L16;rate=16000;channels=1',
  });
  return {
    recording_id: recording.recording_id,
    organization_id: organizationId,
    workflow_id: null,
    tts_provider: recording.tts_provider ?? null,
    tts_model: recording.tts_model ?? null,
    tts_voice_id: recording.tts_voice_id ?? null,
    transcript: recording.transcript,
    storage_key: key,
    storage_backend: storage.kind,
    mulaw_8000_key: keys.mulaw8000,
    pcm16_16000_key: keys.pcm16k,
    duration_ms: converted.durationMs,
    metadata: { ...(recording.metadata ?? {}), file_size: head.size, duration: converted.durationMs / 1000 },
    created_by: caller.userId,
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_RECORDING_BYTES) {
      stream.destroy();
      throw payloadTooLarge(`The recording is larger than the limit of ${MAX_RECORDING_BYTES} bytes.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Dograh's response fields. */
export function presentRecording(row: WorkflowRecording) {
  return {
    id: Number(row.id),
    recording_id: row.recording_id,
    workflow_id: row.workflow_id === null ? null : Number(row.workflow_id),
    organization_id: Number(row.organization_id),
    tts_provider: row.tts_provider,
    tts_model: row.tts_model,
    tts_voice_id: row.tts_voice_id,
    transcript: row.transcript,
    storage_key: row.storage_key,
    storage_backend: row.storage_backend,
    metadata: row.metadata,
    // Dograh's model requires an integer (its recordings always have a user): 0 when none made it (an API key without a
    // user, or a user since deleted).
    created_by: row.created_by === null ? 0 : Number(row.created_by),
    created_at: row.created_at.toISOString(),
    is_active: row.is_active,
  };
}
