/** A listening app, an organization with an agent, and helpers to place one attempt through a vendor adapter. */
import { createCredentialsCipher, telephonySecretsContext } from '../../config/credentials-cipher';
import { freePort } from '../../devstack/processes';
import { dialTimeStreamUrl, statusCallbackUrl } from '../../providers/webhook-urls';
import { destinationPolicy } from '../../net/outbound-destinations';
import type { TelephonyProvider } from '../../providers/provider';
import { canPlaceCalls, providerFor } from '../../providers/registry';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertContact } from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

export interface ProviderWorld {
  t: TestApp;
  baseUrl: string;
  organization: TestOrganization;
  organizationId: number;
  agentId: number;
  close(): Promise<void>;
}

export async function startProviderWorld(env: Record<string, string> = {}): Promise<ProviderWorld> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_BASE_URL: baseUrl, ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  const organization = await createTestOrganization(t.ctx.db);
  const { agentId } = await insertAgent(t.ctx.db, organization.organizationId);
  return {
    t,
    baseUrl,
    organization,
    organizationId: organization.organizationId,
    agentId,
    close: () => t.close(),
  };
}

/** A configuration row with its secrets encrypted the way the configurations API stores them. */
export async function insertConfiguration(
  world: ProviderWorld,
  provider: string,
  clear: Record<string, unknown>,
  secrets: Record<string, string>,
): Promise<number> {
  const sealed = createCredentialsCipher(world.t.ctx.config.appSecret).encrypt(
    secrets,
    telephonySecretsContext(world.organizationId),
  );
  const row = await world.t.ctx.db
    .insertInto('telephony_configurations')
    .values({
      organization_id: world.organizationId,
      name: `${provider}-${Math.random().toString(36).slice(2, 8)}`,
      provider,
      config: { provider, ...clear },
      encrypted_secrets: sealed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The adapter the engine would build for a configuration. */
export function adapterOf(
  world: ProviderWorld,
  configurationId: number,
  provider: string,
  clear: Record<string, unknown>,
  secrets: Record<string, string>,
): TelephonyProvider {
  const adapter = providerFor({ id: configurationId, provider, config: clear }, secrets, {
    publicBaseUrl: world.baseUrl,
    destinations: destinationPolicy(world.t.ctx.config.security.allowedPrivateDestinations),
  });
  if (!canPlaceCalls(adapter)) throw new Error(`${provider} cannot place calls`);
  return adapter;
}

/** A campaign contact with one attempt placed through `adapter`, stored as the engine stores a placement. */
export async function placeAttempt(
  world: ProviderWorld,
  input: {
    adapter: TelephonyProvider;
    configurationId: number;
    phoneNumber: string;
    amdEnabled?: boolean;
    /** The agent leaves a message on a machine (PlaceCallInput.leavesVoicemail). */
    leavesVoicemail?: boolean;
    /** Dial with the run's media stream URL (PlaceCallInput.mediaStreamUrl), as the engine does for Telnyx. */
    streamMedia?: boolean;
    retry?: Record<string, unknown>;
    /** Runs once the campaign exists, before the dial (e.g. wait for an events stream to open). */
    beforePlace?: () => Promise<void>;
  },
) {
  const db = world.t.ctx.db;
  const provider = input.adapter.name;
  const campaignId = await insertCampaign(db, {
    organizationId: world.organizationId,
    agentId: world.agentId,
    configurationId: input.configurationId,
    retry: input.retry,
  });
  const contactId = await insertContact(db, {
    campaignId,
    organizationId: world.organizationId,
    phoneNumber: input.phoneNumber,
    rowNumber: 1,
  });
  const run = await db
    .insertInto('runs')
    .values({
      organization_id: world.organizationId,
      workflow_id: world.agentId,
      campaign_id: campaignId,
      name: 'provider test',
      mode: provider,
      call_type: 'outbound',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const attempt = await db
    .insertInto('attempts')
    .values({
      organization_id: world.organizationId,
      campaign_id: campaignId,
      contact_id: contactId,
      attempt_number: 1,
      state: 'placing',
      phone_number: input.phoneNumber,
      telephony_configuration_id: input.configurationId,
      provider,
      run_id: run.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await input.beforePlace?.();
  const callbackUrl = statusCallbackUrl(world.t.ctx.config, provider, attempt.id);
  const placed = await input.adapter.placeCall({
    attemptId: String(attempt.id),
    from: '+15005550006',
    to: input.phoneNumber,
    statusCallbackUrl: callbackUrl,
    ringTimeoutSeconds: 30,
    maxCallDurationSeconds: 600,
    amdEnabled: input.amdEnabled ?? false,
    ...(input.leavesVoicemail ? { leavesVoicemail: true } : {}),
    ...(input.streamMedia
      ? { mediaStreamUrl: dialTimeStreamUrl(world.t.ctx.config, provider, run.id, 30) }
      : {}),
  });
  await db
    .updateTable('attempts')
    .set({ state: 'placed', provider_call_id: placed.providerCallId })
    .where('id', '=', attempt.id)
    .where('state', '=', 'placing')
    .execute();
  return {
    attemptId: attempt.id,
    campaignId,
    contactId,
    runId: run.id,
    callbackUrl,
    providerCallId: placed.providerCallId,
  };
}

/** The attempt row once it finished (polls; throws after `timeoutMs`). */
export async function finishedAttempt(world: ProviderWorld, attemptId: number, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const attempt = await world.t.ctx.db
      .selectFrom('attempts')
      .selectAll()
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    if (attempt.state === 'finished') return attempt;
    if (Date.now() > deadline) throw new Error(`attempt ${attemptId} did not finish within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function attemptRow(world: ProviderWorld, attemptId: number) {
  return world.t.ctx.db
    .selectFrom('attempts')
    .selectAll()
    .where('id', '=', attemptId)
    .executeTakeFirstOrThrow();
}

export async function campaignRow(world: ProviderWorld, campaignId: number) {
  return world.t.ctx.db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
}
