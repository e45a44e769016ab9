/**
 * Transfer to a person on Twilio end to end (issue 16): the agent's end node hands the call over; after the transfer
 * line played, the media process modifies the live call (`POST /Calls/{sid}.json` with `<Dial>` TwiML), Twilio stops
 * the stream, and the dialed party's hang-up completes the call. The run records `transferred` and the destination,
 * the transcript ends with the line, and a placed call's attempt ends `transferred`. A refused modification ends the
 * call `transfer_failed` after the apology.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRANSFER_FAILED_LINE } from '../../voice/call-transfer';
import { startTwilioFake, type TwilioFake } from '../providers/fakes/twilio-fake';
import { openTwilioStream, type TwilioMediaFake } from '../providers/fakes/twilio-media-fake';
import { adapterOf, finishedAttempt, placeAttempt } from '../providers/provider-world';
import { GREETING, definition } from './call-harness';
import { callerSays, untilAgentSaid } from './live-call-scenarios';
import { startLiveCallWorld, type LiveCallWorld } from './live-call-world';

const BOUND = '+15005554002';
const DESK = '+15557654321';
const SIP_DESK = 'sip:desk@pbx.example.com';
const LINE = 'Let me put you through to a colleague.';

describe('a Twilio call handed to a person', () => {
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
  });
  afterAll(async () => {
    await live?.close();
    await twilio?.close();
  });
  beforeEach(() => twilio.failRedirects(null));

  /** The harness's graph whose end node (reached when the caller says goodbye) transfers to `destination`. */
  async function transferTo(destination: string): Promise<void> {
    const graph = structuredClone(definition);
    graph.nodes[1]!.data = { name: 'Desk', transfer_to: destination, transfer_message: LINE } as never;
    await live.world.t.ctx.db
      .updateTable('agent_definitions')
      .set({ workflow_definition: JSON.stringify(graph) })
      .where('agent_id', '=', live.world.agentId)
      .execute();
  }

  async function open(twiml: string, callSid: string): Promise<TwilioMediaFake> {
    const opening = await openTwilioStream({
      twiml,
      authToken: twilio.authToken,
      accountSid: twilio.accountSid,
      callSid,
      twilio,
      speed: 4,
    });
    if (!opening.opened) throw new Error(`stream refused with ${opening.status}`);
    return opening.fake;
  }

  /** Greets, the caller says goodbye (the graph's way to its end node), and the line runs until the stream ends. */
  async function untilHandedOver(line: TwilioMediaFake): Promise<{ code: number; byService: boolean }> {
    await untilAgentSaid(line, GREETING.length);
    await callerSays(live, line, 'Thank you, goodbye.');
    await line.far.run(() => false, 30_000).catch(() => undefined);
    return line.closed;
  }

  it('dials the desk from the called number on an inbound call; the run records the transfer', async () => {
    await transferTo(DESK);
    const answer = await twilio.callInbound(BOUND, '+14155550120');
    expect(answer.status).toBe(200);
    const runId = Number(/name="run_id" value="(\d+)"/.exec(answer.text)![1]);
    const line = await open(answer.text, answer.callSid);
    // Twilio ended the stream (the call left <Connect>); the service did not close it first.
    expect((await untilHandedOver(line)).byService).toBe(false);
    expect(line.violations).toEqual([]);
    expect(twilio.calls.get(answer.callSid)!.redirects).toEqual([
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="${BOUND}"><Number>${DESK}</Number></Dial></Response>`,
    ]);
    // The whole line was played before the call was moved: nothing was cleared, and every mark came back.
    expect(line.far.clears).toEqual([]);
    expect(line.far.marks.every((m) => !m.cleared)).toBe(true);

    const { run, transcript } = await live.transcriptOf(runId);
    expect(transcript.end_reason).toBe('transferred');
    expect(transcript.turns.at(-1)).toEqual(expect.objectContaining({ role: 'agent', content: LINE }));
    expect(transcript.turns.at(-1)).not.toHaveProperty('interrupted');
    expect((run as unknown as { gathered_context: Record<string, unknown> }).gathered_context).toMatchObject({
      outcome: 'transferred',
      transferred_to: DESK,
    });
  });

  it('transfers a placed call to a SIP address; the attempt ends transferred once the dialed party hangs up', async () => {
    await transferTo(SIP_DESK);
    const to = '+15005554200';
    twilio.behave(to, { final: 'completed', holdOpen: true });
    const { world, configurationId } = live;
    const adapter = adapterOf(
      world,
      configurationId,
      'twilio',
      { account_sid: twilio.accountSid, api_base_url: twilio.url },
      { auth_token: twilio.authToken },
    );
    const placed = await placeAttempt(world, { adapter, configurationId, phoneNumber: to });
    await twilio.settled();
    const answerUrl = twilio.calls.get(placed.providerCallId)!.form.get('Url')!;
    const answered = new URLSearchParams({ CallSid: placed.providerCallId, CallStatus: 'in-progress' });
    const twiml = await fetch(answerUrl, {
      method: 'POST',
      body: answered.toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.sign(answerUrl, answered),
      },
    });
    const line = await open(await twiml.text(), placed.providerCallId);
    expect((await untilHandedOver(line)).byService).toBe(false);
    expect(twilio.calls.get(placed.providerCallId)!.redirects).toEqual([
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial><Sip>${SIP_DESK}</Sip></Dial></Response>`,
    ]);
    await twilio.settled();
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      outcome: 'transferred',
      provider_status: 'completed',
    });
    const { run, transcript } = await live.transcriptOf(placed.runId);
    expect(transcript.end_reason).toBe('transferred');
    expect((run as unknown as { gathered_context: Record<string, unknown> }).gathered_context).toMatchObject({
      outcome: 'transferred',
      transferred_to: SIP_DESK,
    });
  });

  it('apologises and hangs up when Twilio refuses the transfer: the run ends transfer_failed', async () => {
    await transferTo(DESK);
    twilio.failRedirects({ status: 400, code: 13223, message: 'Dial: Invalid phone number format' });
    const answer = await twilio.callInbound(BOUND, '+14155550121');
    const runId = Number(/name="run_id" value="(\d+)"/.exec(answer.text)![1]);
    const line = await open(answer.text, answer.callSid);
    expect((await untilHandedOver(line)).byService).toBe(true);
    expect(twilio.calls.get(answer.callSid)!.redirects).toEqual([]);
    expect(line.far.clears).toEqual([]);
    const { run, transcript } = await live.transcriptOf(runId);
    expect(transcript.end_reason).toBe('transfer_failed');
    expect(transcript.turns.slice(-2)).toEqual([
      expect.objectContaining({ role: 'agent', content: LINE }),
      expect.objectContaining({ role: 'agent', content: TRANSFER_FAILED_LINE }),
    ]);
    expect(transcript.turns.slice(-2).some((t) => 'interrupted' in t)).toBe(false);
    const gathered = (run as unknown as { gathered_context: Record<string, unknown> }).gathered_context;
    expect(gathered.mapped_call_disposition).toBe('transfer_failed');
    expect(gathered.transferred_to).toBeUndefined();
  });
});
