import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countLiveCallLeases } from '../../db/repositories/call-leases';
import { startEngineHarness, waitFor, type EngineHarness } from '../engine/engine-harness';
import {
  attemptOfRun,
  completedRun,
  initiateCall,
  simulatorCallsOf,
  simulatorWithNumber,
} from './one-off-world';
import type { WorkerProcesses } from '../engine/worker-processes';

/** One-off calls whose worker process is killed with SIGKILL; a new worker finishes them, each dialed exactly once. */
let h: EngineHarness;
let workers: WorkerProcesses;
let configurationId: number;

beforeAll(async () => {
  h = await startEngineHarness();
  workers = await h.workerProcesses();
  ({ configurationId } = await simulatorWithNumber(h.ctx.db, h.org.organizationId, {
    address: '+12125552000',
    defaultOutbound: true,
    defaultCaller: true,
    simulator: { ring_seconds: 0.2, talk_seconds: 1.5 },
  }));
}, 120_000);

afterAll(async () => {
  await h?.close();
});

async function initiate(phone: string) {
  const response = await initiateCall(h, { workflow_id: h.agentId, phone_number: phone });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; name: string };
}

/** The call completed exactly once: one simulator call, the expected disposition, the workflow closed with it. */
async function expectCompletedOnce(run: { id: number; name: string }, disposition: string) {
  const stored = await completedRun(h, run.id, 120_000);
  const result = await h.ctx.temporal.client.workflow.getHandle(run.name).result();
  const attempt = await attemptOfRun(h, run.id);
  const calls = await simulatorCallsOf(h, attempt.id);
  expect([stored.disposition, result.outcome, calls.length]).toEqual([disposition, disposition, 1]);
  expect(calls[0]!.telephony_configuration_id).toBe(configurationId);
}

describe('initiate-call survives a worker kill', () => {
  it('completes calls whose worker was killed in the middle of placing them, each dialed once', async () => {
    let worker = await workers.start();
    const runs = await Promise.all([
      initiate('+12125550130'),
      initiate('+12125550136'),
      initiate('+12125550138'),
    ]);
    // As soon as the first of them is claimed: the others are being claimed or dialed, or still queued.
    await waitFor(
      async () => {
        const attempts = await Promise.all(runs.map((run) => attemptOfRun(h, run.id)));
        return attempts.some((attempt) => attempt.state !== 'queued');
      },
      { intervalMs: 5, what: 'a call claimed' },
    );
    worker.kill('SIGKILL');
    const states = await Promise.all(runs.map(async (run) => (await attemptOfRun(h, run.id)).state));
    // The kill landed while placing: a claim or dial under way, no call over yet (each lasts 1.7 s).
    expect(states.some((state) => state === 'placing' || state === 'placed')).toBe(true);
    expect(states.filter((state) => state === 'finished')).toEqual([]);
    worker = await workers.start();
    await expectCompletedOnce(runs[0]!, 'completed');
    await expectCompletedOnce(runs[1]!, 'busy');
    await expectCompletedOnce(runs[2]!, 'voicemail');
    worker.kill('SIGTERM');
    expect(await countLiveCallLeases(h.ctx.db, h.org.organizationId)).toBe(0);
  }, 240_000);

  it('completes a call whose worker was killed while it was on the line, without dialing it again', async () => {
    let worker = await workers.start();
    const run = await initiate('+12125550131');
    const state = await waitFor(
      async () => {
        const attempt = await attemptOfRun(h, run.id);
        return ['placed', 'finished'].includes(attempt.state) && attempt.state;
      },
      { what: 'the call on the line' },
    );
    worker.kill('SIGKILL');
    // The kill landed while the call was on the line (it lasts 1.7 s), not after it ended.
    expect(state).toBe('placed');
    // The outcome arrives by webhook while no worker runs: the run is complete, the signal waits in Temporal.
    await completedRun(h, run.id);
    worker = await workers.start();
    await expectCompletedOnce(run, 'completed');
    worker.kill('SIGTERM');
  }, 240_000);
});
