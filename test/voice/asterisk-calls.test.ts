/**
 * Live Asterisk calls end to end, offline: the ARI fake plays Asterisk (ARI REST, the application's events, bridges
 * and the WebSocket channel). The API's events listener claims an answered call (inbound, or an outbound call of
 * ours entering the application), bridges it with a WebSocket channel to the media process, and the agent talks
 * (test/voice/live-call-world.ts: flite speech as the caller, Deepgram's fake, the OpenAI fake, the local voice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCallEventStreams } from '../../api/background/call-event-streams';
import type { AriRequest } from '../../providers/ari/ari-client';
import { ariTransferEndpoint, transferAriCall } from '../../providers/ari/ari-transfer';
import { ProviderRequestError } from '../../providers/provider-errors';
import { mediaStreamToken } from '../../providers/webhook-urls';
import { startAriFake, type AriFake } from '../providers/fakes/ari-fake';
import { openAsteriskMediaLeg, type AsteriskMediaLeg } from '../providers/fakes/ari-media-leg-fake';
import { adapterOf, finishedAttempt, placeAttempt } from '../providers/provider-world';
import { GREETING } from './call-harness';
import { hearsDtmfThenEndsSilentCall, talksAndYieldsToBargeIn, untilAgentSaid } from './live-call-scenarios';
import { startLiveCallWorld, type LiveCallWorld } from './live-call-world';

const BOUND = '+15005555001';
const CONNECTION = 'vac-media';

describe('an Asterisk call talks with its agent over the WebSocket channel', () => {
  let live: LiveCallWorld;
  let ari: AriFake;
  let clear: Record<string, unknown>;
  const secrets = () => ({ app_password: ari.password });
  const provider = () => adapterOf(live.world, live.configurationId, 'ari', clear, secrets());

  beforeAll(async () => {
    ari = await startAriFake();
    clear = {
      ari_endpoint: ari.url,
      app_name: ari.app,
      dial_template: 'PJSIP/{number}@trunk',
      media_connection: CONNECTION,
      transfer_endpoint: 'pbx',
    };
    live = await startLiveCallWorld({ provider: 'ari', clear, secrets: secrets(), bound: BOUND });
    // websocket_client.conf: [vac-media] uri = <the media process>/media/ari
    ari.bridging.websocketClient(CONNECTION, `${live.world.t.ctx.config.media.publicUrl}/media/ari`);
    await ari.waitForConnection();
  });
  afterAll(async () => {
    await live?.close();
    await ari?.close();
  });

  /** The next media leg Asterisk opens, once the media process took it. */
  async function nextLeg(before: number): Promise<{ line: AsteriskMediaLeg; runId: number }> {
    const line = (await ari.bridging.mediaLegs.until((legs) => legs.length > before))[before]!;
    expect(await line.refused).toBeNull();
    const token = new URL(line.url).searchParams.get('token')!;
    return { line, runId: Number(token.split('.')[0]) };
  }

  async function inboundCall() {
    const before = ari.bridging.mediaLegs.items.length;
    const channelId = ari.callInbound(BOUND, '+14155550100');
    return { ...(await nextLeg(before)), channelId };
  }

  it('answers an inbound call, bridges it with the media leg, talks, yields to barge-in, and hangs up at the end node', async () => {
    const call = await inboundCall();
    const bridgeId = `vac-bridge-${call.channelId}`;
    expect(ari.bridging.bridges.get(bridgeId)?.channels).toEqual([
      call.channelId,
      `vac-media-${call.channelId}`,
    ]);
    const media = ari.bridging.externalMedia.find(
      (q) => q.get('channelId') === `vac-media-${call.channelId}`,
    )!;
    expect(Object.fromEntries(media)).toMatchObject({
      app: ari.app,
      external_host: CONNECTION,
      transport: 'websocket',
      encapsulation: 'none',
      format: 'ulaw',
    });
    await talksAndYieldsToBargeIn(live, call, 'audio');
    // The agent hung up its leg (HANGUP): the caller, alone in the bridge, is hung up and the bridge goes.
    await ari.bridging.ended.until((ids) => ids.includes(call.channelId));
    await ari.bridging.ended.until(() => !ari.bridging.bridges.has(bridgeId));
  });

  it('hears DTMF (DTMF_END), and ends a silent call after asking once whether the caller is still there', async () => {
    await hearsDtmfThenEndsSilentCall(live, await inboundCall());
  });

  it('connects an answered outbound call once, though two listeners hear it, and records it completed when the callee hangs up', async () => {
    const second = startCallEventStreams({ ...live.world.t.ctx, pollMs: 100 });
    try {
      const to = '+15005555100';
      ari.behave(to, { cause: 16, answer: true, holdOpen: true });
      const before = ari.bridging.mediaLegs.items.length;
      const placed = await placeAttempt(live.world, {
        adapter: provider(),
        configurationId: live.configurationId,
        phoneNumber: to,
        // Both listeners follow the fake's events before the call is answered.
        beforePlace: () => ari.waitForConnection(5000, process.pid, 2),
      });
      const { line, runId } = await nextLeg(before);
      expect(runId).toBe(placed.runId);
      await untilAgentSaid(line, GREETING.length);
      const legsOfCall = ari.bridging.externalMedia.filter(
        (q) => q.get('channelId') === `vac-media-${placed.providerCallId}`,
      );
      expect(legsOfCall).toHaveLength(1);
      ari.end(placed.providerCallId, 16);
      expect((await line.closed).byService).toBe(false);
      expect(await finishedAttempt(live.world, placed.attemptId)).toMatchObject({ outcome: 'completed' });
    } finally {
      await second.stop();
    }
  });

  it('transfers: dials the destination into the caller bridge and takes the media leg out; the caller stays', async () => {
    const destination = '+15005555200';
    ari.behave(destination, { cause: 16, answer: true, holdOpen: true });
    const call = await inboundCall();
    await untilAgentSaid(call.line, GREETING.length);
    await provider().transferCall!({ providerCallId: call.channelId, destination, callerId: BOUND });
    const transferId = `vac-transfer-${call.channelId}`;
    expect(Object.fromEntries(ari.bridging.created.at(-1)!)).toMatchObject({
      endpoint: `PJSIP/${destination}@trunk`,
      channelId: transferId,
      otherChannelId: call.channelId,
    });
    // The media leg is out of the bridge, still up until its stream closes; the caller talks with the person.
    expect(ari.bridging.bridges.get(`vac-bridge-${call.channelId}`)?.channels).toEqual([
      call.channelId,
      transferId,
    ]);
    expect(ari.bridging.dialed.at(-1)?.channelId).toBe(transferId);
    expect(ari.bridging.dialed.at(-1)?.query.get('caller')).toBe(call.channelId);
    expect(call.line.far.closed).toBe(false);
    // The person hangs up: the caller, alone again, is hung up, and the media leg with it.
    ari.end(transferId, 16);
    await ari.bridging.ended.until((ids) => ids.includes(call.channelId));
    expect((await call.line.closed).byService).toBe(false);
  });

  it('refuses a media leg with a forged token, or with the token of a finished run', async () => {
    const mediaUrl = `${live.world.t.ctx.config.media.publicUrl}/media/ari`;
    const open = (token: string) =>
      openAsteriskMediaLeg({
        channelId: 'vac-media-x',
        connection: CONNECTION,
        url: `${mediaUrl}?token=${token}`,
        onServiceHangup: () => undefined,
      }).refused;
    const call = await inboundCall();
    const token = new URL(call.line.url).searchParams.get('token')!;
    expect(await open(token.replace(/[A-Za-z0-9_-]{43}$/, 'A'.repeat(43)))).toBe(401);
    expect(await open(mediaStreamToken(live.world.t.ctx.config, 'twilio', call.runId))).toBe(401);
    // The caller hangs up once the call runs (the agent's first audio came), and the run finishes.
    await call.line.far.run(() => call.line.sent.length > 0, 10_000);
    ari.end(call.channelId, 16);
    await live.transcriptOf(call.runId);
    expect(await open(mediaStreamToken(live.world.t.ctx.config, 'ari', call.runId))).toBe(403);
  });
});

