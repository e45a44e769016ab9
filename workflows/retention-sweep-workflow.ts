import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { SweepResult } from '../activities/retention-sweep';

// Retried a few times: a sweep is idempotent (it reads what is still expired), and the next scheduled one follows anyway.
const { sweepRetention } = proxyActivities<Activities>({
  startToCloseTimeout: '1h',
  heartbeatTimeout: '2m',
  retry: { initialInterval: '10s', backoffCoefficient: 2, maximumAttempts: 3 },
});

/** One retention sweep; a Temporal Schedule (client/retention-sweep.ts) starts one every interval. */
export async function retentionSweepWorkflow(input: { now?: string } = {}): Promise<SweepResult> {
  return sweepRetention(input);
}
