import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../devstack/processes';
import { insertAgent } from '../helpers/fixtures';
import { CONFIGS } from '../telephony/helpers';
import { startTelnyxFake, type TelnyxFake } from './fakes/telnyx-fake';
import { insertConfiguration, startProviderWorld, type ProviderWorld } from './provider-world';

const BOUND = '+15005554201';
const UNBOUND = '+15005554202';
const ARCHIVED = '+15005554203';

describe('inbound Telnyx calls are answered over Call Control, or refused politely', () => {
  let world: ProviderWorld;
  let fake: TelnyxFake;
  let configurationId: number;

  beforeAll(async () => {
    // Nothing listens at the media URL: a stream Telnyx tries to open fails.
    const closedPort = await freePort();
    world = await startProviderWorld({ MEDIA_PUBLIC_URL: `ws://127.0.0.1:${closedPort}` });
    fake = await startTelnyxFake({ numbers: [BOUND, UNBOUND, ARCHIVED] });
    configurationId = await insertConfiguration(
      world,
      'telnyx',
      { connection_id: 'app-inbound', public_key: fake.publicKey, api_base_url: fake.url },
      { api_key: fake.apiKey },
    );
    const archived = await insertAgent(world.t.ctx.db, world.organizationId, { name: 'Retired agent' });
    await addNumber(BOUND, world.agentId);
    await addNumber(ARCHIVED, archived.agentId);
    await addNumber(UNBOUND, null);
    // An unbound number still on the application (left there, or attached by hand) reaches us and is refused.
    fake.numbers.get(UNBOUND)!.connection_id = 'app-inbound';
    await world.t.ctx.db
      .updateTable('agents')
      .set({ status: 'archived' })
      .where('id', '=', archived.agentId)
      .execute();
  });
  afterAll(async () => {
    await fake?.close();
    await world?.close();
  });

  async function addNumber(address: string, agentId: number | null) {
    const response = await world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${configurationId}/phone-numbers`,
      headers: world.organization.headers,
      payload: { address, ...(agentId ? { inbound_workflow_id: agentId } : {}) },
    });
    expect(response.statusCode).toBe(201);
    if (agentId) expect(response.json().provider_sync).toMatchObject({ ok: true });
  }

  const inboundRuns = () =>
    world.t.ctx.db
      .selectFrom('runs')
      .selectAll()
      .where('organization_id', '=', world.organizationId)
      .where('call_type', '=', 'inbound')
      .where('mode', '=', 'telnyx')
      .execute();

  /** The call's commands once it was hung up and every webhook was delivered. */
  async function finishedCall(callControlId: string) {
    const deadline = Date.now() + 5000;
    const call = fake.calls.get(callControlId)!;
    while (call.alive && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await fake.settled();
    return call;
  }

  const decoded = (value: unknown) => Buffer.from(String(value), 'base64').toString();

  it('answers a call to a number bound to an active agent with its media stream, creates one inbound run, and hangs up once the stream is over', async () => {
    const { callControlId, statuses } = await fake.callInbound(BOUND, '+14155550130', { times: 2 });
    expect(statuses).toEqual([200, 200]);
    const call = await finishedCall(callControlId);

    const runs = await inboundRuns();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ workflow_id: world.agentId, call_type: 'inbound', mode: 'telnyx' });
    expect(runs[0]!.initial_context).toMatchObject({
      caller_number: '+14155550130',
      called_number: BOUND,
      provider_call_id: callControlId,
      telephony_configuration_id: configurationId,
    });

    // The resent call.initiated repeats the answer with the same command_id, which Telnyx ignores.
    const answers = call.commands.filter((c) => c.action === 'answer');
    expect(answers).toHaveLength(2);
    expect(new Set(answers.map((c) => c.body.command_id)).size).toBe(1);
    expect(decoded(answers[0]!.body.client_state)).toBe(`vac-inbound:accept:${runs[0]!.id}`);
    // The run's media stream, in bidirectional RTP mode with PCMU both ways (Telnyx's documented answer fields).
    expect(answers[0]!.body).toMatchObject({
      stream_track: 'inbound_track',
      stream_codec: 'PCMU',
      stream_bidirectional_mode: 'rtp',
      stream_bidirectional_codec: 'PCMU',
    });
    const streamUrl = String(answers[0]!.body.stream_url);
    expect(streamUrl.startsWith(`${world.t.ctx.config.media.publicUrl}/media/telnyx/${runs[0]!.id}.`)).toBe(
      true,
    );
    // No media process listens here: Telnyx reports streaming.failed, and the call is hung up, never spoken to.
    expect(call.commands.map((c) => c.action).sort()).toEqual(['answer', 'answer', 'hangup']);
    expect(call.answered).toBe(true);
  });

  it('answers, speaks the refusal and hangs up a call to an unbound number or an archived agent', async () => {
    for (const number of [UNBOUND, ARCHIVED]) {
      const { callControlId } = await fake.callInbound(number, '+14155550131');
      const call = await finishedCall(callControlId);
      expect(call.commands.map((c) => c.action)).toEqual(['answer', 'speak', 'hangup']);
      expect(decoded(call.commands[0]!.body.client_state)).toBe('vac-inbound:refuse');
      expect(call.commands[0]!.body.stream_url).toBeUndefined();
      expect(call.commands[1]!.body.payload).toMatch(/^Sorry, this number is not taking calls/);
    }
    expect(await inboundRuns()).toHaveLength(1);
  });

  it('answers 503 while Telnyx cannot take the answer command, so the resent event answers the call', async () => {
    fake.failCommands(1);
    const { callControlId, statuses } = await fake.callInbound(BOUND, '+14155550134', { times: 2 });
    expect(statuses).toEqual([503, 200]);
    const call = await finishedCall(callControlId);
    expect(call.answered).toBe(true);
    expect(call.commands.map((c) => c.action).filter((a) => a === 'answer')).toHaveLength(2);
    const runs = (await inboundRuns()).filter((run) => run.name === `inbound-telnyx-${callControlId}`);
    expect(runs).toHaveLength(1);
  });

  it('refuses an event not signed with the account key, or sent for another configuration', async () => {
    const url = `${world.baseUrl}/api/v1/telephony/inbound/telnyx/${configurationId}`;
    const body = JSON.stringify({
      data: {
        event_type: 'call.initiated',
        payload: { call_control_id: 'v3:forged', direction: 'incoming', to: BOUND, from: '+14155550132' },
      },
    });
    const post = (target: string, headers: Record<string, string>) =>
      fetch(target, { method: 'POST', body, headers });
    const other = generateKeyPairSync('ed25519').privateKey;
    expect((await post(url, fake.signWith(other, body))).status).toBe(403);
    expect((await post(`${url}9999`, fake.signWith(null, body))).status).toBe(403);
    expect((await inboundRuns()).some((run) => run.name.includes('forged'))).toBe(false);
    expect(fake.http.requests.some((r) => r.path.includes('forged'))).toBe(false);
  });

  it('ignores events of calls it did not answer, and outgoing calls', async () => {
    const url = `${world.baseUrl}/api/v1/telephony/inbound/telnyx/${configurationId}`;
    for (const payload of [
      { call_control_id: 'v3:other', direction: 'outgoing', to: BOUND, from: '+14155550133' },
      { call_control_id: 'v3:other', client_state: Buffer.from('attempt:12').toString('base64') },
    ]) {
      const body = JSON.stringify({
        data: { event_type: payload.direction ? 'call.initiated' : 'call.answered', payload },
      });
      const response = await fetch(url, { method: 'POST', body, headers: fake.signWith(null, body) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, step: 'ignored' });
    }
    expect(fake.http.requests.some((r) => r.path.includes('other'))).toBe(false);
  });
});
