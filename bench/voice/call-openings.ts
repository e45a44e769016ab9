/**
 * How the voice benchmark opens each call's media stream, per transport.
 * - twilio: as part 1 measured it, through the service's inbound webhook: the Twilio fake posts a call to the bound
 *   number, the API creates the run and answers with TwiML `<Connect><Stream>`, and the caller opens the stream that
 *   TwiML names, signed with `X-Twilio-Signature` as Twilio signs it.
 * - every other transport: the run is created directly, as the inbound desk creates an inbound run
 *   (api/telephony/inbound-calls.ts), and the caller opens the stream at the URL the vendor would be given for it
 *   (`mediaStreamUrl`, providers/webhook-urls.ts; Asterisk: the token as `?token=`, wires.ts), signed with the
 *   wire's `signHandshake` where the vendor signs its handshake (Vonage). This measures the transport and the voice
 *   pipeline, not the vendor's answer webhook or call-control exchange.
 */
import { randomUUID } from 'node:crypto';
import { createCredentialsCipher, telephonySecretsContext } from '../../config/credentials-cipher';
import { createRun } from '../../db/repositories/runs';
import type { VendorAdapter } from '../../providers/adapter';
import { adapterFor } from '../../providers/registry';
import { credentialsOfConfiguration } from '../../providers/webhook-request';
import { streamOfTwiml } from '../../test/providers/fakes/twilio-media-fake';
import { startTwilioFake } from '../../test/providers/fakes/twilio-fake';
import { CONFIGS } from '../../test/telephony/helpers';
import type { VendorWire } from '../../test/voice/transport-contract/far-end';
import type { BenchStack } from '../engine/stack';
import type { CallOpening } from './caller';
import type { BenchTransport } from './wires';

export interface OpenedCall {
  runId: number;
  opening: CallOpening;
}

export interface CallOpener {
  /** The path a call takes before its stream opens, for the results' setup lines. */
  readonly path: string;
  /** Creates the run of the level's `index`-th call; resolves with where and how its stream opens. */
  open(index: number): Promise<OpenedCall>;
  close(): Promise<void>;
}

const BOUND = '+15005559001';
const hex = () => randomUUID().replaceAll('-', '');

/** Twilio: the inbound webhook answers with TwiML naming the stream (part 1's path). */
export async function twilioOpener(stack: BenchStack, wire: VendorWire): Promise<CallOpener> {
  const twilio = await startTwilioFake({ numbers: [BOUND] });
  const { app, org, agentId } = stack;
  const configuration = await app.inject({
    method: 'POST',
    url: CONFIGS,
    headers: org.headers,
    payload: {
      name: 'twilio-bench',
      config: {
        provider: 'twilio',
        account_sid: twilio.accountSid,
        auth_token: twilio.authToken,
        api_base_url: twilio.url,
      },
    },
  });
  if (configuration.statusCode !== 201) throw new Error(`telephony configuration: ${configuration.body}`);
  const number = await app.inject({
    method: 'POST',
    url: `${CONFIGS}/${(configuration.json() as { id: number }).id}/phone-numbers`,
    headers: org.headers,
    payload: { address: BOUND, inbound_workflow_id: agentId },
  });
  if (number.statusCode !== 201) throw new Error(`number: ${number.body}`);
  return {
    path: 'Twilio inbound webhook → TwiML <Connect><Stream> → signed stream',
    async open(index) {
      const answer = await twilio.callInbound(BOUND, `+1415555${String(1000 + index).padStart(4, '0')}`);
      if (answer.status !== 200) throw new Error(`inbound webhook answered ${answer.status}: ${answer.text}`);
      const { url, parameters } = streamOfTwiml(answer.text);
      const runId = Number(parameters.run_id);
      if (!Number.isSafeInteger(runId)) throw new Error(`TwiML without a run id: ${answer.text}`);
      return {
        runId,
        opening: {
          url,
          headers: wire.signHandshake!(url, twilio.authToken),
          start: { streamId: `MZ${hex()}`, providerCallId: `CA${hex()}`, parameters },
        },
      };
    },
    close: () => twilio.close(),
  };
}

