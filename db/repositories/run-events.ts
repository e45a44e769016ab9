import {
  CALL_FAILED_OUTCOMES,
  callData,
  callFailedData,
  runCompletedData,
  runUpdatedData,
  type CallEventSource,
  type RunEventSource,
} from '../../domain/webhook-events';
import type { Executor } from '../client';
import { recordEvent, recordEventLazily } from './webhook-outbox';

/**
 * The webhook events of a run's changes, recorded in the change's transaction: `run.completed` (and `call.failed`
 * for a failed call) when the run's completion actually happened, `call.answered` when its media stream first
 * opened, `call.received` when an inbound call's run was created. Each is keyed on the row change, so a retried
 * activity or a resent callback that changes nothing records nothing.
 */

/** The run columns the events are built from (RETURNING of the change). */
export const RUN_EVENT_COLUMNS = [
  'id',
  'organization_id',
  'workflow_id',
  'campaign_id',
  'call_type',
  'mode',
  'caller_number',
  'called_number',
  'disposition',
  'call_duration_seconds',
  'charge_usd',
  'cost_info',
  'gathered_context',
  'initial_context',
  'transcript_key',
  'recording_key',
  'user_recording_key',
  'bot_recording_key',
  'completed_at',
] as const;

export async function recordRunCompleted(
  trx: Executor,
  run: RunEventSource & { organization_id: number },
): Promise<void> {
  const scope = { organizationId: run.organization_id, campaignId: run.campaign_id };
  await recordEvent(trx, { ...scope, type: 'run.completed', data: runCompletedData(run) });
  const outcome = (run.gathered_context as Record<string, unknown> | null)?.outcome;
  if (typeof outcome === 'string' && CALL_FAILED_OUTCOMES.includes(outcome))
    await recordEvent(trx, { ...scope, type: 'call.failed', data: callFailedData(run) });
}

/** `run.updated`: the outcome of a run whose `run.completed` was recorded changed (in the change's transaction). */
export async function recordRunUpdated(
  trx: Executor,
  run: RunEventSource & { organization_id: number },
  change: { previousOutcome: string; reason: string },
): Promise<void> {
  await recordEvent(trx, {
    organizationId: run.organization_id,
    campaignId: run.campaign_id,
    type: 'run.updated',
    data: runUpdatedData(run, change),
  });
}

const CALL_COLUMNS = [
  'id',
  'workflow_id',
  'campaign_id',
  'call_type',
  'mode',
  'caller_number',
  'called_number',
] as const;

/** `call.answered` / `call.received` of a run; the run is read only when an endpoint is subscribed. */
export async function recordCallEvent(
  trx: Executor,
  type: 'call.answered' | 'call.received',
  run: { organizationId: number; runId: number },
): Promise<void> {
  await recordEventLazily(trx, { organizationId: run.organizationId, type }, async () => {
    const row: CallEventSource = await trx
      .selectFrom('runs')
      .select(CALL_COLUMNS)
      .where('id', '=', run.runId)
      .executeTakeFirstOrThrow();
    return { campaignId: row.campaign_id, data: callData(row) };
  });
}
