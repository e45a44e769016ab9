import {
  allHandlersFinished,
  condition,
  continueAsNew,
  defineSignal,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { RawActivities } from './raw-activities';

/**
 * The yardstick of the engine ceiling: the campaign workflow's dispatch loop with the work taken out. Same shape
 * (a semaphore of `maxConcurrency` ids; one activity queues a batch for the free slots, one activity "places" the
 * batch; one signal per finished attempt; continue-as-new when the server suggests it), but the activities touch
 * no database and no provider: what is left is Temporal's own cost on this machine.
 */
export const rawFinishedSignal = defineSignal<[{ attemptId: number }]>('attemptFinished');

const { queueBatch, placeBatch } = proxyActivities<RawActivities>({
  startToCloseTimeout: '1m',
  retry: { maximumAttempts: 1 },
});

export interface RawDispatchInput {
  total: number;
  maxConcurrency: number;
  carried?: { issued: number; finished: number; inFlight: number[]; finishedPending: number[] };
}

export async function rawDispatchWorkflow(input: RawDispatchInput): Promise<{ finished: number }> {
  let issued = input.carried?.issued ?? 0;
  let finished = input.carried?.finished ?? 0;
  const inFlight = new Set<number>(input.carried?.inFlight ?? []);
  const finishedPending = new Set<number>(input.carried?.finishedPending ?? []);
  setHandler(rawFinishedSignal, ({ attemptId }) => {
    finishedPending.add(attemptId);
  });

  for (;;) {
    if (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > 40_000) {
      await condition(allHandlersFinished);
      return continueAsNew<typeof rawDispatchWorkflow>({
        ...input,
        carried: { issued, finished, inFlight: [...inFlight], finishedPending: [...finishedPending] },
      });
    }
    const done = [...finishedPending];
    finishedPending.clear();
    for (const id of done) inFlight.delete(id);
    finished += done.length;
    if (finished >= input.total) return { finished };
    const free = Math.min(input.maxConcurrency - inFlight.size, input.total - issued);
    if (done.length > 0 || free > 0) {
      const { attemptIds } = await queueBatch({ first: issued, limit: Math.max(0, free), finished: done });
      issued += attemptIds.length;
      if (attemptIds.length > 0) {
        for (const id of attemptIds) inFlight.add(id);
        await placeBatch({ workflowId: workflowInfo().workflowId, attemptIds });
        continue;
      }
    }
    await condition(() => finishedPending.size > 0);
  }
}
