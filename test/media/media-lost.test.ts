/** A run whose conversation is not stored 60 s after its outcome ends as media_lost (the sweeper's clock is moved). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaLostSweeper, type MediaLostSweeper } from '../../api/background/media-lost-sweeper';
import { findCallConversation } from '../../db/repositories/call-conversations';
import { recordAttemptOutcome } from '../../engine/record-outcome';
import { createConversationStore } from '../../media/conversation-store';
import { capturedLogger } from '../helpers/captured-logs';
import { createTestOrganization } from '../helpers/organizations';
import {
  conversationAfterTwoTurns,
  inboundRun,
  openMediaWorld,
  placedCall,
  streamOpened,
  type MediaWorld,
} from './fixtures';

let world: MediaWorld;
let clock = new Date();
let sweeper: MediaLostSweeper;
const { logger, lines } = capturedLogger();

let organizationId: number;

beforeAll(async () => {
  world = openMediaWorld();
  ({ organizationId } = await createTestOrganization(world.db));
  sweeper = startMediaLostSweeper({
    db: world.db,
    logger,
    now: () => clock,
    intervalMs: 3_600_000,
    organizationId,
  });
});
afterAll(async () => {
  await sweeper.stop();
  await world.close();
});

const runOf = (runId: number) =>
  world.db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();

describe('the media-lost sweeper', () => {
  it('ends a run 60 s after its outcome when its conversation is still live, and nothing changes it after', async () => {
    const call = await placedCall(world.db, { organizationId });
    const live = await streamOpened(world.db, call.runId);
    await recordAttemptOutcome(world.db, {
      attemptId: call.attemptId,
      outcome: 'completed',
      providerStatus: 'completed',
      durationSeconds: 30,
    });
    const storedAt = (await findCallConversation(world.db, call.runId))!.outcome_stored_at!;

    clock = new Date(storedAt.getTime() + 59_000);
    await sweeper.sweep();
    expect((await runOf(call.runId)).is_completed).toBe(false);

    clock = new Date(storedAt.getTime() + 61_000);
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    const run = await runOf(call.runId);
    expect(run.is_completed).toBe(true);
    expect(run.disposition).toBe('media_lost');
    expect(run.gathered_context).toMatchObject({ outcome: 'completed', provider_status: 'completed' });
    expect(run.call_duration_seconds).toBe(30);
    expect((await findCallConversation(world.db, call.runId))?.status).toBe('lost');
    expect(lines).toContainEqual(
      expect.objectContaining({ run_id: call.runId, disposition: 'media_lost', level: 40 }),
    );

    // The media process finishing late stores nothing over it.
    const state = { ...conversationAfterTwoTurns(), gathered: { mapped_call_disposition: 'interested' } };
    await createConversationStore({ ...world, logger }, live).finish({
      state,
      endReason: 'completed',
      mediaSeconds: 30,
      usage: { stt_seconds: 0, tts_characters: 0 },
      latencies: {},
      error: null,
    });
    const after = await runOf(call.runId);
    expect([after.disposition, after.transcript_key]).toEqual(['media_lost', null]);
  });

  it('ends an inbound run whose stream died, once it is live past its agent’s call limit plus 60 s', async () => {
    const call = await placedCall(world.db, { organizationId });
    await world.db
      .updateTable('agents')
      .set({ workflow_configurations: JSON.stringify({ max_call_duration_seconds: 120 }) })
      .where('id', '=', call.agentId)
      .execute();
    const runId = await inboundRun(world.db, call);
    await streamOpened(world.db, runId);
    const { started_at: startedAtColumn } = await world.db
      .selectFrom('call_conversations')
      .select('started_at')
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow();
    const startedAt = (startedAtColumn as unknown as Date).getTime();

    clock = new Date(startedAt + 179_000);
    await sweeper.sweep();
    expect((await runOf(runId)).is_completed).toBe(false);

    clock = new Date(startedAt + 181_000);
    await sweeper.sweep();
    const run = await runOf(runId);
    expect([run.is_completed, run.disposition]).toEqual([true, 'media_lost']);
    expect((await findCallConversation(world.db, runId))?.status).toBe('lost');
    expect(lines).toContainEqual(
      expect.objectContaining({ run_id: runId, disposition: 'media_lost', level: 40 }),
    );
  });

  it('leaves a live conversation whose outcome has not come', async () => {
    const call = await placedCall(world.db, { organizationId });
    await streamOpened(world.db, call.runId);
    clock = new Date(Date.now() + 3_600_000);
    await sweeper.sweep();
    expect((await runOf(call.runId)).is_completed).toBe(false);
    expect((await findCallConversation(world.db, call.runId))?.status).toBe('live');
  });
});
