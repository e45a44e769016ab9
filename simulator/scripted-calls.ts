/**
 * Whether a simulated call talks in a deployment with no LLM (docs/agents.md, "Simulated calls talk"): when its agent
 * is scripted-only (conversation/scripted-node.ts), so the agent needs no LLM; the callee follows its contact's
 * `callee_script`, or plays a cooperative person (cooperative-callee.ts). Read when the call is placed, from the
 * attempt the placement names.
 */
import type { AgentDefinition } from '../agents/definition';
import { scriptedOnly } from '../conversation/scripted-node';
import type { Db } from '../db/client';
import { findAttemptRunDefinition } from '../db/repositories/simulated-call-runs';

export async function talksWithoutLlm(db: Db, attemptRef: string): Promise<boolean> {
  const attemptId = Number(attemptRef);
  if (!Number.isSafeInteger(attemptId) || attemptId <= 0) return false;
  const row = await findAttemptRunDefinition(db, attemptId);
  if (!row) return false;
  const definition = row.workflow_definition as AgentDefinition | null;
  return Boolean(definition && Array.isArray(definition.nodes) && scriptedOnly(definition));
}
