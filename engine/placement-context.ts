import { CredentialsUnreadableError } from '../config/credentials-cipher';
import { hostname } from 'node:os';
import { agentCallSettings } from './agent-call-settings';
import { loadCallerSelection, type CallerSelection } from './caller-selection';
import type { Db } from '../db/client';
import type { Campaign, TelephonyConfiguration } from '../db/database';
import { getAgentForCall } from '../db/repositories/agents';
import { findCampaign } from '../db/repositories/campaign-engine-reads';
import { findCallerNumber } from '../db/repositories/phone-numbers';
import {
  findDefaultOutboundConfiguration,
  findTelephonyConfigurationById,
} from '../db/repositories/telephony-configurations';
import type { TelephonyProvider } from '../providers/provider';
import type { ConfigurationForProvider } from '../providers/registry';
import { credentialsOfConfiguration } from '../providers/webhook-request';
import type { EngineSettings } from '../config/engine';
import { breakerSettingsOf, type BreakerSettings } from '../domain/breaker';
import type { RootSecrets } from '../config/keys';
import { callRateOf, type CallRate } from '../db/repositories/call-leases';

/** Builds the provider of a telephony configuration (the registry in production, a fake in unit tests). */
export type ProviderFactory = (
  configuration: ConfigurationForProvider,
  secrets: Record<string, string>,
) => TelephonyProvider;

/** Everything a placement needs that is the same for all attempts of a campaign, read once per activity. */
export interface PlacementContext {
  campaign: Campaign;
  agentId: number;
  definitionId: number | null;
  agentArchived: boolean;
  maxCallDurationSeconds: number;
  /** The agent leaves a voicemail_message on machines (PlaceCallInput.leavesVoicemail). */
  leavesVoicemail: boolean;
  telephonyConfigurationId: number;
  providerName: string;
  provider: TelephonyProvider;
  /** The configuration's caller; a call shows `callers`' choice for its number (local caller id) or this. */
  callerNumber: string | null;
  callers: CallerSelection;
  amdEnabled: boolean;
  breaker: BreakerSettings;
  callRate: CallRate | null;
}

/**
 * The provider of a stored configuration, its sensitive fields decrypted. Secrets this server cannot decrypt (written
 * under another APP_SECRET) are a setup error like a missing configuration: retrying cannot mend them.
 */
export function providerForConfiguration(
  configuration: Pick<
    TelephonyConfiguration,
    'id' | 'organization_id' | 'provider' | 'config' | 'encrypted_secrets'
  >,
  appSecret: RootSecrets,
  providerFactory: ProviderFactory,
): TelephonyProvider {
  let secrets: Record<string, string>;
  try {
    ({ secrets } = credentialsOfConfiguration(configuration, appSecret));
  } catch (error) {
    if (!(error instanceof CredentialsUnreadableError)) throw error;
    throw new PlacementSetupError(
      `the stored secrets of telephony configuration ${configuration.id} cannot be decrypted with this ` +
        `server's APP_SECRET (or APP_SECRET_PREVIOUS); enter them again`,
    );
  }
  return providerFactory(
    { id: configuration.id, provider: configuration.provider, config: configuration.config },
    secrets,
  );
}

export class PlacementSetupError extends Error {
  override readonly name = 'PlacementSetupError';
}

/** Reads the campaign, its agent and telephony configuration; throws PlacementSetupError when one is missing. */
export async function loadPlacementContext(
  db: Db,
  appSecret: RootSecrets,
  providerFactory: ProviderFactory,
  campaignId: number,
): Promise<PlacementContext> {
  const campaign = await findCampaign(db, campaignId);
  if (!campaign) throw new PlacementSetupError(`campaign ${campaignId} does not exist`);
  const agent = await getAgentForCall(db, campaign.organization_id, campaign.workflow_id);
  if (!agent)
    throw new PlacementSetupError(`agent ${campaign.workflow_id} of campaign ${campaignId} is gone`);
  const configuration = campaign.telephony_configuration_id
    ? await findTelephonyConfigurationById(db, campaign.telephony_configuration_id)
    : await findDefaultOutboundConfiguration(db, campaign.organization_id);
  if (!configuration) throw new PlacementSetupError(`campaign ${campaignId} has no telephony configuration`);
  const provider = providerForConfiguration(configuration, appSecret, providerFactory);
  const caller = await findCallerNumber(db, configuration.id);
  const callerNumber = caller?.address_normalized ?? null;
  return {
    campaign,
    agentId: agent.id,
    definitionId: agent.current_definition_id,
    agentArchived: agent.status === 'archived',
    ...agentCallSettings(agent.workflow_configurations),
    telephonyConfigurationId: configuration.id,
    providerName: configuration.provider,
    provider,
    callerNumber,
    callers: await loadCallerSelection(db, {
      configurationId: configuration.id,
      defaultCaller: callerNumber,
      localCallerId: campaign.local_caller_id,
    }),
    amdEnabled: configuration.config.amd_enabled === true,
    breaker: breakerSettingsOf(campaign.circuit_breaker),
    callRate: callRateOf(configuration.config.calls_per_second),
  };
}

/** Who holds the call leases this process takes, campaign and one-off calls alike (Temporal's worker identity shape). */
export const CALL_LEASE_HOLDER = `${process.pid}@${hostname()}`;

/** What one dial needs, whoever asked for it: a campaign (PlacementContext) or a one-off call (OneOffCallContext). */
export interface DialTarget {
  telephonyConfigurationId: number;
  providerName: string;
  provider: TelephonyProvider;
  breaker: BreakerSettings;
  ringTimeoutSeconds: number;
  maxCallDurationSeconds: number;
  amdEnabled: boolean;
  leavesVoicemail: boolean;
  /**
   * The configuration's `calls_per_second` as a campaign's batch read it with the configuration (a change applies from
   * the next batch); undefined: read at each lease (one-off calls, which may wait long for theirs).
   */
  callRate?: CallRate | null;
}

/** A campaign's placement context as the dial sees it. */
export function dialTargetOf(ctx: PlacementContext): DialTarget {
  return { ...ctx, ringTimeoutSeconds: ctx.campaign.ring_timeout_seconds };
}

type CallTimes = Pick<DialTarget, 'ringTimeoutSeconds' | 'maxCallDurationSeconds'>;

/** How long after the provider took a call its attempt is looked up if no outcome arrived: its longest life plus grace. */
export function placedDeadlineSeconds(call: CallTimes, engine: EngineSettings): number {
  return call.ringTimeoutSeconds + call.maxCallDurationSeconds + engine.deadlineGraceSeconds;
}

/**
 * How long a call lease lives without renewal: the call's longest life (ring timeout + the agent's maximum length)
 * plus grace, and one grace more than the attempt's deadline, so the lookup at the deadline still finds it live and
 * renews it for a call that runs on. A crashed worker's lease stops counting after this.
 */
export function callLeaseTtlSeconds(call: CallTimes, engine: EngineSettings): number {
  return placedDeadlineSeconds(call, engine) + engine.deadlineGraceSeconds;
}
