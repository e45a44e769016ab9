/**
 * Transfer to a person end to end on the simulator (issue 16): a campaign whose agent hands every answered call to a
 * desk. Each callee (scripted) asks for a person; the agent's graph reaches its transfer node, says its line, and the
 * media process asks the simulator's calls API to transfer the call, which stops the stream and ends the call. The
 * run records `transferred` and the destination, its transcript ends with the line, the attempt's outcome is
 * `transferred` (a successful final outcome), and the simulator's own record holds the destination.
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

const DESK = 'sip:billing@pbx.example.com';
const GREETING = 'Hello, this is Acme billing.';
const LINE = 'Please hold while I connect you to our billing team.';
const CONTACTS = [phoneFor(310, 1), phoneFor(311, 2)];

/** The agent greets, and transfers a caller who asks for a person; the disposition is `wants_person`. */
function play(request: FakeChatRequest): FakeReply {
  const schema = schemaNameOf(request);
  if (schema === 'call_disposition') return { content: JSON.stringify({ disposition: 'wants_person' }) };
  if (/person/i.test(lastUserMessage(request))) return { toolCalls: [{ name: 'to_desk', arguments: {} }] };
  return { content: GREETING };
}

const transferAgent = () => ({
  name: 'Billing front desk',
  call_type: 'outbound',
  workflow_definition: {
    nodes: [
      { id: 'greet', type: 'startCall', data: { name: 'Greeting', prompt: 'Greet the caller.' } },
      {
        id: 'desk',
        type: 'endCall',
        data: { name: 'Billing desk', transfer_to: DESK, transfer_message: LINE },
      },
    ],
    edges: [
      {
        id: 'e1',
        source: 'greet',
        target: 'desk',
        data: { label: 'to desk', condition: 'The caller asks for a person.' },
      },
    ],
  },
  call_disposition_codes: { disposition_codes: ['wants_person', 'other'] },
});

interface RunDetail {
  id: number;
  gathered_context: Record<string, unknown>;
  transcript_public_url: string | null;
}

describe('a simulator call handed to a person', () => {
  let fake: OpenAiFake;
  let h: VoiceHarness;
  let campaignId: number;
  const runs: RunDetail[] = [];

  beforeAll(async () => {
    fake = await startOpenAiFake();
    fake.handle(play);
    h = await startVoiceHarness({
      LLM_BASE_URL: fake.baseUrl,
      LLM_MAX_RETRIES: '0',
      SIMULATOR_MEDIA_SPEED: '0',
    });
    await h.startWorker();
    const agent = await h.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/definition',
      headers: h.org.headers,
      payload: transferAgent(),
    });
    expect(agent.statusCode).toBe(201);
    // The callee asks for a person, then lets its next turn pass in silence (the call is transferred meanwhile).
    const csv = [
      'phone_number,callee_script',
      ...CONTACTS.map((phone) => `${phone},"Can I talk to a person please.|"`),
    ];
    runs.push(
      ...(await runSimulatorCampaign<RunDetail>(h, {
        agentId: agent.json().id,
        csv: csv.join('\n'),
        timeoutMs: 120_000,
      })),
    );
    campaignId = (
      await h.ctx.db
        .selectFrom('campaigns')
        .select('id')
        .where('workflow_id', '=', agent.json().id)
        .executeTakeFirstOrThrow()
    ).id;
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('records transferred and the destination on the run, and ends the transcript with the transfer line', async () => {
    expect(runs).toHaveLength(CONTACTS.length);
    for (const run of runs) {
      expect(run.gathered_context).toMatchObject({
        outcome: 'transferred',
        transferred_to: DESK,
        mapped_call_disposition: 'wants_person',
      });
      const response = await h.app.inject({
        method: 'GET',
        url: new URL(run.transcript_public_url!).pathname,
      });
      const transcript = JSON.parse(response.body) as {
        end_reason: string;
        turns: Array<{ role: string; content: string }>;
      };
      expect(transcript.end_reason).toBe('transferred');
      expect(transcript.turns.map((t) => [t.role, t.content])).toEqual([
        ['agent', GREETING],
        ['user', 'Can I talk to a person please.'],
        ['agent', LINE],
      ]);
    }
  });

  it('records the attempts as transferred, a successful final outcome the progress counts', async () => {
    const attempts = await h.ctx.db
      .selectFrom('attempts')
      .select(['outcome', 'provider_call_id'])
      .where('campaign_id', '=', campaignId)
      .execute();
    expect(attempts.map((a) => a.outcome)).toEqual(CONTACTS.map(() => 'transferred'));
    const progress = await h.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaignId}/progress`,
      headers: h.org.headers,
    });
    expect(progress.json()).toMatchObject({
      processed_rows: CONTACTS.length,
      failed_rows: 0,
      outcomes: { transferred: CONTACTS.length, completed: 0 },
    });
    // The simulator's own record: each call was transferred to the desk, and ended.
    const calls = await h.ctx.db
      .selectFrom('simulator_calls')
      .select(['call_sid', 'transferred_to', 'ended_at'])
      .where(
        'call_sid',
        'in',
        attempts.map((a) => a.provider_call_id!),
      )
      .execute();
    expect(calls).toHaveLength(CONTACTS.length);
    for (const call of calls)
      expect(call).toMatchObject({ transferred_to: DESK, ended_at: expect.any(Date) });
  });
});
