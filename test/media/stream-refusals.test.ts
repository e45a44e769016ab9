/**
 * The media server refuses a stream at the WebSocket handshake unless its token, run, provider and (Twilio) signature
 * all hold; each refusal is an HTTP answer with the contract's error body and a log line.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCredentialsCipher, telephonySecretsContext } from '../../config/credentials-cipher';
import { startMediaServer, type MediaServer } from '../../media/server';
import { PROVIDER_NAMES } from '../../providers/catalogue';
import { adapterFor } from '../../providers/registry';
import { mediaStreamToken, mediaStreamUrl } from '../../providers/webhook-urls';
import { capturedLogger } from '../helpers/captured-logs';
import { createTestOrganization } from '../helpers/organizations';
import { openMediaWorld, placedCall, type MediaWorld } from './fixtures';

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
function handshake(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const socket = new WebSocket(`${server.url}${path}`, { headers });
    socket.on('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    socket.on('open', () => {
      socket.close();
      resolve({ status: 101, body: null });
    });
    socket.on('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

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
