import {
  proxySinks,
  type ActivityInput,
  type ContinueAsNewInput,
  type Next,
  type Sinks,
  type WorkflowInterceptorsFactory,
  type WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';

/**
 * A workflow interceptor module for replays (bundled with `workflowInterceptorModules`): it reports every activity the
 * workflow schedules, with its arguments, and the input it continues as new with, through a sink called during replay
 * too. The replay test compares them with what the recorded history holds: Temporal's own replay check compares the
 * commands' kinds and order, not an activity's input.
 */
export type IssuedCommand =
  { kind: 'activity'; activityType: string; args: unknown[] } | { kind: 'continueAsNew'; args: unknown[] };

export interface CommandRecorderSinks extends Sinks {
  commands: { issued(command: IssuedCommand): void };
}

const { commands } = proxySinks<CommandRecorderSinks>();

class RecordingOutbound implements WorkflowOutboundCallsInterceptor {
  scheduleActivity(input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) {
    commands.issued({ kind: 'activity', activityType: input.activityType, args: input.args });
    return next(input);
  }

  continueAsNew(input: ContinueAsNewInput, next: Next<WorkflowOutboundCallsInterceptor, 'continueAsNew'>) {
    commands.issued({ kind: 'continueAsNew', args: input.args });
    return next(input);
  }
}

export const interceptors: WorkflowInterceptorsFactory = () => ({ outbound: [new RecordingOutbound()] });
