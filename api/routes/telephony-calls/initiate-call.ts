import type { Static } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { conflict, HttpError, invalidField, referenceNotFound, serviceUnavailable } from '../../errors';
import { oneOffCallWorkflowId, startOneOffCallWorkflow } from '../../../client/one-off-calls';
import { findCampaignAgent, findTelephonyConfigurationId } from '../../../db/repositories/campaigns';
import { createOneOffCall, removeUnclaimedOneOffCall } from '../../../db/repositories/one-off-calls';
import { findCallerNumber, findPhoneNumber } from '../../../db/repositories/phone-numbers';
import { findConfigurationProvider } from '../../../db/repositories/telephony-configurations';
import { isListed } from '../../../db/repositories/do-not-call';
import type { Db } from '../../../db/client';
import type { InitiateCallBody } from './schemas';
import { judgeOneOffRequest } from '../../../client/calling-rules';
import { assertCallAllowed } from '../calling-rules/refusal';
import { phoneNumberFieldE164 } from '../phone-number-field';

// A request never waits longer than this on Temporal; a call whose workflow cannot be started is undone.
const ENGINE_DEADLINE_MS = 5000;
const MAX_INITIAL_CONTEXT_BYTES = 64 * 1024;

export interface InitiatedCall {
  id: number;
  workflow_id: number;
  name: string;
  mode: string;
  call_type: 'outbound';
  created_at: string;
  initial_context: Record<string, unknown>;
  /** Dograh's short human message beside the run. */
  message: string;
}

/** The `message` Dograh's clients show after initiating a call. */
export const CALL_INITIATED_MESSAGE = 'Call initiated';

/**
 * `POST /telephony/initiate-call`: validates (422, then 400/409 for references), writes the call's attempt and run
 * in one transaction, then starts its workflow. The workflow places the call at most once, under the organization's
 * call lease, exactly as a campaign's calls are placed. When Temporal cannot be reached the rows are removed again and
 * the answer is 503 `engine_unavailable`: nothing is dialed.
 */
export async function initiateCall(
  ctx: AppContext,
  organizationId: number,
  body: Static<typeof InitiateCallBody>,
  log: FastifyBaseLogger,
): Promise<InitiatedCall> {
  const { db } = ctx;
  const calledNumber = phoneNumberFieldE164(body.phone_number, ctx.config.defaultPhoneRegion);
  const extraContext = body.initial_context ?? {};
  if (Buffer.byteLength(JSON.stringify(extraContext)) > MAX_INITIAL_CONTEXT_BYTES)
    throw invalidField(['body', 'initial_context'], 'initial_context must be at most 64 KiB as JSON.');

  const agent = await findCampaignAgent(db, organizationId, body.workflow_id);
  if (!agent) throw referenceNotFound('workflow');
  if (agent.status === 'archived')
    throw conflict('workflow_archived', 'The agent is archived; restore it before calling with it.');
  const requestedConfiguration = body.telephony_configuration_id ?? undefined;
  const configurationId = await findTelephonyConfigurationId(db, organizationId, requestedConfiguration);
  if (configurationId === undefined) {
    if (requestedConfiguration !== undefined) throw referenceNotFound('telephony_configuration');
    throw new HttpError(
      400,
      'telephony_configuration_not_found',
      'No telephony_configuration_id was given and the organization has no default outbound configuration.',
    );
  }
  // Refused before anything is created; the call's claim checks the list again (a number listed in between).
  if (await isListed(db, organizationId, calledNumber))
    throw conflict('do_not_call', "The number is on the organization's do-not-call list; it is never called.");
  assertCallAllowed(
    await judgeOneOffRequest(db, { organizationId, phoneNumber: calledNumber, nowMs: Date.now() }),
  );
  const configuration = await findConfigurationProvider(db, configurationId);
  const callerNumber = await callerNumberOf(db, organizationId, configurationId, body.from_phone_number_id);

  const initialContext = {
    ...extraContext,
    caller_number: callerNumber,
    called_number: calledNumber,
    telephony_configuration_id: configurationId,
  };
  const created = await createOneOffCall(db, {
    organizationId,
    agentId: agent.id,
    calledNumber,
    callerNumber,
    telephonyConfigurationId: configurationId,
    provider: configuration.provider,
    initialContext,
    runName: oneOffCallWorkflowId,
  });
  const { attemptId } = created;
  const logFields = {
    attempt_id: attemptId,
    run_id: created.id,
    telephony_configuration_id: configurationId,
  };

  try {
    await ctx.temporal.client.withDeadline(Date.now() + ENGINE_DEADLINE_MS, () =>
      startOneOffCallWorkflow(ctx.temporal, { attemptId, organizationId }),
    );
  } catch (error) {
    const undone = await removeUnclaimedOneOffCall(db, attemptId, created.id);
    log.error({ err: error, ...logFields, undone }, 'one-off call workflow could not be started');
    // Not undone: the workflow did start (only its answer was lost) and has claimed the call; it goes ahead.
    if (undone)
      throw serviceUnavailable(
        'engine_unavailable',
        'The calling engine cannot be reached; the call was not placed.',
      );
  }
  log.info({ ...logFields, agent_id: agent.id }, 'one-off call initiated');
  return {
    id: created.id,
    workflow_id: created.workflow_id,
    name: created.name,
    mode: created.mode,
    call_type: 'outbound',
    created_at: created.created_at.toISOString(),
    initial_context: initialContext,
    message: CALL_INITIATED_MESSAGE,
  };
}

/**
 * The caller id: the given number of the configuration (400 `phone_number_not_found` when it is not one of the
 * configuration's numbers, 422 when inactive), else the configuration's default caller, else its first active number
 * (the rule campaign calls follow), else none.
 */
async function callerNumberOf(
  db: Db,
  organizationId: number,
  configurationId: number,
  phoneNumberId: number | null | undefined,
): Promise<string | null> {
  if (phoneNumberId !== undefined && phoneNumberId !== null) {
    const number = await findPhoneNumber(db, organizationId, configurationId, phoneNumberId);
    if (!number) throw referenceNotFound('phone_number');
    if (!number.is_active)
      throw invalidField(['body', 'from_phone_number_id'], 'The phone number is not active.');
    return number.address_normalized;
  }
  const caller = await findCallerNumber(db, configurationId);
  return caller?.address_normalized ?? null;
}
