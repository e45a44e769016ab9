import type { temporal } from '@temporalio/proto';
import type { BenchStack } from '../engine/stack';

/**
 * Where a campaign's time went, per attempt (mean milliseconds), to find what a neighbour slows down:
 * - from the database's timestamps: the slot's refill (the outcome that freed a slot → the next attempt queued:
 *   callback signal, workflow task, queueing activity), queued → claimed (placement activity scheduled, polled and
 *   claiming), claimed → the simulator's request, the call itself, and its end → the outcome recorded (runner tick,
 *   status callback, outcome);
 * - from the workflow's history (Temporal server clock): activity tasks scheduled → started (waiting in the task
 *   queue), started → completed per activity type, and workflow tasks scheduled → started.
 */
export type Phases = Record<string, number>;

const mean = (values: number[]) =>
  values.length === 0 ? 0 : Math.round(values.reduce((a, b) => a + b, 0) / values.length);

export async function attemptPhases(
  stack: BenchStack,
  input: { campaignId: number; configurationId: number; concurrency: number },
): Promise<Phases> {
  const rows = await stack.ctx.db
    .selectFrom('attempts')
    .innerJoin('simulator_calls', (join) =>
      join
        .onRef('simulator_calls.call_sid', '=', 'attempts.provider_call_id')
        .on('simulator_calls.telephony_configuration_id', '=', input.configurationId),
    )
    .select([
      'attempts.queued_at',
      'attempts.placing_at',
      'attempts.finished_at',
      'simulator_calls.requested_at',
      'simulator_calls.ends_at',
      'simulator_calls.ended_at',
    ])
    .where('attempts.campaign_id', '=', input.campaignId)
    .orderBy('attempts.queued_at')
    .execute();
  const ms = (a: Date | null, b: Date | null) => (a && b ? b.getTime() - a.getTime() : 0);
  const finished = rows.map((r) => r.finished_at!.getTime()).sort((a, b) => a - b);
  // The i-th attempt queued takes the slot the (i − concurrency)-th outcome freed.
  const refill = rows.slice(input.concurrency).map((r, i) => r.queued_at.getTime() - finished[i]!);
  return {
    'outcome → next queued': mean(refill),
    'queued → claimed': mean(rows.map((r) => ms(r.queued_at, r.placing_at))),
    'claimed → call requested': mean(rows.map((r) => ms(r.placing_at, r.requested_at))),
    'call (talk)': mean(rows.map((r) => ms(r.requested_at, r.ends_at))),
    'call end → outcome': mean(rows.map((r) => ms(r.ends_at, r.finished_at))),
    'of which runner tick': mean(rows.map((r) => ms(r.ends_at, r.ended_at))),
  };
}

export async function historyPhases(stack: BenchStack, workflowId: string): Promise<Phases> {
  const history = await stack.ctx.temporal.client.workflow.getHandle(workflowId).fetchHistory();
  const at = (e: temporal.api.history.v1.IHistoryEvent) =>
    Number(e.eventTime!.seconds) * 1000 + Math.round((e.eventTime!.nanos ?? 0) / 1e6);
  const byId = new Map<number, temporal.api.history.v1.IHistoryEvent>();
  const waits: Record<string, number[]> = {};
  const add = (key: string, value: number) => (waits[key] ??= []).push(value);
  for (const event of history.events ?? []) {
    byId.set(Number(event.eventId), event);
    if (event.activityTaskStartedEventAttributes) {
      const scheduled = byId.get(Number(event.activityTaskStartedEventAttributes!.scheduledEventId))!;
      const type = scheduled.activityTaskScheduledEventAttributes!.activityType!.name!;
      add(`activity task queue wait (${type})`, at(event) - at(scheduled));
    } else if (event.activityTaskCompletedEventAttributes) {
      const started = byId.get(Number(event.activityTaskCompletedEventAttributes!.startedEventId))!;
      const scheduled = byId.get(Number(event.activityTaskCompletedEventAttributes!.scheduledEventId))!;
      const type = scheduled.activityTaskScheduledEventAttributes!.activityType!.name!;
      add(`activity run (${type})`, at(event) - at(started));
    } else if (event.workflowTaskStartedEventAttributes) {
      const scheduled = byId.get(Number(event.workflowTaskStartedEventAttributes!.scheduledEventId))!;
      add('workflow task queue wait', at(event) - at(scheduled));
    } else if (event.workflowTaskCompletedEventAttributes) {
      const started = byId.get(Number(event.workflowTaskCompletedEventAttributes!.startedEventId))!;
      add('workflow task run', at(event) - at(started));
    }
  }
  return Object.fromEntries(
    Object.entries(waits)
      .filter(([key]) => !key.includes('syncContacts') || key.startsWith('activity run'))
      .map(([key, values]) => [`${key} ×${values.length}`, mean(values)]),
  );
}

/** `name a ms, name b ms, …` */
export const phasesLine = (phases: Phases) =>
  Object.entries(phases)
    .map(([key, value]) => `${key} ${value}`)
    .join('; ');
