import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineActivities } from '../../activities/engine-activities';
import type { EngineSettings } from '../../config/engine';
import type { AttemptReports } from '../../domain/attempt-report';
import { createProviderFactory } from '../../engine/provider-factory';
import type { ProviderFactory } from '../../engine/placement-context';
import {
  insertAgent,
  insertCampaign,
  insertContact,
  insertSimulatorConfiguration,
} from '../helpers/fixtures';
import { createTestOrganization } from '../helpers/organizations';
import { startEngineHarness, TEST_ENGINE, type EngineHarness } from '../engine/engine-harness';

/**
 * The placement activity stopping mid-batch, against the real database and the simulator over HTTP: when the worker
 * begins to shut down, or the activity is cancelled, while its lanes are dialing, each lane finishes the dial it sent
 * and the attempts no lane had claimed come back `queued` with their rows untouched and no call lease taken.
 */
let t: EngineHarness;
const ENGINE: Partial<EngineSettings> = { ...TEST_ENGINE, placementConcurrency: 2 };
const CONTACTS = 6;

beforeAll(async () => {
  t = await startEngineHarness();
});

afterAll(async () => {
  await t?.close();
});

/** A running campaign with CONTACTS contacts, each with its queued attempt (as the queue step leaves them). */
async function queuedCampaign() {
  const { organizationId } = await createTestOrganization(t.ctx.db);
  const { agentId } = await insertAgent(t.ctx.db, organizationId);
  const configurationId = await insertSimulatorConfiguration(t.ctx.db, organizationId);
  const campaignId = await insertCampaign(t.ctx.db, { organizationId, agentId, configurationId });
  await t.ctx.db
    .updateTable('campaigns')
    .set({ total_rows: CONTACTS, total_queued_count: CONTACTS })
    .where('id', '=', campaignId)
    .execute();
  const attemptIds: number[] = [];
  for (let row = 1; row <= CONTACTS; row += 1) {
    const phoneNumber = `+1212555020${row}`;
    const contactId = await insertContact(t.ctx.db, {
      campaignId,
      organizationId,
      phoneNumber,
      rowNumber: row,
    });
    const attempt = await t.ctx.db
      .insertInto('attempts')
      .values({
        organization_id: organizationId,
        campaign_id: campaignId,
        contact_id: contactId,
        attempt_number: 1,
        phone_number: phoneNumber,
        telephony_configuration_id: configurationId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    attemptIds.push(attempt.id);
  }
  return { organizationId, configurationId, campaignId, attemptIds };
}

/** The real simulator provider, with `onDial` called as each dial starts (before its request is sent). */
function providerFactoryWith(onDial: () => void): ProviderFactory {
  const real = createProviderFactory(t.ctx.config, { ...t.ctx.config.engine, ...ENGINE });
  return (configuration, secrets) => {
    const provider = real(configuration, secrets);
    return new Proxy(provider, {
      get(target, property, receiver) {
        if (property === 'placeCall')
          return (input: Parameters<typeof provider.placeCall>[0]) => {
            onDial();
            return target.placeCall(input);
          };
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
}

/** Runs the placement over the campaign's attempts and stops it (`how`) as its first dial starts. */
async function placeWhileStopping(
  world: Awaited<ReturnType<typeof queuedCampaign>>,
  how: 'worker_stopping' | 'activity_cancelled',
) {
  const environment = new MockActivityEnvironment();
  const workerStopping = new AbortController();
  const stop = () => (how === 'worker_stopping' ? workerStopping.abort('SIGTERM') : environment.cancel());
  let dials = 0;
  const { placeAttempts } = createEngineActivities({
    ...t.ctx,
    engine: ENGINE,
    workerStopping: workerStopping.signal,
    providerFactory: providerFactoryWith(() => {
      dials += 1;
      if (dials === 1) stop();
    }),
  });
  const { reports } = (await environment.run(placeAttempts, {
    campaignId: world.campaignId,
    attemptIds: world.attemptIds,
  })) as AttemptReports;
  return { reports, dials };
}

async function attemptRows(attemptIds: number[]) {
  return t.ctx.db
    .selectFrom('attempts')
    .select(['id', 'state', 'placing_at', 'provider_call_id', 'run_id'])
    .where('id', 'in', attemptIds)
    .orderBy('id')
    .execute();
}

describe('a placement told to stop mid-batch', () => {
  for (const how of ['worker_stopping', 'activity_cancelled'] as const) {
    it(`(${how}) finishes the dials it sent and hands back the attempts it had not claimed`, async () => {
      const world = await queuedCampaign();
      const { reports, dials } = await placeWhileStopping(world, how);

      // Both lanes had claimed an attempt when the stop came: those two are dialed to the end, nothing else is.
      expect(dials).toBe(2);
      const placed = reports.filter((r) => r.status === 'placed').map((r) => r.attemptId);
      const handedBack = reports.filter((r) => r.status === 'queued').map((r) => r.attemptId);
      expect(placed).toHaveLength(2);
      expect(handedBack).toHaveLength(CONTACTS - 2);
      expect([...placed, ...handedBack].sort((a, b) => a - b)).toEqual(world.attemptIds);

      const calls = await t.ctx.db
        .selectFrom('simulator_calls')
        .select('attempt_ref')
        .where('telephony_configuration_id', '=', world.configurationId)
        .execute();
      expect(calls.map((c) => Number(c.attempt_ref)).sort((a, b) => a - b)).toEqual(
        [...placed].sort((a, b) => a - b),
      );
      for (const row of await attemptRows(placed)) {
        expect(row.state).toBe('placed');
        expect(row.provider_call_id).not.toBeNull();
      }
      // Handed back untouched: still queued, never claimed, no run, no call lease.
      for (const row of await attemptRows(handedBack))
        expect(row).toEqual({
          id: row.id,
          state: 'queued',
          placing_at: null,
          provider_call_id: null,
          run_id: null,
        });
      const leases = await t.ctx.db
        .selectFrom('call_leases')
        .select('attempt_id')
        .where('attempt_id', 'in', handedBack)
        .execute();
      expect(leases).toEqual([]);
    });
  }

  it('dials nothing when the worker is already stopping, and leaves every attempt queued', async () => {
    const world = await queuedCampaign();
    const workerStopping = new AbortController();
    workerStopping.abort('SIGTERM');
    const { placeAttempts } = createEngineActivities({
      ...t.ctx,
      engine: ENGINE,
      workerStopping: workerStopping.signal,
    });
    const { reports } = (await new MockActivityEnvironment().run(placeAttempts, {
      campaignId: world.campaignId,
      attemptIds: world.attemptIds,
    })) as AttemptReports;
    expect(reports).toEqual(world.attemptIds.map((attemptId) => ({ attemptId, status: 'queued' })));
    expect((await attemptRows(world.attemptIds)).map((row) => row.state)).toEqual(
      world.attemptIds.map(() => 'queued'),
    );
  });
});
