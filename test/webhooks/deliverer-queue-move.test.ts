import { NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ensureWebhookDeliverer,
  MOVED_TO_ENGINE_QUEUE,
  webhookDelivererWorkflowId,
} from '../../client/webhook-deliveries';
import { webhookTaskQueue } from '../../workflows/webhook-task-queue';
import { waitFor, workflowBundle } from '../engine/engine-harness';
import { createTestOrganization } from '../helpers/organizations';
import { startDeliveryHarness, startReceiver, type DeliveryHarness, type Receiver } from './delivery-harness';

let h: DeliveryHarness;
let receiver: Receiver;
let connection: NativeConnection;

beforeAll(async () => {
  h = await startDeliveryHarness();
  receiver = await startReceiver();
  connection = await NativeConnection.connect({ address: inject('temporalAddress') });
});
afterAll(async () => {
  await connection?.close();
  await h?.close();
  await receiver?.close();
});

describe('a deliverer left on the old -webhooks queue', () => {
  it('is terminated and started again on the engine queue when ensured, and delivers what was pending', async () => {
    const engineQueue = h.ctx.temporal.taskQueue;
    const oldQueue = webhookTaskQueue(engineQueue);
    const org = await createTestOrganization(h.ctx.db);
    const { id } = await h.createEndpoint(org.organizationId, { url: receiver.url, startDeliverer: false });
    // The old way: the deliverer workflow started on `-webhooks`, run there by a worker of the old kind.
    const oldWorker = await Worker.create({
      connection,
      taskQueue: oldQueue,
      workflowBundle: await workflowBundle(),
    });
    const oldRunning = oldWorker.run();
    const client = h.ctx.temporal.client;
    const old = await client.workflow.start('webhookDelivererWorkflow', {
      workflowId: webhookDelivererWorkflowId(id),
      taskQueue: oldQueue,
      args: [{ endpointId: id }],
    });
    await waitFor(
      async () =>
        (await old.fetchHistory()).events!.some((event) => event.activityTaskScheduledEventAttributes),
      {
        what: 'the old-queue deliverer to schedule its activity',
      },
    );
    // The deploy: no worker polls the old queue for workflow tasks any more; the new pair polls the engine's.
    oldWorker.shutdown();
    await oldRunning;
    await h.startWorker(undefined, engineQueue);
    const eventId = await h.record(org.organizationId, 'call.answered');
    // Stored: the delivery waits untried, and the only deliverer's activity sits on the old queue, never started by a
    // worker (none polls that queue for it), so nothing can send it.
    expect(await h.delivery(id, eventId)).toMatchObject({ state: 'pending', attempt_count: 0 });
    const pending = (await old.describe()).raw.pendingActivities ?? [];
    expect(pending.length).toBeGreaterThan(0);
    for (const activity of pending) expect(activity.lastStartedTime ?? null).toBeNull();
    expect(receiver.forEvent(eventId)).toHaveLength(0);
    expect((await old.describe()).taskQueue).toBe(oldQueue);

    expect(await ensureWebhookDeliverer(h.ctx.temporal, id)).toBe(true);

    const oldRun = await client.workflow.getHandle(old.workflowId, old.firstExecutionRunId).describe();
    expect(oldRun.status.name).toBe('TERMINATED');
    const terminated = (
      await client.workflow.getHandle(old.workflowId, old.firstExecutionRunId).fetchHistory()
    ).events!.find((event) => event.workflowExecutionTerminatedEventAttributes);
    expect(terminated?.workflowExecutionTerminatedEventAttributes?.reason).toBe(MOVED_TO_ENGINE_QUEUE);
    const current = await client.workflow.getHandle(old.workflowId).describe();
    expect(current.runId).not.toBe(old.firstExecutionRunId);
    expect(current.taskQueue).toBe(engineQueue);
    await waitFor(async () => (await h.delivery(id, eventId)).state === 'delivered', {
      timeoutMs: 20_000,
      what: 'the pending delivery to be sent by the moved deliverer',
    });
    expect(receiver.forEvent(eventId).map((entry) => entry.json.sequence)).toEqual([1]);
    // Already on the engine queue: ensuring again only wakes it.
    expect(await ensureWebhookDeliverer(h.ctx.temporal, id)).toBe(false);
    expect((await client.workflow.getHandle(old.workflowId).describe()).runId).toBe(current.runId);
  });
});
