/**
 * The recording a call's start node names, as the media process loads it when the stream opens: the organization's
 * own active recording only (by Dograh's `id` or by `recording_id`), as the transport's rate needs it; another
 * organization's, a deleted one or an unknown one leave the call without it.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import { loadRecordedGreeting } from '../../media/recorded-greeting';
import { bytesToSamples } from '../../voice/audio/wav';
import { mulawToPcm } from '../../voice/audio/mulaw';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { readAll } from '../uploads/upload-helpers';
import { testCall } from '../voice/call-harness';
import { toneWav, uploadRecording } from './recording-audio';

let t: TestApp;
let owner: TestOrganization;
let other: TestOrganization;
let recording: { id: number; recording_id: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await createTestOrganization(t.ctx.db);
  other = await createTestOrganization(t.ctx.db);
  const { created } = await uploadRecording(t, owner, toneWav(0.4, 350), {
    format: 'wav',
    transcript: 'Hi.',
  });
  expect(created.statusCode).toBe(201);
  recording = created.json().recordings[0];
});
afterAll(async () => t?.close());

const naming = (reference: unknown): AgentDefinition =>
  ({
    nodes: [
      {
        id: 's',
        type: 'startCall',
        data: { name: 'Start', prompt: 'Hi.', greeting_type: 'audio', greeting_recording_id: reference },
      },
    ],
    edges: [],
  }) as unknown as AgentDefinition;

const load = (organizationId: number, reference: unknown, sampleRate: 8000 | 16000 = 16000) =>
  loadRecordedGreeting(
    { db: t.ctx.db, storage: t.ctx.storage, logger: pino({ level: 'silent' }) },
    { ...testCall({ definition: naming(reference) }), organizationId },
    sampleRate,
  );

async function stored(column: 'mulaw_8000_key' | 'pcm16_16000_key'): Promise<Buffer> {
  const row = await t.ctx.db
    .selectFrom('workflow_recordings')
    .select(column)
    .where('id', '=', recording.id)
    .executeTakeFirstOrThrow();
  return readAll(await t.ctx.storage.getObjectStream(row[column]));
}

describe('the recorded greeting a call loads', () => {
  it("is the organization's recording, by id or recording_id, at the transport's rate", async () => {
    const wide = await load(owner.organizationId, recording.id, 16000);
    expect(wide).toMatchObject({ recordingId: recording.recording_id, transcript: 'Hi.' });
    expect(wide!.pcm).toEqual(bytesToSamples(await stored('pcm16_16000_key')));
    expect(wide!.pcm.length).toBe(6400); // 0.4 s at 16 kHz
    const narrow = await load(owner.organizationId, recording.recording_id, 8000);
    expect(narrow!.pcm).toEqual(mulawToPcm(await stored('mulaw_8000_key')));
    expect(narrow!.pcm.length).toBe(3200); // 0.4 s at 8 kHz
  });

  it("is nothing for another organization's agent naming it, nor for an unknown or deleted one", async () => {
    expect(await load(other.organizationId, recording.id)).toBeNull();
    expect(await load(other.organizationId, recording.recording_id)).toBeNull();
    expect(await load(owner.organizationId, 'nosuchid')).toBeNull();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/workflow-recordings/${recording.recording_id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await load(owner.organizationId, recording.id)).toBeNull();
  });
});
