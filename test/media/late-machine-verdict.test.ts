/**
 * A late answering-machine verdict on a call whose outcome is stored but whose conversation is not yet: the run has
 * sent nothing, so it completes once, as `voicemail`, with the conversation's disposition, and no `run.updated`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import { storeMachineVerdict } from '../../engine/late-machine-verdict';
import { recordAttemptOutcome } from '../../engine/record-outcome';
import { createConversationStore } from '../../media/conversation-store';
import { generateEndpointSecret, sealEndpointSecret } from '../../webhooks/endpoint-secrets';
import { capturedLogger } from '../helpers/captured-logs';
import {
  conversationAfterTwoTurns,
  openMediaWorld,
  placedCall,
  streamOpened,
  type MediaWorld,
} from './fixtures';

let world: MediaWorld;
const { logger } = capturedLogger();

beforeAll(() => {
  world = openMediaWorld();
});
afterAll(() => world.close());

/** An endpoint subscribed to every event (nothing delivers it here: the recorded events are read). */
async function subscribeAll(organizationId: number) {
  const cipher = createCredentialsCipher(world.config);
  await world.db
    .insertInto('webhook_endpoints')
    .values({
      organization_id: organizationId,
      url: 'http://127.0.0.1:9/hooks',
      events: ['*'],
      encrypted_secret: sealEndpointSecret(cipher, organizationId, generateEndpointSecret()),
      updated_at: new Date(),
    })
    .execute();
}

describe('a late machine verdict while the conversation is still being stored', () => {
  it('completes the run once as voicemail, and sends no run.updated', async () => {
    const call = await placedCall(world.db);
    await subscribeAll(call.organizationId);
    const live = await streamOpened(world.db, call.runId);
    await recordAttemptOutcome(world.db, { attemptId: call.attemptId, outcome: 'completed' });

    const first = await storeMachineVerdict(world.db, call.attemptId, 'machine_start');
    expect(first.revised).toMatchObject({ attemptId: call.attemptId, retried: false });
    expect((await storeMachineVerdict(world.db, call.attemptId, 'machine_start')).revised).toBeNull();

    const state = conversationAfterTwoTurns();
    await createConversationStore({ ...world, logger }, live).finish({
      state: {
        ...state,
        ended_at: '2026-11-24T09:01:00.000Z',
        end_reason: 'completed',
        disposition: 'interested',
        gathered: { mapped_call_disposition: 'interested' },
      },
      endReason: 'completed',
      mediaSeconds: 30,
      usage: { stt_seconds: 0, tts_characters: 0 },
      latencies: {},
      error: null,
    });

    const run = await world.db
      .selectFrom('runs')
      .selectAll()
      .where('id', '=', call.runId)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ is_completed: true, disposition: 'interested' });
    expect(run.gathered_context).toMatchObject({
      outcome: 'voicemail',
      mapped_call_disposition: 'interested',
    });
    const contact = await world.db
      .selectFrom('contacts')
      .select(['final_outcome', 'last_outcome'])
      .where('id', '=', call.contactId)
      .executeTakeFirstOrThrow();
    expect(contact).toEqual({ final_outcome: 'voicemail', last_outcome: 'voicemail' });

    const runEvents = await world.db
      .selectFrom('webhook_events')
      .select(['type', 'payload'])
      .where('organization_id', '=', call.organizationId)
      .where('type', 'like', 'run.%')
      .orderBy('id')
      .execute();
    expect(runEvents.map((event) => event.type)).toEqual(['run.completed']);
    expect(runEvents[0]!.payload).toMatchObject({ data: { run_id: call.runId, outcome: 'voicemail' } });
  });
});
