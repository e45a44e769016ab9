/** Request and response schemas of recorded lines: Dograh's field names (`api/schemas/workflow_recording.py`). */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Dograh's limits: 5 MiB a file, 20 files a batch. */
export const MAX_RECORDING_BYTES = 5 * 1024 * 1024;
export const MAX_BATCH = 20;
/** The longest recording accepted (seconds): a line, not a message on hold. */
export const MAX_RECORDING_SECONDS = 120;

const RecordingId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

const FileDescriptor = Type.Object({
  filename: Type.String({ minLength: 1, maxLength: 1024, description: 'Ends in .wav, .mp3 or .ogg.' }),
  mime_type: Type.String({
    default: 'audio/wav',
    maxLength: 100,
    description: 'audio/wav, audio/mpeg or audio/ogg (and their common aliases).',
  }),
  file_size: Type.Integer({ minimum: 1, maximum: MAX_RECORDING_BYTES, description: 'Bytes (max 5 MiB).' }),
});

export const UploadUrlBody = Type.Object({
  files: Type.Array(FileDescriptor, { minItems: 1, maxItems: MAX_BATCH }),
});
export type UploadUrlBody = Static<typeof UploadUrlBody>;

export const UploadUrlResponse = Type.Object({
  items: Type.Array(
    Type.Object({
      upload_url: Type.String({ description: 'PUT the bytes here with the declared `mime_type`.' }),
      recording_id: Type.String(),
      storage_key: Type.String(),
    }),
  ),
});

const Metadata = Type.Record(Type.String(), Type.Unknown());

export const CreateRecordingsBody = Type.Object({
  recordings: Type.Array(
    Type.Object({
      recording_id: RecordingId,
      tts_provider: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
      tts_model: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
      tts_voice_id: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
      transcript: Type.String({ maxLength: 10_000 }),
      storage_key: Type.String({ minLength: 1, maxLength: 1024 }),
      metadata: Type.Optional(Nullable(Metadata)),
    }),
    { minItems: 1, maxItems: MAX_BATCH },
  ),
});
export type CreateRecordingsBody = Static<typeof CreateRecordingsBody>;

export const Recording = Type.Object({
  id: Type.Integer(),
  recording_id: Type.String(),
  workflow_id: Nullable(Type.Integer()),
  organization_id: Type.Integer(),
  tts_provider: Nullable(Type.String()),
  tts_model: Nullable(Type.String()),
  tts_voice_id: Nullable(Type.String()),
  transcript: Type.String(),
  storage_key: Type.String(),
  storage_backend: Type.String(),
  metadata: Metadata,
  created_by: Type.Integer({
    description: 'The user who created it; 0 when none did (an API key without a user).',
  }),
  created_at: Type.String({ format: 'date-time' }),
  is_active: Type.Boolean(),
});

export const CreateRecordingsResponse = Type.Object({ recordings: Type.Array(Recording) });

export const RecordingListQuery = Type.Object({
  workflow_id: Type.Optional(Type.Integer({ description: 'Filter by agent id.' })),
  tts_provider: Type.Optional(Type.String({ maxLength: 100 })),
  tts_model: Type.Optional(Type.String({ maxLength: 200 })),
  tts_voice_id: Type.Optional(Type.String({ maxLength: 200 })),
});
export type RecordingListQuery = Static<typeof RecordingListQuery>;

export const RecordingList = Type.Object({ recordings: Type.Array(Recording), total: Type.Integer() });

export const RecordingParams = Type.Object({ recording_id: RecordingId });

export const DeletedRecording = Type.Object({ success: Type.Boolean(), message: Type.String() });
