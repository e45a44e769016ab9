import type { Db, Executor, Trx } from '../client';
import { createRun } from './runs';

/**
 * A one-off call (`POST /telephony/initiate-call`): its attempt without campaign or contact, and its run, written
 * together and removed together while nobody has claimed the call; and what its claim reads and records.
 */

export interface NewOneOffCall {
  organizationId: number;
  agentId: number;
  calledNumber: string;
  callerNumber: string | null;
  telephonyConfigurationId: number;
  provider: string;
  initialContext: Record<string, unknown>;
  /** The run's name, from the attempt's id. */
  runName: (attemptId: number) => string;
}

/** One transaction: the queued attempt, its run, the link between them; returns the run and the attempt's id. */
export async function createOneOffCall(db: Db, call: NewOneOffCall) {
  return db.transaction().execute(async (trx) => {
    const attempt = await trx
      .insertInto('attempts')
      .values({
        organization_id: call.organizationId,
        campaign_id: null,
        contact_id: null,
        attempt_number: 1,
        state: 'queued',
        phone_number: call.calledNumber,
        caller_number: call.callerNumber,
        telephony_configuration_id: call.telephonyConfigurationId,
        provider: call.provider,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const runId = await createRun(trx, {
      organization_id: call.organizationId,
      workflow_id: call.agentId,
      name: call.runName(attempt.id),
      mode: call.provider,
      call_type: 'outbound',
      initial_context: call.initialContext,
    });
    await trx.updateTable('attempts').set({ run_id: runId }).where('id', '=', attempt.id).execute();
    const run = await trx
      .selectFrom('runs')
      .select(['id', 'workflow_id', 'name', 'mode', 'created_at'])
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    return { ...run, attemptId: attempt.id };
  });
}

/** Removes a call nobody claimed yet (CAS on `queued`), its run with it; false when its workflow already claimed it. */
export async function removeUnclaimedOneOffCall(db: Db, attemptId: number, runId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('attempts')
      .where('id', '=', attemptId)
      .where('state', '=', 'queued')
      .returning('id')
      .executeTakeFirst();
    if (!removed) return false;
    await trx.deleteFrom('runs').where('id', '=', runId).execute();
    return true;
  });
}

/** The agent of the run a one-off attempt answered with, or undefined. */
export async function findRunAgentId(db: Executor, runId: number) {
  return db.selectFrom('runs').select('workflow_id').where('id', '=', runId).executeTakeFirst();
}

/** The agent as the claim re-checks it: still active, and the definition the call dials with. */
export async function findAgentForClaim(trx: Trx, agentId: number) {
  return trx
    .selectFrom('agents')
    .select(['status', 'current_definition_id'])
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
}

/** Records on the run the agent's definition the call was dialed with. */
export async function setRunDefinition(trx: Trx, runId: number, definitionId: number | null): Promise<void> {
  await trx.updateTable('runs').set({ definition_id: definitionId }).where('id', '=', runId).execute();
}
