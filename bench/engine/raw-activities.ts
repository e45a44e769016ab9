import type { Client } from '@temporalio/client';

/** Activities of the yardstick workflow: no database, no provider; "placing" an id signals its end at once. */
export interface RawActivities {
  queueBatch(input: { first: number; limit: number; finished: number[] }): Promise<{ attemptIds: number[] }>;
  placeBatch(input: { workflowId: string; attemptIds: number[] }): Promise<void>;
}

export function createRawActivities(client: Client): RawActivities {
  return {
    async queueBatch({ first, limit }) {
      return { attemptIds: Array.from({ length: limit }, (_, i) => first + i) };
    },
    async placeBatch({ workflowId, attemptIds }) {
      // Like the simulator's status callbacks: each finished "call" is one signal, sent after the activity answered.
      const handle = client.workflow.getHandle(workflowId);
      setImmediate(() => {
        for (const attemptId of attemptIds) {
          void handle.signal('attemptFinished', { attemptId }).catch((error: unknown) => {
            console.error(`signal ${attemptId} failed:`, error);
          });
        }
      });
    },
  };
}
