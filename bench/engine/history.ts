import type { BenchStack } from './stack';

/**
 * Events and bytes of every run of a workflow, and the first run's start and the last run's close as the Temporal
 * server stamps them (`DescribeWorkflowExecution` / `ListWorkflowExecutions`). Waits for the workflow to close.
 */
export async function historyFigures(stack: BenchStack, workflowId: string) {
  const client = stack.ctx.temporal.client;
  await client.workflow.getHandle(workflowId).result();
  const runs: Array<{ events: number; bytes: number }> = [];
  let firstStart = Infinity;
  let lastClose = 0;
  for await (const execution of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
    const description = await client.workflow.getHandle(workflowId, execution.runId).describe();
    const info = description.raw.workflowExecutionInfo!;
    runs.push({ events: Number(info.historyLength ?? 0), bytes: Number(info.historySizeBytes ?? 0) });
    firstStart = Math.min(firstStart, execution.startTime.getTime());
    lastClose = Math.max(lastClose, execution.closeTime?.getTime() ?? 0);
  }
  const events = runs.reduce((sum, r) => sum + r.events, 0);
  const largestRunEvents = Math.max(...runs.map((r) => r.events));
  const largestRunBytes = Math.max(...runs.map((r) => r.bytes));
  return {
    runs: runs.length,
    events,
    largestRunEvents,
    largestRunBytes,
    /** Server clock: the first run's start → the last run's close, in seconds. */
    serverSeconds: (lastClose - firstStart) / 1000,
  };
}
