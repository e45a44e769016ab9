/**
 * The LLM's own end_call and transfer_call tools on a Twilio call end to end (issue 36): the tools made through the
 * tools API, named by the agent's first node, the OpenAI fake as the LLM calling them. A transfer_call hands the
 * call over as a transfer node does (after its custom message, the live call modified with `<Dial>`) and the run
 * ends `transferred`; an end_call says its custom message whole, hangs up, and the run ends `completed` with the
 * reason the LLM gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioFake, type TwilioFake } from '../providers/fakes/twilio-fake';
import { openTwilioStream, type TwilioMediaFake } from '../providers/fakes/twilio-media-fake';
import {
  lastUserMessage,
  schemaNameOf,
  type FakeChatRequest,
  type FakeReply,
} from '../runtime/fakes/openai-fake';
import { GREETING, definition } from './call-harness';
import { callerSays, untilAgentSaid } from './live-call-scenarios';
import { startLiveCallWorld, type LiveCallWorld } from './live-call-world';

const BOUND = '+15005554003';
const DESK = '+15557654322';
const LINE = 'Connecting you to billing now.';
const BYE = 'Thanks for calling Acme. Goodbye.';
const REASON = 'the caller needed nothing else';

/** The agent greets; it calls its transfer tool for a person, its end_call tool when the caller is done. */
function play(request: FakeChatRequest): FakeReply {
  if (schemaNameOf(request) === 'call_disposition')
    return { content: JSON.stringify({ disposition: 'done' }) };
  const said = lastUserMessage(request);
  if (!said) return { content: GREETING.join(' ') };
  if (/person/i.test(said)) return { toolCalls: [{ name: 'transfer_to_billing', arguments: {} }] };
  if (/that is all/i.test(said))
    return { toolCalls: [{ name: 'end_the_call', arguments: { reason: REASON } }] };
  return { content: 'What else?' };
}

describe('a Twilio call ended or handed over by the LLM’s tools', () => {
  let live: LiveCallWorld;
  let twilio: TwilioFake;

  beforeAll(async () => {
    twilio = await startTwilioFake({ numbers: [BOUND] });
    live = await startLiveCallWorld({
      provider: 'twilio',
      clear: { account_sid: twilio.accountSid, api_base_url: twilio.url },
      secrets: { auth_token: twilio.authToken },
      bound: BOUND,
    });
    const { t, organization, agentId } = live.world;
    const tool = async (name: string, definition: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tools/',
        headers: organization.headers,
        payload: { name, description: `${name}.`, definition },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().tool_uuid as string;
    };
    const uuids = [
      await tool('Transfer to billing', {
        type: 'transfer_call',
        config: { destination: DESK, messageType: 'custom', customMessage: LINE },
      }),
      await tool('End the call', {
        type: 'end_call',
        config: { messageType: 'custom', customMessage: BYE, endCallReason: true },
      }),
    ];
    const graph = structuredClone(definition);
    graph.nodes[0]!.data = { ...graph.nodes[0]!.data, tool_uuids: uuids } as never;
    await t.ctx.db
      .updateTable('agent_definitions')
      .set({ workflow_definition: JSON.stringify(graph) })
      .where('agent_id', '=', agentId)
      .execute();
    live.llm.handle(play);
  });
  afterAll(async () => {
    await live?.close();
    await twilio?.close();
  });

  /** An inbound call: greeted, the caller says `words`, and the line runs until the stream ends. */
  async function callSaying(
    words: string,
    from: string,
  ): Promise<{ line: TwilioMediaFake; callSid: string; runId: number; playedAfter: number }> {
    const answer = await twilio.callInbound(BOUND, from);
    expect(answer.status).toBe(200);
    const opening = await openTwilioStream({
      twiml: answer.text,
      authToken: twilio.authToken,
      accountSid: twilio.accountSid,
      callSid: answer.callSid,
      twilio,
      speed: 4,
    });
    if (!opening.opened) throw new Error(`stream refused with ${opening.status}`);
    const line = opening.fake;
    await untilAgentSaid(line, GREETING.length);
    await callerSays(live, line, words);
    await line.far.run(() => false, 30_000).catch(() => undefined);
    const runId = Number(/name="run_id" value="(\d+)"/.exec(answer.text)![1]);
    // One mark comes back per sentence played whole: what the caller heard after the greeting.
    const playedAfter = line.far.marks.filter((mark) => !mark.cleared).length - GREETING.length;
    return { line, callSid: answer.callSid, runId, playedAfter };
  }

  const gatheredOf = (run: unknown) =>
    (run as { gathered_context: Record<string, unknown> }).gathered_context;

  it('transfer_call: says its message, then Twilio dials the destination; the run ends transferred', async () => {
    const { line, callSid, runId, playedAfter } = await callSaying(
      'Can I talk to a person please.',
      '+14155550130',
    );
    expect(playedAfter).toBe(1);
    // Twilio ended the stream (the call left <Connect>); the service did not close it first.
    expect((await line.closed).byService).toBe(false);
    expect(line.violations).toEqual([]);
    expect(twilio.calls.get(callSid)!.redirects).toEqual([
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="${BOUND}"><Number>${DESK}</Number></Dial></Response>`,
    ]);
    expect(line.far.clears).toEqual([]);
    expect(line.far.marks.every((mark) => !mark.cleared)).toBe(true);
    const { run, transcript } = await live.transcriptOf(runId);
    expect(transcript.end_reason).toBe('transferred');
    expect(transcript.turns.at(-1)).toEqual(expect.objectContaining({ role: 'agent', content: LINE }));
    expect(gatheredOf(run)).toMatchObject({
      outcome: 'transferred',
      transferred_to: DESK,
      tool_calls: [expect.objectContaining({ name: 'transfer_to_billing', ok: true })],
    });
  });

  it('end_call: says its message whole and hangs up; the run ends completed with the LLM’s reason', async () => {
    const { line, callSid, runId, playedAfter } = await callSaying('That is all, thank you.', '+14155550131');
    // Both sentences of the message were played before the hang-up.
    expect(playedAfter).toBe(2);
    expect((await line.closed).byService).toBe(true);
    expect(line.violations).toEqual([]);
    expect(twilio.calls.get(callSid)!.redirects).toEqual([]);
    expect(line.far.clears).toEqual([]);
    expect(line.far.marks.every((mark) => !mark.cleared)).toBe(true);
    const { run, transcript } = await live.transcriptOf(runId);
    expect(transcript.end_reason).toBe('completed');
    expect(transcript.turns.at(-1)).toEqual(expect.objectContaining({ role: 'agent', content: BYE }));
    expect(transcript.turns.at(-1)).not.toHaveProperty('interrupted');
    expect(gatheredOf(run)).toMatchObject({
      end_call_reason: REASON,
      mapped_call_disposition: 'done',
      tool_calls: [
        expect.objectContaining({ name: 'end_the_call', arguments: { reason: REASON }, ok: true }),
      ],
    });
  });
});