describe('Asterisk transfer destinations', () => {
  const options = { dialTemplate: 'PJSIP/{number}@trunk', transferEndpoint: 'pbx' };

  it('dials numbers through the dial string and SIP URIs through the transfer endpoint', () => {
    expect(ariTransferEndpoint('+15551234567', options)).toBe('PJSIP/+15551234567@trunk');
    expect(ariTransferEndpoint('sip:desk@pbx.example.com', options)).toBe(
      'PJSIP/pbx/sip:desk@pbx.example.com',
    );
    expect(ariTransferEndpoint('sip:desk@pbx.example.com', { ...options, transferEndpoint: '' })).toBeNull();
    expect(ariTransferEndpoint('5551234567', options)).toBeNull();
    expect(ariTransferEndpoint('sip:a@b/c', options)).toBeNull();
  });

  it('refuses a SIP URI without a transfer endpoint before asking Asterisk anything', async () => {
    const requests: string[] = [];
    const request: AriRequest = async (method, path) => {
      requests.push(`${method} ${path}`);
      return new Response(null, { status: 204 });
    };
    const transfer = transferAriCall(
      request,
      { app: 'voice-agents', ...options, transferEndpoint: '' },
      { providerCallId: 'caller-1', destination: 'sip:desk@pbx.example.com', callerId: null },
    );
    await expect(transfer).rejects.toBeInstanceOf(ProviderRequestError);
    expect(requests).toEqual([]);
  });
});
