/** Recorded lines of the caller's organization, at Dograh's `/workflow-recordings`: audio an agent plays as a line. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  deactivateRecording,
  listRecordings,
  recordingIdTaken,
} from '../../../db/repositories/workflow-recordings';
import { newRecordingId, recordingUploadKey } from '../../../storage/workflow-recordings';
import { invalidField, notFound } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { ErrorBody } from '../common-schemas';
import { createRecordings, presentRecording } from './recording-service';
import {
  CreateRecordingsBody,
  CreateRecordingsResponse,
  DeletedRecording,
  RecordingList,
  RecordingListQuery,
  RecordingParams,
  UploadUrlBody,
  UploadUrlResponse,
} from './schemas';

const tags = ['Workflow recordings'];
/** Dograh's presigned URLs last 30 minutes. */
const UPLOAD_URL_SECONDS = 1800;
/** The declared type by extension: the PUT must carry exactly this `Content-Type`. */
const AUDIO_TYPES: Record<string, readonly string[]> = {
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
  mp3: ['audio/mpeg', 'audio/mp3'],
  ogg: ['audio/ogg', 'application/ogg', 'audio/vorbis', 'audio/opus'],
};

const recordingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, storage } = app.ctx;

  app.post(
    '/upload-url',
    {
      schema: {
        tags,
        summary: 'Get presigned URLs for recording uploads',
        description:
          'One URL per file (WAV, MP3 or OGG, at most 5 MiB): PUT the bytes with the declared `mime_type` within ' +
          '30 minutes, then create the records with `POST /workflow-recordings/`.',
        body: UploadUrlBody,
        response: { 200: UploadUrlResponse, 422: ErrorBody },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const items = [];
      for (const [index, file] of request.body.files.entries()) {
        const extension = file.filename.toLowerCase().split('.').pop() ?? '';
        const types = AUDIO_TYPES[extension];
        if (!types || file.filename.indexOf('.') < 0)
          throw invalidField(
            ['body', 'files', String(index), 'filename'],
            'The file must be .wav, .mp3 or .ogg.',
          );
        if (!types.includes(file.mime_type.toLowerCase()))
          throw invalidField(
            ['body', 'files', String(index), 'mime_type'],
            `A .${extension} file is one of: ${types.join(', ')}.`,
          );
        let recordingId = newRecordingId();
        while (await recordingIdTaken(db, organizationId, recordingId)) recordingId = newRecordingId();
        const key = recordingUploadKey(organizationId, recordingId, file.filename);
        const uploadUrl = await storage.createUploadUrl({
          key,
          contentType: file.mime_type,
          maxBytes: file.file_size,
          expiresInSeconds: UPLOAD_URL_SECONDS,
        });
        items.push({ upload_url: uploadUrl, recording_id: recordingId, storage_key: key });
      }
      return { items };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create recording records after upload',
        description:
          'Each upload is decoded (WAV, MP3 or OGG, at most 120 s) and converted once to 8 kHz μ-law and 16 kHz ' +
          '16-bit PCM. A file of another format is 422 `unsupported_audio_format`, one that cannot be decoded ' +
          "422 `invalid_audio`, a long one 422 `audio_too_long`; a `storage_key` that is not the organization's " +
          'upload for `recording_id` 400 `recording_upload_not_found`; a taken `recording_id` 409. One failure ' +
          'refuses the batch.',
        body: CreateRecordingsBody,
        response: {
          201: CreateRecordingsResponse,
          400: ErrorBody,
          409: ErrorBody,
          413: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const rows = await createRecordings(app.ctx, caller, request.body.recordings);
      request.log.info({ recordings: rows.map((row) => row.recording_id) }, 'recordings created');
      return reply.code(201).send({ recordings: rows.map(presentRecording) });
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List recordings',
        description:
          "The organization's recordings (deleted ones left out), newest first, with Dograh's filters.",
        querystring: RecordingListQuery,
        response: { 200: RecordingList },
      },
    },
    async (request) => {
      const { workflow_id, tts_provider, tts_model, tts_voice_id } = request.query;
      const rows = await listRecordings(db, callerOf(request).organizationId, {
        workflowId: workflow_id,
        ttsProvider: tts_provider,
        ttsModel: tts_model,
        ttsVoiceId: tts_voice_id,
      });
      return { recordings: rows.map(presentRecording), total: rows.length };
    },
  );

  app.delete(
    '/:recording_id',
    {
      schema: {
        tags,
        summary: 'Delete a recording',
        description:
          'Soft delete: the recording is no longer listed nor played (a node naming it speaks its text `greeting`).',
        params: RecordingParams,
        response: { 200: DeletedRecording, 404: ErrorBody },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      if (!(await deactivateRecording(db, organizationId, request.params.recording_id)))
        throw notFound('recording');
      return { success: true, message: 'Recording deleted successfully' };
    },
  );
};

export default recordingRoutes;
