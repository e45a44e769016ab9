import { sql } from 'kysely';
import type { Trx } from '../client';
import type { CallingRules } from '../../domain/calling-rules';
import { CLAIM_BARRIER_NAMESPACE } from './campaign-engine-reads';
import { callingRulesOfRow, JOINED_RULES_COLUMNS, storedRules } from './calling-rules';

/**
 * Everything a campaign's claim judges by, read in one statement on the locked queued attempt, under the campaign's
 * claim barrier (held shared until the claim commits):
 *
 * - the campaign's state and schedule as of now: a pause or PATCH committed before is seen, and one that comes after
 *   waits for the claim's commit (the barrier's trigger, migration 2026_11_22_001200);
 * - whether the number is on the organization's do-not-call list: read after the attempt's row lock, so an add that
 *   committed before this statement is seen and the number is not dialed (docs/api.md, do-not-call);
 * - the organization's calling rules, and the contact's zone and context.
 *
 * One statement instead of six: every round trip of a claim is paid by each dial, and under load by every campaign
 * waiting for the same connections and CPU (docs/benchmarks.md, fairness).
 */
export interface CampaignClaimFacts {
  state: string;
  scheduleConfig: unknown;
  agentStatus: string;
  definitionId: number | null;
  listed: boolean;
  rules: CallingRules;
  /** The contact's stored zone and number, and its row's context for the run; undefined when the contact is gone. */
  contact:
    | { id: number; timezone: string | null; phoneNumber: string; initialContext: Record<string, unknown> }
    | undefined;
}

export async function readCampaignClaimFacts(
  trx: Trx,
  target: { campaignId: number; organizationId: number; contactId: number; phoneNumber: string },
): Promise<CampaignClaimFacts> {
  // A statement's snapshot is taken before it waits for a lock: the barrier is taken first, on its own.
  await sql`select pg_advisory_xact_lock_shared(${CLAIM_BARRIER_NAMESPACE}::int,
    (${target.campaignId}::bigint % 2147483648)::int)`.execute(trx);
  const row = await trx
    .selectFrom('campaigns')
    .innerJoin('agents', 'agents.id', 'campaigns.workflow_id')
    .leftJoin('calling_rules', (join) => join.on('calling_rules.organization_id', '=', target.organizationId))
    .leftJoin('contacts', (join) => join.on('contacts.id', '=', target.contactId))
    .select((eb) => [
      'campaigns.state',
      'campaigns.schedule_config',
      'agents.status as agent_status',
      'agents.current_definition_id',
      eb
        .exists(
          eb
            .selectFrom('do_not_call_entries')
            .select('do_not_call_entries.id')
            .where('do_not_call_entries.organization_id', '=', target.organizationId)
            .where('do_not_call_entries.number', '=', target.phoneNumber),
        )
        .as('listed'),
      ...JOINED_RULES_COLUMNS,
      'contacts.id as contact_id',
      'contacts.timezone',
      'contacts.phone_number',
      'contacts.initial_context',
    ])
    .where('campaigns.id', '=', target.campaignId)
    .executeTakeFirstOrThrow();
  return {
    state: row.state,
    scheduleConfig: row.schedule_config,
    agentStatus: row.agent_status,
    definitionId: row.current_definition_id,
    listed: row.listed === true,
    rules: callingRulesOfRow(row.rules_organization_id === null ? undefined : storedRules(row)),
    contact:
      row.contact_id === null
        ? undefined
        : {
            id: row.contact_id,
            timezone: row.timezone,
            phoneNumber: row.phone_number!,
            initialContext: row.initial_context as Record<string, unknown>,
          },
  };
}
