/**
 * The only way to reach a vendor: routes, activities and the engine ask here for a vendor's adapter by name, or for
 * the provider of a stored configuration, and never import a vendor folder.
 */
import type { VendorAdapter } from './adapter';
import { isProviderName } from './catalogue';
import type { InboundWebhookSync, TelephonyProvider } from './provider';
import type { ProviderEnvironment } from './vendor-http';
import { ariAdapter } from './ari';
import { plivoAdapter } from './plivo';
import { simulatorAdapter } from './simulator';
import { telnyxAdapter } from './telnyx';
import { twilioAdapter } from './twilio';
import { vonageAdapter } from './vonage';

const adapters: readonly VendorAdapter[] = [
  twilioAdapter,
  telnyxAdapter,
  vonageAdapter,
  plivoAdapter,
  ariAdapter,
  simulatorAdapter,
];

const byName = new Map<string, VendorAdapter>(adapters.map((adapter) => [adapter.name, adapter]));

/** The adapter of a provider name (from a URL or a stored row); undefined for a name that is none of ours. */
export function adapterFor(name: string): VendorAdapter | undefined {
  return byName.get(name);
}

/** The vendors that report calls on an event stream of their own, which this service keeps open. */
export function adaptersWithEventStreams(): Array<
  VendorAdapter & Required<Pick<VendorAdapter, 'eventStream'>>
> {
  return adapters.filter((adapter) => adapter.eventStream !== undefined) as Array<
    VendorAdapter & Required<Pick<VendorAdapter, 'eventStream'>>
  >;
}

/** What a provider is built from: the stored configuration (clear fields) and its decrypted secrets. */
export interface ConfigurationForProvider {
  id: number;
  provider: string;
  config: Record<string, unknown>;
}

/**
 * The provider behind a configuration; throws for a provider name outside the catalogue. `environment` says where
 * vendors reach this deployment (webhook URLs) and, for the simulator, where its calls API is; without them the
 * provider only syncs numbers (and a vendor's sync reports that it cannot tell the vendor).
 */
export function providerFor(
  configuration: ConfigurationForProvider,
  secrets: Record<string, string>,
  environment?: ProviderEnvironment,
): InboundWebhookSync | TelephonyProvider {
  const name = configuration.provider;
  const adapter = isProviderName(name) ? adapterFor(name) : undefined;
  if (!adapter) throw new Error(`unknown telephony provider '${name}'`);
  return adapter.connect({
    configurationId: configuration.id,
    config: configuration.config,
    secrets,
    environment,
  });
}

/** True when the provider can place calls (every adapter given its environment). */
export function canPlaceCalls(
  provider: InboundWebhookSync | TelephonyProvider,
): provider is TelephonyProvider {
  return typeof (provider as Partial<TelephonyProvider>).placeCall === 'function';
}
