/**
 * The recorded greeting a call plays (agents/start-opening.ts), read when its stream opens: the copy converted for the
 * transport's rate when the recording was created (8 kHz μ-law decoded here, 16 kHz PCM as stored). A recording that
 * is gone (deleted, or not the organization's) leaves the call with its text greeting, and a warning.
 */
import { startOpening } from '../agents/start-opening';
import type { Logger } from '../config/logger';
import type { Executor } from '../db/client';
import { findRecordingByReference } from '../db/repositories/workflow-recordings';
import type { ObjectStorage } from '../storage/object-storage';
import { mulawToPcm } from '../voice/audio/mulaw';
import type { LiveCall, RecordedLine } from '../voice/live-call';

export async function loadRecordedGreeting(
  deps: { db: Executor; storage: ObjectStorage; logger: Logger },
  call: LiveCall,
  sampleRate: 8000 | 16000,
): Promise<RecordedLine | null> {
  const reference = startOpening(call.definition).greetingRecording;
  if (reference === null || call.saved) return null;
  const recording = await findRecordingByReference(deps.db, call.organizationId, reference);
  if (!recording) {
    deps.logger.warn(
      { greeting_recording_id: reference },
      'greeting recording not found: the text greeting is used',
    );
    return null;
  }
  const key = sampleRate === 8000 ? recording.mulaw_8000_key : recording.pcm16_16000_key;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await deps.storage.getObjectStream(key)) chunks.push(chunk as Buffer);
  } catch (error) {
    deps.logger.warn({ err: error, recording_id: recording.recording_id }, 'greeting recording unreadable');
    return null;
  }
  const bytes = Buffer.concat(chunks);
  const pcm =
    sampleRate === 8000
      ? mulawToPcm(bytes)
      : new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + (bytes.length & ~1)));
  return { recordingId: recording.recording_id, transcript: recording.transcript, pcm };
}
