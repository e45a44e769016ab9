/**
 * The media server refuses a stream at the WebSocket handshake unless its token, run, provider and (Twilio) signature
 * all hold, and no other stream of the run is open; each refusal is an HTTP answer with the contract's error body and
 * a log line.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher, telephonySecretsContext } from '../../config/credentials-cipher';
import { startMediaServer, STREAM_LEASE, type MediaServer } from '../../media/server';
import { PROVIDER_NAMES } from '../../providers/catalogue';
import { adapterFor } from '../../providers/registry';
import { mediaStreamToken, mediaStreamUrl } from '../../providers/webhook-urls';
import { capturedLogger } from '../helpers/captured-logs';
import { createTestOrganization } from '../helpers/organizations';
import { openMediaWorld, placedCall, type MediaWorld } from './fixtures';
import { handshake as openStream, simulatorCallee, until } from './stream-clients';

const PUBLIC_URL = 'wss://media.example.test';
const TWILIO_AUTH_TOKEN = 'twilio-auth-token-of-the-test-org';

let world: MediaWorld;
let server: MediaServer;
const { logger, lines } = capturedLogger();

beforeAll(async () => {
  world = openMediaWorld({ MEDIA_PORT: '0', MEDIA_HOST: '127.0.0.1', MEDIA_PUBLIC_URL: PUBLIC_URL });
  server = await startMediaServer({ ...world, logger });
});
afterAll(async () => {
  await server.close({ graceMs: 0 });
  await world.close();
});

/** The path of a stream URL, sent to the server's real address (a load balancer in front would do the same). */
const pathOf = (streamUrl: string) => new URL(streamUrl).pathname;

/** Opens a stream; resolves with the HTTP status of a refusal and its body, or 101 when the upgrade was accepted. */
const handshake = async (path: string, headers: Record<string, string> = {}) => {
  const { status, body } = await openStream(server.url, path, { headers });
  return { status, body };
};

/** Twilio's signature of a GET with no parameters, as Twilio documents it: base64 HMAC-SHA1 of the URL. */
const twilioSignature = (authToken: string, url: string) =>
  createHmac('sha1', authToken).update(url).digest('base64');

