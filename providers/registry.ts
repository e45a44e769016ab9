/** Builds the provider of a stored telephony configuration. */
import { isProviderName } from './catalogue';
import type {
  InboundWebhookSync,
  ProviderSyncResult,
  SyncInboundWebhookInput,
  TelephonyProvider,
} from './provider';
import { createAriProvider } from './ari/ari-provider';
import { createPlivoProvider } from './plivo/plivo-provider';
import { createTelnyxProvider } from './telnyx/telnyx-provider';
import { createVonageProvider } from './vonage/vonage-provider';
import { createTwilioProvider } from './twilio/twilio-provider';
import type { ProviderEnvironment } from './vendor-http';

/** What a provider is built from: the stored configuration (clear fields) and its decrypted secrets. */
export interface ConfigurationForProvider {
  id: number;
  provider: string;
  config: Record<string, unknown>;
}

/** The vendor adapters; each places calls, reads their status, hangs up and syncs inbound webhooks. */
const vendors: Record<
  string,
  (options: {
    configurationId: number;
    config: Record<string, unknown>;
    secrets: Record<string, string>;
    environment: ProviderEnvironment;
  }) => TelephonyProvider
> = {
  twilio: createTwilioProvider,
  ari: createAriProvider,
  telnyx: createTelnyxProvider,
  plivo: createPlivoProvider,
  vonage: createVonageProvider,
};

/**
 * The provider behind a configuration; throws for a provider name outside the catalogue. `environment` says where
 * vendors reach this deployment (webhook URLs); without it inbound webhook sync reports that it cannot tell them.
 */
export function providerFor(
  configuration: ConfigurationForProvider,
  secrets: Record<string, string>,
  environment?: ProviderEnvironment,
): InboundWebhookSync | TelephonyProvider {
  const name = configuration.provider;
  if (!isProviderName(name)) throw new Error(`unknown telephony provider '${name}'`);
  if (name === 'simulator') return simulatorInbound;
  const create = vendors[name];
  if (!create) return pendingAdapter(name);
  if (!environment) return unreachableAdapter(name);
  return create({ configurationId: configuration.id, config: configuration.config, secrets, environment });
}

/** True when the provider can place calls (every vendor adapter; the simulator is built by the engine itself). */
export function canPlaceCalls(
  provider: InboundWebhookSync | TelephonyProvider,
): provider is TelephonyProvider {
  return typeof (provider as Partial<TelephonyProvider>).placeCall === 'function';
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

/** A vendor whose adapter is not built yet: the binding is saved and the answer says the vendor was not updated. */
function pendingAdapter(name: string): InboundWebhookSync {
  return {
    name: name as InboundWebhookSync['name'],
    async syncInboundWebhook(): Promise<ProviderSyncResult> {
      return {
        ok: false,
        message: `inbound webhook sync for ${name} is not available yet; the binding is saved, configure the number's webhook at ${name} by hand`,
      };
    },
  };
}

/** Built without the deployment's public URL: there is no webhook address to give the vendor. */
function unreachableAdapter(name: string): InboundWebhookSync {
  return {
    name: name as InboundWebhookSync['name'],
    async syncInboundWebhook(): Promise<ProviderSyncResult> {
      return {
        ok: false,
        message: `${name}: this service's public URL is unknown here; the binding is saved`,
      };
    },
  };
}
