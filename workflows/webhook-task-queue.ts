/**
 * The task queue of the deliverers' activity: the engine's with `-webhooks` appended, polled by the worker process's
 * activity-only second worker (worker/create-webhook-worker.ts), so a deliverer's long-lived draining activity never
 * takes the engine's activity slots. The deliverer workflows themselves run on the engine's task queue. No imports:
 * workflow code (workflows/webhook-deliverer-workflow.ts) derives the queue from its own with it.
 */
export function webhookTaskQueue(engineTaskQueue: string): string {
  return `${engineTaskQueue}-webhooks`;
}
