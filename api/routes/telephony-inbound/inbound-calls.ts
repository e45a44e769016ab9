/** Who answers a call to one of our numbers: the active agent bound to it gets an inbound run; anyone else is refused. */
import type { Db } from '../../../db/client';
import { createRun } from '../../../db/repositories/runs';

export interface InboundCall {
  organizationId: number;
  configurationId: number;
  provider: string;
  providerCallId: string;
  to: string;
  from: string;
}

export type InboundDecision =
  | { accepted: true; runId: number; agentId: number; agentName: string }
  | { accepted: false; reason: 'number_unknown' | 'number_unbound' | 'agent_archived' };

/** The spoken line of a refused call. */
export const REFUSAL_MESSAGE = 'Sorry, this number is not taking calls at the moment. Goodbye.';

/**
 * The spoken line of a call an agent takes. Voice media (streaming the call to the agent runtime) is not part of
 * this service yet, so the agent introduces itself and the call ends; its run records the call.
 */
export function agentGreetingText(agentName: string): string {
  return `Hello, this is ${agentName || 'your voice agent'}. Thank you for your time. Goodbye.`;
}

/**
 * Decides an inbound call and creates its run. Idempotent per provider call: a resent webhook answers the run
 * the first delivery created. Only numbers of the configuration the request was signed for are considered.
 */
export async function acceptInboundCall(db: Db, call: InboundCall): Promise<InboundDecision> {
  const number = await db
    .selectFrom('phone_numbers as p')
    .leftJoin('agents as a', (join) =>
      join.onRef('a.id', '=', 'p.inbound_workflow_id').onRef('a.organization_id', '=', 'p.organization_id'),
    )
    .select([
      'p.id',
      'p.is_active',
      'p.inbound_workflow_id',
      'a.name as agent_name',
      'a.status as agent_status',
      'a.current_definition_id',
    ])
    .where('p.organization_id', '=', call.organizationId)
    .where('p.telephony_configuration_id', '=', call.configurationId)
    .where((eb) => eb.or([eb('p.address_normalized', '=', call.to), eb('p.address', '=', call.to)]))
    .executeTakeFirst();
  if (!number || !number.is_active) return { accepted: false, reason: 'number_unknown' };
  if (number.inbound_workflow_id === null || number.agent_status === null)
    return { accepted: false, reason: 'number_unbound' };
  if (number.agent_status !== 'active') return { accepted: false, reason: 'agent_archived' };

  const name = `inbound-${call.provider}-${call.providerCallId}`;
  const existing = await db
    .selectFrom('runs')
    .select('id')
    .where('organization_id', '=', call.organizationId)
    .where('name', '=', name)
    .executeTakeFirst();
  const runId =
    existing?.id ??
    (await createRun(db, {
      organization_id: call.organizationId,
      workflow_id: number.inbound_workflow_id,
      definition_id: number.current_definition_id,
      name,
      mode: call.provider,
      call_type: 'inbound',
      initial_context: {
        caller_number: call.from,
        called_number: call.to,
        telephony_configuration_id: call.configurationId,
        provider_call_id: call.providerCallId,
      },
    }));
  return { accepted: true, runId, agentId: number.inbound_workflow_id, agentName: number.agent_name ?? '' };
}
