import {
  allHandlersFinished,
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { OneOffCallStep } from '../activities/one-off-call';
import { attemptFinishedSignal } from './campaign-messages';

// Never retried by Temporal: an interrupted dial is settled by `settleOneOffCall` (a provider lookup), not redone.
// The heartbeat lets a killed worker's placement time out in seconds rather than minutes.
const placement = proxyActivities<Activities>({
  startToCloseTimeout: '1m',
  heartbeatTimeout: '5s',
  retry: { maximumAttempts: 1 },
});
const settle = proxyActivities<Activities>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s' },
});

export interface OneOffCallWorkflowInput {
  attemptId: number;
  organizationId: number;
  /** Where the call was when the workflow continued as new. */
  carried?: { step: OneOffCallStep; refusals: number; outcomeSignalled: boolean };
}

export interface OneOffCallWorkflowResult {
  outcome: string;
}

/**
 * One call without a campaign (`POST /telephony/initiate-call`), durable like a campaign's calls: its attempt is placed
 * at most once under the organization's call lease, waiting durably (a timer) while the limits refuse it.
 *
 * How it learns the outcome: the status webhook (or the ARI listener) stores the outcome first — the run gets its
 * disposition and duration, the lease is released — then signals `attemptFinished` to this workflow. The signal only
 * wakes it; the row is the truth, read by `settleOneOffCall`. A lost signal costs nothing but time: at the attempt's
 * deadline (ring timeout + maximum call length + grace) the same activity asks the provider, like the campaign
 * reconciler. Nothing user-visible waits on this workflow: the run is complete as soon as the outcome is stored.
 */
export async function oneOffCallWorkflow(input: OneOffCallWorkflowInput): Promise<OneOffCallWorkflowResult> {
  const { attemptId } = input;
  let step: OneOffCallStep = input.carried?.step ?? { status: 'queued' };
  let refusals = input.carried?.refusals ?? 0;
  let outcomeSignalled = input.carried?.outcomeSignalled ?? false;
  setHandler(attemptFinishedSignal, (signal) => {
    if (signal.attemptId === attemptId) outcomeSignalled = true;
  });

  for (;;) {
    if (workflowInfo().continueAsNewSuggested) {
      // A long wait for a call lease (timer after timer) must not grow one history without bound.
      await condition(allHandlersFinished);
      return continueAsNew<typeof oneOffCallWorkflow>({
        ...input,
        carried: { step, refusals, outcomeSignalled },
      });
    }
    switch (step.status) {
      case 'finished':
        return { outcome: step.outcome };
      case 'queued':
        step = await placement.placeOneOffCall({ attemptId, refusals }).catch(
          // The activity failed or timed out (its worker died mid-dial): settle reads the row and, once the claim
          // is stale, looks the call up at the provider.
          (): OneOffCallStep => ({ status: 'pending', deadlineAtMs: Date.now() }),
        );
        break;
      case 'waiting':
        if (step.refused) refusals += 1;
        await sleep(Math.max(1, step.retryAfterMs));
        step = { status: 'queued' };
        break;
      default: {
        const deadlineAtMs = step.deadlineAtMs;
        await condition(() => outcomeSignalled, Math.max(1, deadlineAtMs - Date.now()));
        outcomeSignalled = false;
        step = await settle.settleOneOffCall({ attemptId });
      }
    }
  }
}
