import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueClientAddress } from '../auth/accounts';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { s3Keys } from '../operations/data-lifecycle-fixtures';
import { readAll } from '../uploads/upload-helpers';
import { mulawToPcm } from '../../voice/audio/mulaw';
import { spokenLine, toneWav, uploadRecording } from './recording-audio';

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db);
  other = await createTestOrganization(t.ctx.db);
});
afterAll(async () => t?.close());

const list = (who: { headers: Record<string, string> }, query = '') =>
  t.app.inject({ url: `/api/v1/workflow-recordings/${query}`, headers: who.headers });
const remove = (who: { headers: Record<string, string> }, recordingId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/workflow-recordings/${recordingId}`, headers: who.headers });
const stored = async (key: string) => readAll(await t.ctx.storage.getObjectStream(key));
const rms = (pcm: Int16Array) => Math.sqrt(pcm.reduce((sum, s) => sum + s * s, 0) / pcm.length);

/** An object put straight into the organization's recording folder, and the create request naming it. */
async function createFromBytes(who: TestOrganization, bytes: Buffer | string) {
  const recordingId = `r${randomUUID().slice(0, 8)}`;
  const key = `recordings/${who.organizationId}/${recordingId}/line.wav`;
  await t.ctx.storage.putObject({ key, body: bytes, contentType: 'audio/wav' });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/workflow-recordings/',
    headers: who.headers,
    payload: { recordings: [{ recording_id: recordingId, storage_key: key, transcript: 'x' }] },
  });
}

describe('workflow recordings', () => {
  it('uploads a WAV, converts it once to 8 kHz μ-law and 16 kHz PCM, lists it with filters and soft-deletes it', async () => {
    // One second of a 440 Hz tone at 16 kHz, amplitude 8000 (RMS 5657).
    const { item, created } = await uploadRecording(t, org, toneWav(1, 440), {
      format: 'wav',
      transcript: 'A tone.',
      extra: { tts_provider: 'elevenlabs', tts_voice_id: 'v1', metadata: { note: 'mine' } },
    });
    expect(item.recording_id).toMatch(/^[a-z0-9]{8}$/);
    expect(item.storage_key).toBe(`recordings/${org.organizationId}/${item.recording_id}/line.wav`);
    expect(created.statusCode).toBe(201);
    const [recording] = created.json().recordings;
    expect(recording).toMatchObject({
      recording_id: item.recording_id,
      organization_id: org.organizationId,
      workflow_id: null,
      transcript: 'A tone.',
      storage_key: item.storage_key,
      tts_provider: 'elevenlabs',
      tts_model: null,
      tts_voice_id: 'v1',
      is_active: true,
      metadata: { note: 'mine', duration: 1 },
    });

    const row = await t.ctx.db
      .selectFrom('workflow_recordings')
      .selectAll()
      .where('recording_id', '=', item.recording_id)
      .executeTakeFirstOrThrow();
    expect(row.duration_ms).toBe(1000);
    const pcm16k = await stored(row.pcm16_16000_key);
    const mulaw = await stored(row.mulaw_8000_key);
    expect(pcm16k.length).toBe(32000); // 16000 samples × 2 bytes
    expect(mulaw.length).toBe(8000); // 8000 samples × 1 byte
    const wide = new Int16Array(pcm16k.buffer, pcm16k.byteOffset, pcm16k.length / 2);
    expect(rms(wide)).toBeGreaterThan(5657 * 0.95);
    expect(rms(wide)).toBeLessThan(5657 * 1.05);
    // μ-law keeps the level within its quantisation error.
    expect(rms(mulawToPcm(mulaw))).toBeGreaterThan(5657 * 0.9);
    expect(rms(mulawToPcm(mulaw))).toBeLessThan(5657 * 1.1);

    const all = (await list(org)).json();
    expect(all.total).toBe(1);
    expect(all.recordings[0].recording_id).toBe(item.recording_id);
    expect((await list(org, '?tts_provider=elevenlabs&tts_voice_id=v1')).json().total).toBe(1);
    expect((await list(org, '?tts_provider=cartesia')).json().total).toBe(0);
    expect((await list(org, '?workflow_id=1')).json().total).toBe(0);

    expect((await remove(other, item.recording_id)).statusCode).toBe(404);
    const deleted = await remove(org, item.recording_id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Recording deleted successfully' });
    expect((await list(org)).json().total).toBe(0);
    expect((await remove(org, item.recording_id)).statusCode).toBe(404);
  });

  it('decodes MP3 and OGG as well as WAV: the same spoken line lasts as long in each', async () => {
    const durations: Record<string, number> = {};
    for (const format of ['wav', 'mp3', 'ogg'] as const) {
      const audio = spokenLine('Hello, this is a recorded greeting.', format);
      const { created } = await uploadRecording(t, org, audio, { format, transcript: 'Hello.' });
      expect(created.statusCode).toBe(201);
      durations[format] = created.json().recordings[0].metadata.duration;
    }
    expect(durations.wav).toBeGreaterThan(1.5);
    // MP3 frames pad the end by up to one frame and the encoder delay (~0.05 s).
    expect(Math.abs(durations.mp3! - durations.wav!)).toBeLessThan(0.1);
    expect(Math.abs(durations.ogg! - durations.wav!)).toBeLessThan(0.1);
  });

  it('refuses other files cleanly: wrong name or type, an empty, a non-audio, a broken and a too long file', async () => {
    const asked = (files: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/workflow-recordings/upload-url',
        headers: org.headers,
        payload: { files },
      });
    const txt = await asked([{ filename: 'notes.txt', mime_type: 'text/plain', file_size: 10 }]);
    expect(txt.statusCode).toBe(422);
    expect(txt.json().detail[0].loc).toEqual(['body', 'files', '0', 'filename']);
    const mismatch = await asked([{ filename: 'a.wav', mime_type: 'audio/mpeg', file_size: 10 }]);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().detail[0].loc).toEqual(['body', 'files', '0', 'mime_type']);
    expect((await asked([{ filename: 'a.wav', mime_type: 'audio/wav', file_size: 0 }])).statusCode).toBe(422);
    const huge = await asked([{ filename: 'a.wav', mime_type: 'audio/wav', file_size: 5 * 1024 * 1024 + 1 }]);
    expect(huge.statusCode).toBe(422);

    const empty = await createFromBytes(org, Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBe('invalid_audio');
    const text = await createFromBytes(org, 'phone_number\n+14155550100\n');
    expect(text.statusCode).toBe(422);
    expect(text.json().detail).toBe('unsupported_audio_format');
    const broken = await createFromBytes(
      org,
      Buffer.concat([toneWav(1, 440).subarray(0, 12), randomBytes(500)]),
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.json().detail).toBe('invalid_audio');
    const long = await createFromBytes(org, toneWav(121, 440, 8000));
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toBe('audio_too_long');
    expect(
      (await list(org)).json().recordings.map((r: { transcript: string }) => r.transcript),
    ).not.toContain('x');
  });

  it("refuses another organization's upload and a recording_id already taken", async () => {
    const { item, created } = await uploadRecording(t, org, toneWav(0.5, 300), {
      format: 'wav',
      transcript: 'Mine.',
    });
    expect(created.statusCode).toBe(201);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/workflow-recordings/',
      headers: other.headers,
      payload: { recordings: [{ ...item, upload_url: undefined, transcript: 'Theirs.' }] },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().detail).toBe('recording_upload_not_found');
    expect((await list(other)).json().total).toBe(0);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/workflow-recordings/',
      headers: org.headers,
      payload: {
        recordings: [
          { recording_id: item.recording_id, storage_key: item.storage_key, transcript: 'Again.' },
        ],
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('recording_id_in_use');
  });

  it('goes with its organization: rows and stored audio', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: uniqueClientAddress(),
      payload: {
        email: `${randomUUID()}@example.com`,
        password: 'a long password',
        organization_name: 'Org',
      },
    });
    const owner = {
      organizationId: signup.json().organization.id as number,
      headers: { authorization: `Bearer ${signup.json().token}` },
    };
    const { created } = await uploadRecording(t, owner, toneWav(0.5, 300), {
      format: 'wav',
      transcript: 'Hi.',
    });
    expect(created.statusCode).toBe(201);
    expect(await s3Keys(`recordings/${owner.organizationId}/`)).toHaveLength(3);

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/organizations',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('workflow_recordings')
      .select('id')
      .where('organization_id', '=', owner.organizationId)
      .execute();
    expect(rows).toEqual([]);
    expect(await s3Keys(`recordings/${owner.organizationId}/`)).toEqual([]);
  });
});