/**
 * The configuration fields of vendors that sign their media handshake, from which their adapter's `keyOf` takes the
 * key the handshake is signed with. A vendor that signs and has no entry here is refused at setup.
 */
const SIGNING_CREDENTIALS: Record<
  string,
  { config: Record<string, unknown>; secrets: Record<string, string> }
> = {
  // Vonage signs the handshake with the configuration's signature secret (a JWT, as its signed webhooks).
  vonage: { config: {}, secrets: { signature_secret: 'bench-vonage-signature-secret-0123456789' } },
};

/**
 * For a vendor that signs its media handshake: the bench's configuration of it (the run's
 * `telephony_configuration_id`) and the key its handshake is signed with. Other vendors' runs name no configuration,
 * as the token is then the stream's whole check (media/stream-auth.ts), and a configuration of a vendor with an
 * event stream (Asterisk) would have the API try to reach that vendor.
 */
async function signingConfiguration(
  stack: BenchStack,
  provider: string,
  adapter: VendorAdapter,
): Promise<{ id: number; key: string } | null> {
  if (adapter.media?.verifyHandshake === undefined) return null;
  const { ctx, org } = stack;
  const webhook = adapter.statusWebhook;
  const credentials = SIGNING_CREDENTIALS[provider];
  if (!credentials || webhook?.signed !== true)
    throw new Error(`${provider} signs its media handshake: name its key's fields in SIGNING_CREDENTIALS`);
  const row = await ctx.db
    .insertInto('telephony_configurations')
    .values({
      organization_id: org.organizationId,
      name: `${provider}-bench`,
      provider,
      config: { provider, ...credentials.config },
      encrypted_secrets: createCredentialsCipher(ctx.config.appSecret).encrypt(
        credentials.secrets,
        telephonySecretsContext(org.organizationId),
      ),
    })
    .returning(['id', 'organization_id', 'provider', 'config', 'encrypted_secrets'])
    .executeTakeFirstOrThrow();
  return { id: row.id, key: webhook.keyOf(credentialsOfConfiguration(row, ctx.config.appSecret)) };
}

/** Any other transport: the run created directly, its stream opened at the minted media URL. */
export async function directOpener(
  stack: BenchStack,
  wire: VendorWire,
  streamUrlOf: BenchTransport['streamUrl'],
): Promise<CallOpener> {
  const { ctx, org, agentId } = stack;
  const provider = wire.vendor;
  const adapter = adapterFor(provider);
  if (!adapter?.media) throw new Error(`provider '${provider}' carries no media`);
  const configuration = await signingConfiguration(stack, provider, adapter);
  const { signHandshake } = wire;
  if (configuration && !signHandshake)
    throw new Error(`${provider} checks a handshake signature its wire never makes`);
  const headersOf = (url: string) =>
    configuration && signHandshake ? signHandshake(url, configuration.key) : {};
  const agent = await ctx.db
    .selectFrom('agents')
    .select('current_definition_id')
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
  return {
    path: `run created directly → stream at the minted media URL${configuration ? ', signed' : ''} (no vendor webhook)`,
    async open(index) {
      const providerCallId = randomUUID();
      const runId = await createRun(ctx.db, {
        organization_id: org.organizationId,
        workflow_id: agentId,
        definition_id: agent.current_definition_id,
        name: `inbound-${provider}-${providerCallId}`,
        mode: provider,
        call_type: 'inbound',
        initial_context: {
          caller_number: `+1415555${String(1000 + index).padStart(4, '0')}`,
          called_number: BOUND,
          ...(configuration ? { telephony_configuration_id: configuration.id } : {}),
          provider_call_id: providerCallId,
        },
      });
      const url = streamUrlOf(ctx.config, provider, runId);
      return {
        runId,
        opening: {
          url,
          headers: headersOf(url),
          start: { streamId: randomUUID(), providerCallId, parameters: { run_id: String(runId) } },
        },
      };
    },
    close: async () => {},
  };
}
