import { describe, expect, it } from 'vitest';
import { temporalLoggerFor } from '../../worker/temporal-runtime';
import { capturedLogger, keysNotSnakeCase } from '../helpers/captured-logs';

describe('log keys', () => {
  it("are snake_case on the Temporal SDK's lines, its run id apart from ours", () => {
    const sdk = capturedLogger();
    temporalLoggerFor(sdk.logger).info('Activity completed', {
      workflowId: 'campaign-7',
      runId: '0b6f1f0e-5d1c-4c5e-9a57-8a8f0f9d3b11',
      activityType: 'placeAttempts',
      taskQueue: 'campaigns',
      attempt: 1,
    });
    expect(sdk.lines).toHaveLength(1);
    expect(sdk.lines[0]).toMatchObject({
      msg: 'Activity completed',
      workflow_id: 'campaign-7',
      workflow_run_id: '0b6f1f0e-5d1c-4c5e-9a57-8a8f0f9d3b11',
      activity_type: 'placeAttempts',
      task_queue: 'campaigns',
      attempt: 1,
    });
    expect(keysNotSnakeCase(sdk.lines)).toEqual([]);
  });
});
