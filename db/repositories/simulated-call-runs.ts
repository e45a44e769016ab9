import type { Executor } from '../client';

/**
 * What the simulator reads of the run behind an attempt it was asked to call (simulator/voice-calls.ts,
 * simulator/scripted-calls.ts): the run's context and whether it ended, and its agent's definition.
 */

/** The run's initial context and whether it is completed; undefined when the attempt has no run. */
export async function findAttemptRunContext(db: Executor, attemptId: number) {
  return db
    .selectFrom('attempts')
    .innerJoin('runs', 'runs.id', 'attempts.run_id')
    .select(['runs.initial_context', 'runs.is_completed'])
    .where('attempts.id', '=', attemptId)
    .executeTakeFirst();
}

/** The agent definition the attempt's run follows; undefined when the attempt has no run. */
export async function findAttemptRunDefinition(db: Executor, attemptId: number) {
  return db
    .selectFrom('attempts')
    .innerJoin('runs', 'runs.id', 'attempts.run_id')
    .innerJoin('agent_definitions', 'agent_definitions.id', 'runs.definition_id')
    .select(['agent_definitions.workflow_definition'])
    .where('attempts.id', '=', attemptId)
    .executeTakeFirst();
}
