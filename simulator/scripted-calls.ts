/**
 * Whether a simulated call talks in a deployment with no LLM (docs/agents.md, "Simulated calls talk"): when its run's
 * contact has a `callee_script` (the callee needs no LLM) and its agent is scripted-only (nor does the agent,
 * conversation/scripted-node.ts). Read when the call is placed, from the attempt the placement names.
 */
import type { AgentDefinition } from '../agents/definition';
import { scriptedOnly } from '../conversation/scripted-node';
import type { Db } from '../db/client';
import { calleeScriptOf } from './callee-script';

export async function talksWithoutLlm(db: Db, attemptRef: string): Promise<boolean> {
  const attemptId = Number(attemptRef);
  if (!Number.isSafeInteger(attemptId) || attemptId <= 0) return false;
  const row = await db
    .selectFrom('attempts')
    .innerJoin('runs', 'runs.id', 'attempts.run_id')
    .innerJoin('agent_definitions', 'agent_definitions.id', 'runs.definition_id')
    .select(['runs.initial_context', 'agent_definitions.workflow_definition'])
    .where('attempts.id', '=', attemptId)
    .executeTakeFirst();
  if (!row || !calleeScriptOf(row.initial_context as Record<string, unknown> | null)) return false;
  const definition = row.workflow_definition as AgentDefinition | null;
  return Boolean(definition && Array.isArray(definition.nodes) && scriptedOnly(definition));
}
