import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { recordingKeys, transcriptKey } from '../../artifacts/artifact-keys';
import type { TestApp } from '../helpers/context';

/** What the S3 test server itself lists under a prefix (not through the code under test). */
export async function s3Keys(prefix: string): Promise<string[]> {
  const s3 = inject('s3');
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((object) => object.Key!).sort();
  } finally {
    client.destroy();
  }
}

/**
 * A finished outbound call of a campaign's contact: an attempt, a completed run with a transcript and a mixed
 * recording stored, created at `createdAt` (default now); with `configurationId`, the simulator's record of the call.
 */
export async function insertFinishedCall(
  t: TestApp,
  input: {
    organizationId: number;
    agentId: number;
    campaignId: number | null;
    contactId: number | null;
    phoneNumber: string;
    createdAt?: Date;
    isCompleted?: boolean;
    configurationId?: number;
  },
): Promise<{ runId: number; attemptId: number; keys: string[] }> {
  const { db, storage } = t.ctx;
  const run = await db
    .insertInto('runs')
    .values({
      organization_id: input.organizationId,
      workflow_id: input.agentId,
      campaign_id: input.campaignId,
      name: 'call',
      mode: 'simulator',
      call_type: 'outbound',
      called_number: input.phoneNumber,
      caller_number: '+12125550100',
      is_completed: input.isCompleted ?? true,
      disposition: 'completed',
      created_at: input.createdAt ?? new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const keys = [
    transcriptKey(input.organizationId, run.id),
    recordingKeys(input.organizationId, run.id).mixed,
  ];
  await storage.putObject({ key: keys[0]!, body: '{"turns":[]}', contentType: 'application/json' });
  await storage.putObject({ key: keys[1]!, body: Buffer.alloc(64), contentType: 'audio/wav' });
  await db
    .updateTable('runs')
    .set({ transcript_key: keys[0]!, recording_key: keys[1]! })
    .where('id', '=', run.id)
    .execute();
  const attempt = await db
    .insertInto('attempts')
    .values({
      organization_id: input.organizationId,
      campaign_id: input.campaignId,
      contact_id: input.contactId,
      attempt_number: 1,
      state: 'finished',
      phone_number: input.phoneNumber,
      outcome: 'completed',
      run_id: run.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.configurationId !== undefined) {
    await db
      .insertInto('simulator_calls')
      .values({
        call_sid: `SIM-deletion-${attempt.id}`,
        telephony_configuration_id: input.configurationId,
        attempt_ref: String(attempt.id),
        to_number: input.phoneNumber,
        from_number: '+12125550100',
        outcome: 'completed',
        ring_seconds: 0,
        talk_seconds: 1,
        ends_at: new Date(),
        ended_at: new Date(),
      })
      .execute();
  }
  return { runId: run.id, attemptId: attempt.id, keys };
}
