import { DEFAULT_BREAKER_SETTINGS, type BreakerSettings } from '../domain/breaker';
import { DEFAULT_RING_TIMEOUT_SECONDS } from '../domain/campaign-settings';
import { agentCallSettings } from './agent-call-settings';
import type { Db } from '../db/client';
import type { Attempt } from '../db/database';
import { getAgentForCall } from '../db/repositories/agents';
import { findAttempts } from '../db/repositories/attempts';
import { findRunAgentId } from '../db/repositories/one-off-calls';
import { findTelephonyConfiguration } from '../db/repositories/telephony-configurations';
import type { TelephonyProvider } from '../providers/provider';
import { PlacementSetupError, providerForConfiguration, type ProviderFactory } from './placement-context';
import type { RootSecrets } from '../config/keys';

/**
 * What placing and settling a one-off call (an attempt without a campaign) needs, read from its attempt row: the
 * request stored the number, the caller id and the configuration there, and the agent on the run it answered with.
 */
export interface OneOffCallContext {
  attempt: Attempt;
  agentId: number;
  maxCallDurationSeconds: number;
  /** The agent leaves a voicemail_message on machines (PlaceCallInput.leavesVoicemail). */
  leavesVoicemail: boolean;
  ringTimeoutSeconds: number;
  telephonyConfigurationId: number;
  providerName: string;
  provider: TelephonyProvider;
  amdEnabled: boolean;
  /** The provider guard's settings: a one-off call has no campaign breaker, so the defaults. */
  breaker: BreakerSettings;
  /** The shape `reconcileOne` reads (shared with campaigns): a one-off call has no campaign id. */
  campaign: { id: null; ring_timeout_seconds: number };
}

/** Reads the one-off attempt, its agent and configuration; throws PlacementSetupError when one is missing. */
export async function loadOneOffCallContext(
  db: Db,
  appSecret: RootSecrets,
  providerFactory: ProviderFactory,
  attemptId: number,
): Promise<OneOffCallContext> {
  const [attempt] = await findAttempts(db, [attemptId]);
  if (!attempt) throw new PlacementSetupError(`attempt ${attemptId} does not exist`);
  if (attempt.campaign_id !== null)
    throw new PlacementSetupError(`attempt ${attemptId} belongs to campaign ${attempt.campaign_id}`);
  const run = attempt.run_id === null ? undefined : await findRunAgentId(db, attempt.run_id);
  if (!run) throw new PlacementSetupError(`one-off attempt ${attemptId} has no run`);
  const agent = await getAgentForCall(db, attempt.organization_id, run.workflow_id);
  if (!agent) throw new PlacementSetupError(`agent ${run.workflow_id} of attempt ${attemptId} is gone`);
  const configuration =
    attempt.telephony_configuration_id === null
      ? undefined
      : await findTelephonyConfiguration(db, attempt.organization_id, attempt.telephony_configuration_id);
  if (!configuration)
    throw new PlacementSetupError(`one-off attempt ${attemptId} has no telephony configuration`);
  const provider = providerForConfiguration(configuration, appSecret, providerFactory);
  return {
    attempt,
    agentId: agent.id,
    ...agentCallSettings(agent.workflow_configurations),
    ringTimeoutSeconds: DEFAULT_RING_TIMEOUT_SECONDS,
    telephonyConfigurationId: configuration.id,
    providerName: configuration.provider,
    provider,
    amdEnabled: configuration.config.amd_enabled === true,
    breaker: { ...DEFAULT_BREAKER_SETTINGS },
    campaign: { id: null, ring_timeout_seconds: DEFAULT_RING_TIMEOUT_SECONDS },
  };
}
