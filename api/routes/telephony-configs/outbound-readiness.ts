import type { ConfigurationNumbers } from '../../../db/repositories/phone-numbers';
import { providerDefinition, type ProviderName } from '../../../providers/catalogue';

/**
 * Dograh's readiness fields of a telephony configuration (Dograh: api/schemas/telephony_config.py
 * `TelephonyConfigurationListItem`, api/services/telephony/registry.py `caller_id_only_checklist`), from our data.
 */

/** Vendors that refuse a call without a caller number; Asterisk dials without one, the simulator needs none. */
export const CALLER_NUMBER_REQUIRED: readonly ProviderName[] = ['twilio', 'telnyx', 'vonage', 'plivo'];

export interface OutboundReadiness {
  phone_number_count: number;
  inactive: boolean;
  inactive_reason: string | null;
  is_ready_for_outbound: boolean;
  outbound_blocked_reason: string | null;
}

/**
 * A configuration is inactive when this server cannot carry its calls at all: a simulator configuration while the
 * simulator is off (SIMULATOR_ENABLED=false: nothing would answer its calls), or stored secrets this server cannot
 * decrypt (written under another APP_SECRET). It is ready for outbound calls when
 * active and, for a vendor that needs one, it has a caller number (an active number or a default caller id).
 */
export function outboundReadiness(
  provider: string,
  numbers: ConfigurationNumbers | undefined,
  server: { simulatorEnabled: boolean; credentialsReadable: boolean },
): OutboundReadiness {
  const phoneNumberCount = numbers?.activeCount ?? 0;
  const inactiveReason =
    provider === 'simulator' && !server.simulatorEnabled
      ? 'The simulator is turned off on this server (SIMULATOR_ENABLED=false).'
      : !server.credentialsReadable
        ? "The stored secrets cannot be decrypted with this server's APP_SECRET: enter them again."
        : null;
  const needsNumber =
    (CALLER_NUMBER_REQUIRED as readonly string[]).includes(provider) && !numbers?.hasCallerNumber;
  const blockedReason =
    inactiveReason ??
    (needsNumber
      ? `Outbound calls need a number to dial from. Add at least one active number of your ` +
        `${providerDefinition(provider)?.display_name ?? provider} account under phone numbers.`
      : null);
  return {
    phone_number_count: phoneNumberCount,
    inactive: inactiveReason !== null,
    inactive_reason: inactiveReason,
    is_ready_for_outbound: blockedReason === null,
    outbound_blocked_reason: blockedReason,
  };
}
