/**
 * The LLM's own end_call and transfer_call tools on simulator calls end to end (issue 36): a campaign whose agent's
 * first node names both tools (made through the tools API), the OpenAI fake as the LLM calling them, scripted
 * callees. The transfer's destination comes from a context mapping on the contact's `department` column; the media
 * process asks the simulator's calls API to transfer the call, and the run ends `transferred`. The end_call tool's
 * message is the call's last words; the run ends `completed` with the LLM's reason, and the simulator hung up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFor } from '../engine/engine-harness';
import {
  lastUserMessage,
  schemaNameOf,
  startOpenAiFake,
  type FakeChatRequest,
  type FakeReply,
  type OpenAiFake,
} from '../runtime/fakes/openai-fake';
import { runSimulatorCampaign, startVoiceHarness, type VoiceHarness } from '../simulator/voice-harness';

const BILLING = 'sip:billing@pbx.example.com';
const GREETING = 'Hello, this is Acme.';
const LINE = 'Connecting you to our team now.';
const BYE = 'Thanks for calling Acme. Goodbye.';
const REASON = 'the caller needed nothing else';
const TRANSFERRED = phoneFor(320, 1);
const ENDED = phoneFor(321, 2);

/** The agent greets; it calls its transfer tool for a person, its end_call tool when the callee is done. */
function play(request: FakeChatRequest): FakeReply {
  if (schemaNameOf(request) === 'call_disposition')
    return { content: JSON.stringify({ disposition: 'other' }) };
  const said = lastUserMessage(request);
  if (/person/i.test(said)) return { toolCalls: [{ name: 'transfer_to_team', arguments: {} }] };
  if (/that is all/i.test(said))
    return { toolCalls: [{ name: 'end_the_call', arguments: { reason: REASON } }] };
  return { content: GREETING };
}

interface RunDetail {
  id: number;
  initial_context: { called_number: string };
  gathered_context: Record<string, unknown>;
  transcript_public_url: string | null;
}

describe('simulator calls ended or handed over by the LLM’s tools', () => {
  let fake: OpenAiFake;
  let h: VoiceHarness;
  const runs = new Map<string, RunDetail>();

  const create = async (url: string, payload: object) => {
    const response = await h.app.inject({ method: 'POST', url, headers: h.org.headers, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    fake = await startOpenAiFake();
    fake.handle(play);
    h = await startVoiceHarness({
      LLM_BASE_URL: fake.baseUrl,
      LLM_MAX_RETRIES: '0',
      SIMULATOR_MEDIA_SPEED: '0',
    });
    await h.startWorker();
    const transfer = await create('/api/v1/tools/', {
      name: 'Transfer to team',
      description: 'Transfers the caller to their team.',
      definition: {
        type: 'transfer_call',
        config: {
          destination_source: 'context_mapping',
          context_mapping: {
            rules: [
              { context_path: 'department', routes: [{ context_value: 'billing', destination: BILLING }] },
            ],
          },
          messageType: 'custom',
          customMessage: LINE,
        },
      },
    });
    const end = await create('/api/v1/tools/', {
      name: 'End the call',
      description: 'Ends the call.',
      definition: {
        type: 'end_call',
        config: { messageType: 'custom', customMessage: BYE, endCallReason: true },
      },
    });
    const agent = await create('/api/v1/workflow/create/definition', {
      name: 'Acme front desk',
      call_type: 'outbound',
      workflow_definition: {
        nodes: [
          {
            id: 'greet',
            type: 'startCall',
            data: {
              name: 'Greeting',
              prompt: 'Greet the caller.',
              tool_uuids: [transfer.tool_uuid, end.tool_uuid],
            },
          },
        ],
        edges: [],
      },
      call_disposition_codes: { disposition_codes: ['other'] },
    });
    // Each callee says one line, then lets its next turn pass in silence (the call ends meanwhile).
    const csv = [
      'phone_number,department,callee_script',
      `${TRANSFERRED}, Billing ,"Can I talk to a person please.|"`,
      `${ENDED},sales,"That is all, thank you.|"`,
    ];
    const details = await runSimulatorCampaign<RunDetail>(h, {
      agentId: agent.id,
      csv: csv.join('\n'),
      timeoutMs: 120_000,
    });
    for (const run of details) runs.set(run.initial_context.called_number, run);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  async function transcriptOf(run: RunDetail) {
    const response = await h.app.inject({ method: 'GET', url: new URL(run.transcript_public_url!).pathname });
    return JSON.parse(response.body) as {
      end_reason: string;
      turns: Array<{ role: string; content: string }>;
    };
  }

  async function simulatorCall(run: RunDetail) {
    const attempt = await h.ctx.db
      .selectFrom('attempts')
      .select(['outcome', 'provider_call_id'])
      .where('run_id', '=', run.id)
      .executeTakeFirstOrThrow();
    const call = await h.ctx.db
      .selectFrom('simulator_calls')
      .select(['transferred_to', 'ended_at'])
      .where('call_sid', '=', attempt.provider_call_id!)
      .executeTakeFirstOrThrow();
    return { outcome: attempt.outcome, ...call };
  }

  it('transfer_call: the mapped destination gets the call after the message; the run ends transferred', async () => {
    const run = runs.get(TRANSFERRED)!;
    expect(run.gathered_context).toMatchObject({
      outcome: 'transferred',
      transferred_to: BILLING,
      tool_calls: [expect.objectContaining({ name: 'transfer_to_team', ok: true })],
    });
    const transcript = await transcriptOf(run);
    expect(transcript.end_reason).toBe('transferred');
    expect(transcript.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', GREETING],
      ['user', 'Can I talk to a person please.'],
      ['agent', LINE],
    ]);
    // The simulator's own record: the call was transferred there, and ended.
    expect(await simulatorCall(run)).toEqual({
      outcome: 'transferred',
      transferred_to: BILLING,
      ended_at: expect.any(Date),
    });
  });

  it('end_call: the message is the last words, the call hangs up, the run ends completed with the reason', async () => {
    const run = runs.get(ENDED)!;
    expect(run.gathered_context).toMatchObject({
      outcome: 'completed',
      end_call_reason: REASON,
      mapped_call_disposition: 'other',
      tool_calls: [
        expect.objectContaining({ name: 'end_the_call', arguments: { reason: REASON }, ok: true }),
      ],
    });
    expect(run.gathered_context.transferred_to).toBeUndefined();
    const transcript = await transcriptOf(run);
    expect(transcript.end_reason).toBe('completed');
    expect(transcript.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', GREETING],
      ['user', 'That is all, thank you.'],
      ['agent', BYE],
    ]);
    expect(await simulatorCall(run)).toEqual({
      outcome: 'completed',
      transferred_to: null,
      ended_at: expect.any(Date),
    });
  });
});
