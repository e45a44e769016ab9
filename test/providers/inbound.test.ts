import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../providers/twilio/twilio-status';
import { insertAgent } from '../helpers/fixtures';
import { CONFIGS } from '../telephony/helpers';
import { startAriFake, type AriFake } from './fakes/ari-fake';
import { startTwilioFake, type TwilioFake } from './fakes/twilio-fake';
import { insertConfiguration, startProviderWorld, type ProviderWorld } from './provider-world';

const BOUND = '+15005553001';
const UNBOUND = '+15005553002';
const ARCHIVED = '+15005553003';

describe('inbound calls reach the agent bound to the number, or are refused politely', () => {
  let world: ProviderWorld;
  let twilio: TwilioFake;
  let ari: AriFake;
  let twilioConfiguration: number;

  beforeAll(async () => {
    world = await startProviderWorld();
    twilio = await startTwilioFake({ numbers: [BOUND, UNBOUND, ARCHIVED] });
    ari = await startAriFake();
    twilioConfiguration = await insertConfiguration(
      world,
      'twilio',
      { account_sid: twilio.accountSid, api_base_url: twilio.url },
      { auth_token: twilio.authToken },
    );
    const archivedAgent = await insertAgent(world.t.ctx.db, world.organizationId);
    await addNumber(twilioConfiguration, BOUND, world.agentId);
    await addNumber(twilioConfiguration, ARCHIVED, archivedAgent.agentId);
    await addNumber(twilioConfiguration, UNBOUND, null);
    // Unbound numbers keep a voice URL pointing at us (e.g. set by hand), so the refusal is exercised.
    twilio.numbers.get(UNBOUND)!.voice_url = twilio.numbers.get(BOUND)!.voice_url;
    await world.t.ctx.db
      .updateTable('agents')
      .set({ status: 'archived' })
      .where('id', '=', archivedAgent.agentId)
      .execute();
  });
  afterAll(async () => {
    await twilio?.close();
    await ari?.close();
    await world?.close();
  });

  async function addNumber(configurationId: number, address: string, agentId: number | null) {
    const response = await world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${configurationId}/phone-numbers`,
      headers: world.organization.headers,
      payload: { address, ...(agentId ? { inbound_workflow_id: agentId } : {}) },
    });
    expect(response.statusCode).toBe(201);
  }

  const inboundRuns = () =>
    world.t.ctx.db
      .selectFrom('runs')
      .selectAll()
      .where('organization_id', '=', world.organizationId)
      .where('call_type', '=', 'inbound')
      .execute();

  it('creates an inbound run for the agent bound to a Twilio number and connects the call to its media stream', async () => {
    const answer = await twilio.callInbound(BOUND, '+14155550123');
    expect(answer.status).toBe(200);
    const runs = await inboundRuns();
    expect(runs).toHaveLength(1);
    const token = `${runs[0]!.id}\\.\\d+\\.[0-9a-f]{8}\\.[A-Za-z0-9_-]{43}`;
    expect(answer.text).toMatch(
      new RegExp(
        '^<\\?xml version="1.0" encoding="UTF-8"\\?><Response><Connect>' +
          `<Stream url="${world.t.ctx.config.media.publicUrl}/media/twilio/${token}">` +
          `<Parameter name="run_id" value="${runs[0]!.id}"/></Stream></Connect></Response>$`,
      ),
    );
    expect(runs[0]).toMatchObject({ workflow_id: world.agentId, call_type: 'inbound', mode: 'twilio' });
    expect(runs[0]!.initial_context).toMatchObject({ caller_number: '+14155550123', called_number: BOUND });
  });

  it('refuses calls to an unbound number or an archived agent with a spoken message and a hang-up', async () => {
    for (const number of [UNBOUND, ARCHIVED]) {
      const answer = await twilio.callInbound(number, '+14155550124');
      expect(answer.status).toBe(200);
      expect(answer.text).toMatch(/<Say>Sorry, this number is not taking calls.*<\/Say><Hangup\/>/);
    }
    expect(await inboundRuns()).toHaveLength(1);
  });

  it('refuses an inbound request that Twilio did not sign', async () => {
    const url = twilio.numbers.get(BOUND)!.voice_url;
    const form = new URLSearchParams({ CallSid: 'CAforged', To: BOUND, From: '+14155550125' });
    const response = await fetch(url, {
      method: 'POST',
      body: form.toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature('guessed-token', url, form),
      },
    });
    expect(response.status).toBe(403);
    expect(await inboundRuns()).toHaveLength(1);
  });

  it('answers a Stasis inbound call on an ARI number bound to an agent, and refuses an unbound one', async () => {
    const ariConfiguration = await insertConfiguration(
      world,
      'ari',
      { ari_endpoint: ari.url, app_name: ari.app },
      { app_password: ari.password },
    );
    await addNumber(ariConfiguration, '+15005553101', world.agentId);
    await ari.waitForConnection(5000);
    const accepted = ari.callInbound('+15005553101', '+14155550126');
    const refused = ari.callInbound('+15005553199', '+14155550127');
    const ariRuns = async () => (await inboundRuns()).filter((run) => run.mode === 'ari');
    await expect.poll(async () => (await ariRuns()).length).toBe(1);
    const played = () => ari.http.requests.filter((r) => r.path.endsWith('/play')).map((r) => r.path);
    // Every API process following the application hears both calls; each is answered once, the refusal played once.
    await expect.poll(played).toEqual([`/ari/channels/${refused}/play`]);
    const [run] = await ariRuns();
    expect(run).toMatchObject({ workflow_id: world.agentId, call_type: 'inbound' });
    expect(run!.initial_context).toMatchObject({
      caller_number: '+14155550126',
      called_number: '+15005553101',
    });
    const answered = () =>
      ari.http.requests
        .filter((r) => r.path.endsWith('/answer'))
        .map((r) => r.path)
        .sort();
    await expect
      .poll(answered)
      .toEqual([`/ari/channels/${accepted}/answer`, `/ari/channels/${refused}/answer`].sort());
    expect(ari.channels.get(accepted)?.state).toBe('Up');
  });
});
