/**
 * The media-lost sweeper reads an inbound agent's call limit like the engine does: Dograh's `max_call_duration` when
 * `max_call_duration_seconds` is absent, `max_call_duration_seconds` when both are stored (the sweeper's clock moves).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaLostSweeper, type MediaLostSweeper } from '../../api/background/media-lost-sweeper';
import { capturedLogger } from '../helpers/captured-logs';
import { createTestOrganization } from '../helpers/organizations';
import { inboundRun, openMediaWorld, placedCall, streamOpened, type MediaWorld } from './fixtures';

let world: MediaWorld;
let clock = new Date();
let sweeper: MediaLostSweeper;
let organizationId: number;

beforeAll(async () => {
  world = openMediaWorld();
  ({ organizationId } = await createTestOrganization(world.db));
  sweeper = startMediaLostSweeper({
    db: world.db,
    logger: capturedLogger().logger,
    now: () => clock,
    intervalMs: 3_600_000,
    organizationId,
  });
});
afterAll(async () => {
  await sweeper.stop();
  await world.close();
});

/** An inbound run whose stream opened, under an agent with these configurations; answers it and its start (ms). */
async function liveInboundRun(configurations: Record<string, unknown>) {
  const call = await placedCall(world.db, { organizationId });
  await world.db
    .updateTable('agents')
    .set({ workflow_configurations: JSON.stringify(configurations) })
    .where('id', '=', call.agentId)
    .execute();
  const runId = await inboundRun(world.db, call);
  await streamOpened(world.db, runId);
  const row = await world.db
    .selectFrom('call_conversations')
    .select('started_at')
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow();
  return { runId, startedAt: (row.started_at as unknown as Date).getTime() };
}

const completed = async (runId: number) =>
  (await world.db.selectFrom('runs').select('is_completed').where('id', '=', runId).executeTakeFirstOrThrow())
    .is_completed;

/** Sweeps at `seconds` after the start and answers whether the run was ended. */
async function endedAt(run: { runId: number; startedAt: number }, seconds: number) {
  clock = new Date(run.startedAt + seconds * 1000);
  await sweeper.sweep();
  return completed(run.runId);
}

describe('the media-lost sweeper and max_call_duration', () => {
  it('ends an inbound run at max_call_duration plus 60 s when max_call_duration_seconds is absent', async () => {
    const run = await liveInboundRun({ max_call_duration: 120 });
    expect(await endedAt(run, 179)).toBe(false);
    expect(await endedAt(run, 181)).toBe(true);
  });

  it('takes max_call_duration_seconds when both are stored', async () => {
    const run = await liveInboundRun({ max_call_duration: 30, max_call_duration_seconds: 120 });
    expect(await endedAt(run, 179)).toBe(false);
    expect(await endedAt(run, 181)).toBe(true);
  });

  it('ignores a max_call_duration outside 1..86400 (the default limit applies)', async () => {
    const run = await liveInboundRun({ max_call_duration: 1e308 });
    expect(await endedAt(run, 1800 + 59)).toBe(false);
    expect(await endedAt(run, 1800 + 61)).toBe(true);
  });
});
