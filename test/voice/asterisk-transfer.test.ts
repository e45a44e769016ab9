/**
 * Transfer to a person on Asterisk end to end (issue 16): the agent's end node hands the call over; after the
 * transfer line played, the media process dials and bridges (the destination's channel created, added to the
 * caller's bridge, dialled; the media leg taken out) and closes its stream. The caller stays with the person; the
 * person's hang-up ends the call. A transfer Asterisk cannot make ends the call `transfer_failed` after the apology.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_FAILED_LINE } from '../../voice/call-transfer';
import { startAriFake, type AriFake } from '../providers/fakes/ari-fake';
import type { AsteriskMediaLeg } from '../providers/fakes/ari-media-leg-fake';
import { adapterOf, finishedAttempt, placeAttempt } from '../providers/provider-world';
import { GREETING, definition } from './call-harness';
import { callerSays, untilAgentSaid } from './live-call-scenarios';
import { startLiveCallWorld, type LiveCallWorld } from './live-call-world';

const BOUND = '+15005555002';
const DESK = '+15557654322';
const SIP_DESK = 'sip:desk@pbx.example.com';
const LINE = 'Let me put you through to a colleague.';

describe('an Asterisk call handed to a person', () => {
  let live: LiveCallWorld;
  let ari: AriFake;
  let clear: Record<string, unknown>;

  beforeAll(async () => {
    ari = await startAriFake();
    clear = {
      ari_endpoint: ari.url,
      app_name: ari.app,
      dial_template: 'PJSIP/{number}@trunk',
      media_connection: 'vac-media',
      transfer_endpoint: 'pbx',
    };
    live = await startLiveCallWorld({
      provider: 'ari',
      clear,
      secrets: { app_password: ari.password },
      bound: BOUND,
    });
    ari.bridging.websocketClient('vac-media', `${live.world.t.ctx.config.media.publicUrl}/media/ari`);
    await ari.waitForConnection();
  });
  afterAll(async () => {
    await live?.close();
    await ari?.close();
  });

  async function transferTo(destination: string): Promise<void> {
    const graph = structuredClone(definition);
    graph.nodes[1]!.data = { name: 'Desk', transfer_to: destination, transfer_message: LINE } as never;
    await live.world.t.ctx.db
      .updateTable('agent_definitions')
      .set({ workflow_definition: JSON.stringify(graph) })
      .where('agent_id', '=', live.world.agentId)
      .execute();
  }

  async function nextLeg(before: number): Promise<{ line: AsteriskMediaLeg; runId: number }> {
    const line = (await ari.bridging.mediaLegs.until((legs) => legs.length > before))[before]!;
    expect(await line.refused).toBeNull();
    return { line, runId: Number(new URL(line.url).searchParams.get('token')!.split('.')[0]) };
  }

  /** Greets, the caller says goodbye (the graph's way to its end node), and the line runs until the stream ends. */
  async function untilHandedOver(line: AsteriskMediaLeg) {
    await untilAgentSaid(line, GREETING.length);
    await callerSays(live, line, 'Thank you, goodbye.');
    await line.far.run(() => false, 30_000).catch(() => undefined);
    return line.closed;
  }

  it('bridges the desk with the caller on an inbound call; the run records the transfer', async () => {
    await transferTo(DESK);
    ari.behave(DESK, { cause: 16, answer: true });
    const before = ari.bridging.mediaLegs.items.length;
    const caller = ari.callInbound(BOUND, '+14155550130');
    const { line, runId } = await nextLeg(before);
    // The media process closed its stream for the transfer; the caller is with the desk.
    expect((await untilHandedOver(line)).byService).toBe(true);
    expect(line.violations).toEqual([]);
    expect(line.far.clears).toEqual([]);
    const desk = `vac-transfer-${caller}`;
    expect(Object.fromEntries(ari.bridging.created.at(-1)!)).toMatchObject({
      endpoint: `PJSIP/${DESK}@trunk`,
      channelId: desk,
      otherChannelId: caller,
    });
    expect(ari.bridging.created.at(-1)!.get('app')).toBe(ari.app);
    expect(ari.bridging.bridges.get(`vac-bridge-${caller}`)?.channels).toEqual([caller, desk]);
    expect(ari.channels.has(caller)).toBe(true);
    const { run, transcript } = await live.transcriptOf(runId);
    expect(transcript.end_reason).toBe('transferred');
    expect(transcript.turns.at(-1)).toEqual(expect.objectContaining({ role: 'agent', content: LINE }));
    expect((run as unknown as { gathered_context: Record<string, unknown> }).gathered_context).toMatchObject({
      outcome: 'transferred',
      transferred_to: DESK,
    });
    // The desk hangs up: the caller, alone in the bridge, is hung up.
    ari.end(desk, 16);
    await ari.bridging.ended.until((ids) => ids.includes(caller));
  });

  it('transfers a placed call to a SIP address through the transfer endpoint; the attempt ends transferred', async () => {
    await transferTo(SIP_DESK);
    const to = '+15005555300';
    ari.behave(to, { cause: 16, answer: true, holdOpen: true });
    const { world, configurationId } = live;
    const adapter = adapterOf(world, configurationId, 'ari', clear, { app_password: ari.password });
    const before = ari.bridging.mediaLegs.items.length;
    const placed = await placeAttempt(world, { adapter, configurationId, phoneNumber: to });
    const { line } = await nextLeg(before);
    expect((await untilHandedOver(line)).byService).toBe(true);
    expect(ari.bridging.created.at(-1)!.get('endpoint')).toBe(`PJSIP/pbx/${SIP_DESK}`);
    // The person hangs up: the caller is hung up, and the call's end completes the attempt and its run.
    ari.end(`vac-transfer-${placed.providerCallId}`, 16);
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({ outcome: 'transferred' });
    const { transcript } = await live.transcriptOf(placed.runId);
    expect(transcript.end_reason).toBe('transferred');
  });

  it('apologises and hangs up when the transfer cannot be made: the run ends transfer_failed', async () => {
    await transferTo(SIP_DESK);
    await live.world.t.ctx.db
      .updateTable('telephony_configurations')
      .set({ config: JSON.stringify({ provider: 'ari', ...clear, transfer_endpoint: undefined }) })
      .where('id', '=', live.configurationId)
      .execute();
    const before = ari.bridging.mediaLegs.items.length;
    const created = ari.bridging.created.length;
    const caller = ari.callInbound(BOUND, '+14155550131');
    const { line, runId } = await nextLeg(before);
    expect((await untilHandedOver(line)).byService).toBe(true);
    expect(ari.bridging.created).toHaveLength(created);
    const { transcript } = await live.transcriptOf(runId);
    expect(transcript.end_reason).toBe('transfer_failed');
    expect(transcript.turns.slice(-2)).toEqual([
      expect.objectContaining({ role: 'agent', content: LINE }),
      expect.objectContaining({ role: 'agent', content: TRANSFER_FAILED_LINE }),
    ]);
    // The media leg hung up: the caller, alone in the bridge, is hung up.
    await ari.bridging.ended.until((ids) => ids.includes(caller));
  });
});