async function twilioCall(organizationId?: number) {
  const call = await placedCall(world.db, { organizationId });
  const configuration = await world.db
    .insertInto('telephony_configurations')
    .values({
      organization_id: call.organizationId,
      name: `twilio-${Math.random().toString(36).slice(2, 8)}`,
      provider: 'twilio',
      config: { provider: 'twilio', account_sid: 'AC0123456789abcdef0123456789abcdef' },
      encrypted_secrets: createCredentialsCipher(world.config.appSecret).encrypt(
        { auth_token: TWILIO_AUTH_TOKEN },
        telephonySecretsContext(call.organizationId),
      ),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await world.db.updateTable('runs').set({ mode: 'twilio' }).where('id', '=', call.runId).execute();
  await world.db
    .updateTable('attempts')
    .set({ provider: 'twilio', telephony_configuration_id: configuration.id })
    .where('id', '=', call.attemptId)
    .execute();
  return { ...call, streamUrl: mediaStreamUrl(world.config, 'twilio', call.runId) };
}

const refusalsLogged = () => lines.filter((line) => line.msg === 'media stream refused');

describe('media stream handshakes', () => {
  it('refuses a forged token with 401', async () => {
    const call = await placedCall(world.db);
    const token = mediaStreamToken(world.config, 'simulator', call.runId);
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const answer = await handshake(`/media/simulator/${forged}`);
    expect(answer).toEqual({ status: 401, body: { detail: 'invalid_token', message: expect.any(String) } });
    expect(refusalsLogged().at(-1)).toMatchObject({ provider: 'simulator', reason: 'bad_or_expired_token' });
  });

  it('refuses an expired token with 401', async () => {
    const call = await placedCall(world.db);
    const minted = new Date(Date.now() - (world.config.media.tokenTtlSeconds + 5) * 1000);
    const answer = await handshake(
      `/media/simulator/${mediaStreamToken(world.config, 'simulator', call.runId, minted)}`,
    );
    expect(answer.status).toBe(401);
  });

  it("refuses another provider's token with 401", async () => {
    const call = await placedCall(world.db);
    const answer = await handshake(
      `/media/simulator/${mediaStreamToken(world.config, 'twilio', call.runId)}`,
    );
    expect(answer.status).toBe(401);
  });

  it('refuses an unknown provider or path with 404 (every catalogue provider has media)', async () => {
    const call = await placedCall(world.db);
    expect(
      await handshake(`/media/nosuchvendor/${mediaStreamToken(world.config, 'nosuchvendor', call.runId)}`),
    ).toEqual({
      status: 404,
      body: { detail: 'provider_not_found', message: expect.any(String) },
    });
    // Since issue 16 every vendor carries media here: a provider's name alone never reaches this refusal.
    expect(PROVIDER_NAMES.filter((name) => !adapterFor(name)?.media)).toEqual([]);
    expect((await handshake('/somewhere/else')).status).toBe(404);
  });

  it('refuses a valid token of a completed run with 403', async () => {
    const call = await placedCall(world.db);
    await world.db.updateTable('runs').set({ is_completed: true }).where('id', '=', call.runId).execute();
    const answer = await handshake(pathOf(mediaStreamUrl(world.config, 'simulator', call.runId)));
    expect(answer).toEqual({ status: 403, body: { detail: 'stream_refused', message: expect.any(String) } });
    expect(refusalsLogged().at(-1)).toMatchObject({ run_id: call.runId, reason: 'run_completed' });
  });

  it('refuses a run placed through another provider with 403', async () => {
    const call = await twilioCall();
    const answer = await handshake(pathOf(mediaStreamUrl(world.config, 'simulator', call.runId)));
    expect(answer.status).toBe(403);
    expect(refusalsLogged().at(-1)).toMatchObject({ run_id: call.runId, reason: 'provider_mismatch' });
  });

  it("refuses a run whose call went through another organization's configuration with 403", async () => {
    const call = await placedCall(world.db);
    const other = await createTestOrganization(world.db);
    await world.db
      .updateTable('telephony_configurations')
      .set({ organization_id: other.organizationId })
      .where('id', '=', call.configurationId)
      .execute();
    const answer = await handshake(pathOf(mediaStreamUrl(world.config, 'simulator', call.runId)));
    expect(answer.status).toBe(403);
    expect(refusalsLogged().at(-1)).toMatchObject({ run_id: call.runId, reason: 'configuration_mismatch' });
  });

  it("takes a Twilio stream signed with its configuration's auth token, over the public URL", async () => {
    const call = await twilioCall();
    const signature = twilioSignature(TWILIO_AUTH_TOKEN, call.streamUrl);
    expect(call.streamUrl.startsWith(`${PUBLIC_URL}/media/twilio/`)).toBe(true);
    const answer = await handshake(pathOf(call.streamUrl), { 'x-twilio-signature': signature });
    expect(answer.status).toBe(101);
  });

  it("refuses a Twilio stream unsigned, signed over another URL, or signed with another organization's token", async () => {
    const call = await twilioCall();
    const path = pathOf(call.streamUrl);
    expect((await handshake(path)).status).toBe(403);
    const otherUrl = `ws://127.0.0.1:1${path}`;
    expect(
      (await handshake(path, { 'x-twilio-signature': twilioSignature(TWILIO_AUTH_TOKEN, otherUrl) })).status,
    ).toBe(403);
    const otherOrgToken = 'auth-token-of-another-organization';
    expect(
      (await handshake(path, { 'x-twilio-signature': twilioSignature(otherOrgToken, call.streamUrl) }))
        .status,
    ).toBe(403);
    expect(refusalsLogged().at(-1)).toMatchObject({ run_id: call.runId, reason: 'bad_signature' });
  });
});

describe('one stream per call', () => {
  const inUse = { status: 409, body: { detail: 'stream_in_use', message: expect.any(String) } };
  const leaseOf = (runId: number) =>
    world.db.selectFrom('media_stream_leases').selectAll().where('run_id', '=', runId).executeTakeFirst();

  it('refuses a second stream of a live call (unsigned transport), and any stream once its call has ended', async () => {
    const call = await placedCall(world.db);
    const path = pathOf(mediaStreamUrl(world.config, 'simulator', call.runId));
    const live = simulatorCallee(server.url, path);
    await until(() => live.received.agentFrames > 0);

    expect(await handshake(path)).toEqual(inUse);
    expect(await handshake(path)).toEqual(inUse);
    expect(refusalsLogged().at(-1)).toMatchObject({ run_id: call.runId, reason: 'stream_in_use' });
    // The call went on alone: one stream, one conversation.
    expect(live.socket.readyState).toBe(live.socket.OPEN);

    // The agent (no LLM) greets and ends the call; its conversation is stored and the token has served its call.
    await live.closed;
    await until(() => lines.some((line) => line.run_id === call.runId && line.msg === 'media stream ended'));
    await expect.poll(() => leaseOf(call.runId)).toBeUndefined();
    expect(await handshake(path)).toEqual({
      status: 403,
      body: { detail: 'stream_refused', message: expect.any(String) },
    });
    expect(refusalsLogged().at(-1)).toMatchObject({ run_id: call.runId, reason: 'call_ended' });
  });

  it('refuses a second validly signed Twilio stream while the first is open, and takes one again once it closed', async () => {
    const call = await twilioCall();
    const headers = { 'x-twilio-signature': twilioSignature(TWILIO_AUTH_TOKEN, call.streamUrl) };
    const path = pathOf(call.streamUrl);
    const first = await openStream(server.url, path, { headers, keepOpen: true });
    expect(first.status).toBe(101);

    expect(await handshake(path, headers)).toEqual(inUse);
    expect(await handshake(path, headers)).toEqual(inUse);

    // Closed before its start message: no call began, nothing ended, so the run may have its stream.
    first.socket!.close();
    await expect.poll(() => leaseOf(call.runId)).toBeUndefined();
    expect((await handshake(path, headers)).status).toBe(101);
  });

  it("refuses a stream while another media process holds the call's, and takes over one its dead process left", async () => {
    const call = await placedCall(world.db);
    const path = pathOf(mediaStreamUrl(world.config, 'simulator', call.runId));
    const otherProcess = { run_id: call.runId, holder: randomUUID(), stream: randomUUID() };
    await world.db.insertInto('media_stream_leases').values(otherProcess).execute();
    expect(await handshake(path)).toEqual(inUse);

    // That process stopped renewing (it died with the stream open): past the stale time a reconnect is taken.
    await world.db
      .updateTable('media_stream_leases')
      .set({ renewed_at: new Date(Date.now() - (STREAM_LEASE.staleSeconds + 1) * 1000) })
      .where('run_id', '=', call.runId)
      .execute();
    const reconnect = await openStream(server.url, path, { keepOpen: true });
    expect(reconnect.status).toBe(101);
    expect(await leaseOf(call.runId)).not.toMatchObject({ holder: otherProcess.holder });
    expect(await handshake(path)).toEqual(inUse);
    reconnect.socket!.close();
  });
});
