/**
 * Transfer to a person on Telnyx end to end (issue 16): the agent's end node hands the call over; after the transfer
 * line played, the media process sends Call Control's `actions/transfer` (`to`, `from` the called number), the agent
 * closes its stream, and Telnyx's `streaming.stopped` that follows leaves the call up with the person (a finished
 * agent's call is hung up instead). The run records `transferred` and the destination.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelnyxFake, type TelnyxFake } from '../providers/fakes/telnyx-fake';
import { GREETING, definition } from './call-harness';
import { callerSays, untilAgentSaid } from './live-call-scenarios';
import { startLiveCallWorld, type LiveCallWorld } from './live-call-world';

const BOUND = '+15005557002';
const DESK = '+15557654321';
const LINE = 'Let me put you through to a colleague.';

describe('a Telnyx call handed to a person', () => {
  let live: LiveCallWorld;
  let telnyx: TelnyxFake;

  beforeAll(async () => {
    telnyx = await startTelnyxFake({ numbers: [BOUND] });
    telnyx.streamWith({ speed: 4 });
    live = await startLiveCallWorld({
      provider: 'telnyx',
      clear: { connection_id: 'app-transfer', public_key: telnyx.publicKey, api_base_url: telnyx.url },
      secrets: { api_key: telnyx.apiKey },
      bound: BOUND,
    });
    // The harness's graph, whose end node (reached when the caller says goodbye) transfers to the desk.
    const graph = structuredClone(definition);
    graph.nodes[1]!.data = { name: 'Desk', transfer_to: DESK, transfer_message: LINE } as never;
    await live.world.t.ctx.db
      .updateTable('agent_definitions')
      .set({ workflow_definition: JSON.stringify(graph) })
      .where('agent_id', '=', live.world.agentId)
      .execute();
  });
  afterAll(async () => {
    await live?.close();
    await telnyx?.close();
  });

  it('transfers an inbound call to the desk from the called number, and leaves it up once the stream stopped', async () => {
    const { callControlId } = await telnyx.callInbound(BOUND, '+14155550120');
    const call = telnyx.calls.get(callControlId)!;
    const runId = Number(/(\d+)$/.exec(Buffer.from(call.clientState!, 'base64').toString())![1]);
    const line = await telnyx.streamOf(callControlId);
    await untilAgentSaid(line, GREETING.length);
    await callerSays(live, line, 'Thank you, goodbye.');
    await line.far.run(() => false, 30_000).catch(() => undefined);
    expect((await line.closed).byService).toBe(true);
    expect(line.violations).toEqual([]);
    // The line played whole before the call moved.
    expect(line.far.clears).toEqual([]);
    expect(line.far.marks.every((mark) => !mark.cleared)).toBe(true);

    // Every webhook was delivered and answered, streaming.stopped included: the caller is with the desk.
    await telnyx.settled();
    expect(call.commands.map((c) => c.action)).toEqual(['answer', 'transfer']);
    expect(call.commands[1]!.body).toEqual({
      to: DESK,
      from: BOUND,
      client_state: Buffer.from('vac-transferred').toString('base64'),
    });
    expect(call.alive).toBe(true);

    const { run, transcript } = await live.transcriptOf(runId);
    expect(transcript.end_reason).toBe('transferred');
    expect(transcript.turns.at(-1)).toEqual(expect.objectContaining({ role: 'agent', content: LINE }));
    expect((run as unknown as { gathered_context: Record<string, unknown> }).gathered_context).toMatchObject({
      outcome: 'transferred',
      transferred_to: DESK,
    });
  });
});
