import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { History } from '@temporalio/common/lib/proto-utils';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../../devstack/processes';
import { startTemporalDevServer, type TemporalDevServer } from '../../../devstack/temporal';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from '../../engine/engine-harness';
import {
  HISTORIES_DIR,
  closing,
  continuedAsNewInput,
  historyToJSONText,
  mostOpenAtOnce,
  patchIds,
} from './history-facts';

/**
 * Records the workflow histories that test/workflows/recorded-histories.test.ts replays: real runs through the real
 * worker, activities, database and simulator. Not part of the suite (its name is not *.test.ts); run it in a checkout
 * of the code whose histories you want (see README.md in this folder):
 *
 *   HISTORIES_DIR=<folder> npx vitest run --config test/workflows/histories/vitest.record.config.ts [-t <scenario>]
 */

const outDir = process.env.HISTORIES_DIR ?? HISTORIES_DIR;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Client = EngineHarness['ctx']['temporal']['client'];

/** Every run of the workflow id, oldest first, each once closed. */
async function runsOf(client: Client, workflowId: string): Promise<History[]> {
  await client.workflow.getHandle(workflowId).result();
  const runs: Array<{ start: number; history: History }> = [];
  for await (const execution of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
    const history = await client.workflow.getHandle(workflowId, execution.runId).fetchHistory();
    runs.push({ start: execution.startTime.getTime(), history });
  }
  return runs.sort((a, b) => a.start - b.start).map((run) => run.history);
}

function save(file: string, history: History) {
  const json = historyToJSONText(history);
  writeFileSync(path.join(outDir, file), `${json}\n`);
  console.log(`${file}: ${history.events?.length} events, ${json.length} bytes`);
}

async function completed(h: EngineHarness, campaignId: number, timeoutMs = 90_000) {
  await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
    timeoutMs,
    what: `campaign ${campaignId} completed`,
  });
}

async function openAttempts(h: EngineHarness, campaignId: number) {
  return h.ctx.db
    .selectFrom('attempts')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('state', 'in', ['placing', 'placed'])
    .execute();
}

