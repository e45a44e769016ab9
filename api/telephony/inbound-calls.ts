/** Who answers a call to one of our numbers: the active agent bound to it gets an inbound run; anyone else is refused. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  findAgentNameOfOrganizationRun,
  findInboundNumber,
  findRunIdByName,
} from '../../db/repositories/inbound-numbers';
import { createRun, type NewRunInput } from '../../db/repositories/runs';
import { recordCallEvent } from '../../db/repositories/run-events';
import type { InboundCallFields, InboundDesk } from '../../providers/adapter';
import { mediaStreamUrl } from '../../providers/webhook-urls';

export interface InboundCall extends InboundCallFields {
  organizationId: number;
  configurationId: number;
  provider: string;
}

export type InboundDecision =
  | { accepted: true; runId: number; agentId: number; agentName: string }
  | { accepted: false; reason: 'number_unknown' | 'number_unbound' | 'agent_archived' };

/**
 * Decides an inbound call and creates its run. Idempotent per provider call: a resent webhook answers the run
 * the first delivery created. Only numbers of the configuration the request was signed for are considered.
 */
export async function acceptInboundCall(db: Db, call: InboundCall): Promise<InboundDecision> {
  const number = await findInboundNumber(db, call);
  if (!number || !number.is_active) return { accepted: false, reason: 'number_unknown' };
  if (number.inbound_workflow_id === null || number.agent_status === null)
    return { accepted: false, reason: 'number_unbound' };
  if (number.agent_status !== 'active') return { accepted: false, reason: 'agent_archived' };

  const name = `inbound-${call.provider}-${call.providerCallId}`;
  const runId =
    (await findRunIdByName(db, call.organizationId, name)) ??
    (await createInboundRun(db, {
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

/** The inbound call's run and its `call.received` event, in one transaction (the webhook outbox). */
async function createInboundRun(db: Db, run: NewRunInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const runId = await createRun(trx, run);
    await recordCallEvent(trx, 'call.received', { organizationId: run.organization_id, runId });
    return runId;
  });
}

/**
 * What a vendor adapter gets while it answers a call to one configuration's numbers: decisions (each logged as
 * 'inbound call') and agent names, both within the configuration's organization only.
 */
export function inboundDesk(
  deps: { db: Db; config: Pick<Config, 'appSecret' | 'media'> },
  scope: { organizationId: number; configurationId: number; provider: string },
  log: FastifyBaseLogger,
): InboundDesk {
  const { db, config } = deps;
  return {
    log,
    mediaStreamUrlOf: (runId) => mediaStreamUrl(config, scope.provider, runId),
    async decide(call) {
      const decision = await acceptInboundCall(db, { ...call, ...scope });
      log.info(
        decision.accepted
          ? {
              accepted: true,
              run_id: decision.runId,
              agent_id: decision.agentId,
              agent_name: decision.agentName,
            }
          : { ...decision },
        'inbound call',
      );
      return decision;
    },
    async agentNameOfRun(runId) {
      return (await findAgentNameOfOrganizationRun(db, scope.organizationId, runId)) ?? '';
    },
  };
}
