/** Builds the provider of a stored telephony configuration. */
import { isProviderName, type ProviderName } from './catalogue';
import type { InboundWebhookSync, ProviderSyncResult, SyncInboundWebhookInput } from './provider';

/** What a provider is built from: the stored configuration (clear fields) and its decrypted secrets. */
export interface ConfigurationForProvider {
  id: number;
  provider: string;
  config: Record<string, unknown>;
}

/** The provider behind a configuration; throws for a provider name outside the catalogue. */
export function providerFor(
  configuration: ConfigurationForProvider,
  _secrets: Record<string, string>,
): InboundWebhookSync {
  const name = configuration.provider;
  if (!isProviderName(name)) throw new Error(`unknown telephony provider '${name}'`);
  return name === 'simulator' ? simulatorInbound : pendingAdapter(name);
}

/** The simulator routes inbound calls by our own table: there is nothing to tell a vendor. */
const simulatorInbound: InboundWebhookSync = {
  name: 'simulator',
  async syncInboundWebhook({ phoneNumber, agentId }: SyncInboundWebhookInput): Promise<ProviderSyncResult> {
    return {
      ok: true,
      message:
        agentId === null
          ? `simulator: inbound calls to ${phoneNumber.addressNormalized} are no longer routed to an agent`
          : `simulator: inbound calls to ${phoneNumber.addressNormalized} go to agent ${agentId}`,
    };
  },
};

/**
 * Real vendors' adapters (webhook sync, placement, status, hangup) arrive with the providers issue; until
 * then the binding is saved and the answer says plainly that the vendor was not updated.
 */
function pendingAdapter(name: Exclude<ProviderName, 'simulator'>): InboundWebhookSync {
  return {
    name,
    async syncInboundWebhook(): Promise<ProviderSyncResult> {
      return {
        ok: false,
        message: `inbound webhook sync for ${name} is not available yet; the binding is saved, configure the number's webhook at ${name} by hand`,
      };
    },
  };
}