describe('recording workflow histories', () => {
  let h: EngineHarness;

  beforeAll(async () => {
    h = await startEngineHarness();
    await h.startWorker();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('placement: batches dialing beside the loop (or awaited, in code before the patch)', async () => {
    // Short calls at three slots: a call often ends while the next batch dials, so batches overlap.
    for (let attempt = 1; ; attempt += 1) {
      const campaignId = await createCampaign(h, {
        phones: Array.from({ length: 6 }, (_, i) => phoneFor(300 + i, i % 6)),
        simulator: { ring_seconds: 0.05, talk_seconds: 0.05 },
        body: { max_concurrency: 3 },
      });
      expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
      await completed(h, campaignId);
      const [history] = await runsOf(h.ctx.temporal.client, `campaign-${campaignId}`);
      const besideLoop = patchIds(history!).includes('placement-beside-loop');
      const overlap = mostOpenAtOnce(history!, 'placeAttempts');
      console.log(`placement try ${attempt}: beside loop ${besideLoop}, batches at once ${overlap}`);
      if (!besideLoop) {
        expect(overlap).toBe(1);
        save('placement-awaited.json', history!);
        return;
      }
      if (overlap > 1 || attempt === 5) {
        save('placement-beside-loop.json', history!);
        return;
      }
    }
  }, 300_000);

  it('pause and resume', async () => {
    const campaignId = await createCampaign(h, {
      phones: Array.from({ length: 5 }, (_, i) => phoneFor(400 + i, 2)),
      simulator: { ring_seconds: 0.1, talk_seconds: 0.6 },
      body: { max_concurrency: 2 },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    await waitFor(async () => (await campaignRow(h, campaignId)).executed_count >= 2, { what: 'dialing' });
    expect((await campaignAction(h, campaignId, 'pause')).statusCode).toBe(200);
    // The calls in flight at the pause end while it is paused.
    await waitFor(async () => (await openAttempts(h, campaignId)).length === 0, { what: 'calls ended' });
    await sleep(1000);
    expect((await campaignAction(h, campaignId, 'resume')).statusCode).toBe(200);
    await completed(h, campaignId);
    const runs = await runsOf(h.ctx.temporal.client, `campaign-${campaignId}`);
    expect(runs).toHaveLength(1);
    save('pause-resume.json', runs[0]!);
  }, 120_000);

  it('circuit breaker trip', async () => {
    // Failures first, then answered calls: the breaker trips on the failures, and after the resume (which resets it)
    // the rest completes, so the history closes.
    const phones = [
      ...Array.from({ length: 3 }, (_, i) => phoneFor(500 + i, 9)),
      ...Array.from({ length: 2 }, (_, i) => phoneFor(510 + i, 1)),
    ];
    const campaignId = await createCampaign(h, {
      phones,
      body: {
        max_concurrency: 1,
        circuit_breaker: {
          enabled: true,
          failure_threshold: 0.5,
          window_seconds: 60,
          min_calls_in_window: 3,
        },
      },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    let trips = 0;
    for (;;) {
      const row = await waitFor(
        async () => {
          const current = await campaignRow(h, campaignId);
          return current.state === 'paused' || current.state === 'completed' ? current : null;
        },
        { timeoutMs: 60_000, what: 'paused by the breaker or completed' },
      );
      if (row.state === 'completed') break;
      trips += 1;
      await waitFor(async () => (await openAttempts(h, campaignId)).length === 0, { what: 'calls ended' });
      expect((await campaignAction(h, campaignId, 'resume')).statusCode).toBe(200);
    }
    expect(trips).toBeGreaterThanOrEqual(1);
    const runs = await runsOf(h.ctx.temporal.client, `campaign-${campaignId}`);
    expect(runs).toHaveLength(1);
    save('breaker-trip.json', runs[0]!);
  }, 180_000);

  it('one-off call waiting for a call lease', async () => {
    const { acquireCallLease, releaseCallLease } = await import('../../../db/repositories/call-leases');
    const { insertAgent } = await import('../../helpers/fixtures');
    const { createTestOrganization } = await import('../../helpers/organizations');
    const { attemptOfRun, completedRun, initiateCall, simulatorWithNumber } =
      await import('../../one-off/one-off-world');
    const db = h.ctx.db;
    const org = await createTestOrganization(db);
    const { agentId } = await insertAgent(db, org.organizationId);
    const config = await simulatorWithNumber(db, org.organizationId, {
      address: '+12125551093',
      defaultOutbound: true,
    });
    await db
      .updateTable('organizations')
      .set({ max_concurrent_calls: 1 })
      .where('id', '=', org.organizationId)
      .execute();
    // Another call of the organization holds the only slot, so the limits refuse the one-off call first.
    const holder = await db
      .insertInto('attempts')
      .values({
        organization_id: org.organizationId,
        attempt_number: 1,
        phone_number: '+12125550198',
        telephony_configuration_id: config.configurationId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lease = await acquireCallLease(db, {
      organizationId: org.organizationId,
      telephonyConfigurationId: config.configurationId,
      attemptId: holder.id,
      holder: 'recorder',
      ttlSeconds: 120,
    });
    expect(lease.granted).toBe(true);
    const response = await initiateCall(
      h,
      { workflow_id: agentId, phone_number: '+12125550191' },
      org.headers,
    );
    expect(response.statusCode).toBe(201);
    const run = response.json() as { id: number; name: string };
    const handle = h.ctx.temporal.client.workflow.getHandle(run.name);
    await waitFor(
      async () =>
        ((await handle.fetchHistory()).events ?? []).some((event) => event.timerStartedEventAttributes),
      { what: 'the workflow waiting for a call lease' },
    );
    expect((await attemptOfRun(h, run.id)).state).toBe('queued');
    await releaseCallLease(db, holder.id);
    expect((await completedRun(h, run.id)).disposition).toBe('completed');
    const runs = await runsOf(h.ctx.temporal.client, run.name);
    expect(runs).toHaveLength(1);
    save('one-off-lease-wait.json', runs[0]!);
  }, 120_000);
});

describe('recording a continue-as-new', () => {
  /** A Temporal server of its own that suggests continue-as-new after 40 history events. */
  let temporal: TemporalDevServer;
  let h: EngineHarness;

  beforeAll(async () => {
    temporal = await startTemporalDevServer({
      binary: inject('temporalBinary'),
      port: await freePort(),
      uiPort: null,
      dbFile: null,
      logDir: path.join(inject('scratchDir'), 'logs'),
      dynamicConfig: { 'limit.historyCount.suggestContinueAsNew': 40 },
    });
    h = await startEngineHarness({ temporalAddress: temporal.address });
    await h.startWorker();
  });

  afterAll(async () => {
    await h?.close();
    await temporal?.stop();
  });

  it('continue-as-new with calls in flight: the run handing over and the run taking over', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const campaignId = await createCampaign(h, {
        phones: Array.from({ length: 8 }, (_, i) => phoneFor(600 + i, i % 6)),
        simulator: { ring_seconds: 0.1, talk_seconds: 0.8 },
        body: { max_concurrency: 3 },
      });
      expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
      await completed(h, campaignId);
      const runs = await runsOf(h.ctx.temporal.client, `campaign-${campaignId}`);
      // A handover whose carried attempts include placed calls (a deadline, not null = still to place).
      const index = runs.findIndex((run) => {
        const carried = continuedAsNewInput<{ carried: { inFlight: Array<[number, number | null]> } }>(run);
        return carried?.carried.inFlight.some(([, deadline]) => deadline !== null) ?? false;
      });
      console.log(`continue-as-new try ${attempt}: ${runs.length} runs, handover with calls at ${index}`);
      if (index < 0) continue;
      expect(closing(runs[index]!)).toBe('continuedAsNew');
      save('continue-as-new-handover.json', runs[index]!);
      save('continue-as-new-carried.json', runs[index + 1]!);
      return;
    }
    throw new Error('no run continued as new with calls in flight');
  }, 400_000);
});
