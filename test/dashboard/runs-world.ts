import type { AgentDefinition } from '../../agents/definition';
import { recordingKeys } from '../../artifacts/artifact-keys';
import { conversationCompletion } from '../../conversation/run-finalisation';
import type { ConversationState } from '../../conversation/conversation-state';
import { completeRun } from '../../db/repositories/runs';
import type { EngineHarness } from '../engine/engine-harness';
import { finished, insertAgent, insertCampaign, insertRun } from '../runs/fixtures';

/**
 * One organization's runs for the runs pages: r1..r3 in January (r1 a campaign call with a stored transcript and a
 * recording, r2 a busy campaign call, r3 an inbound voicemail), then twelve inbound runs in February.
 */
export interface DashboardRunsWorld {
  outboundAgent: number;
  inboundAgent: number;
  campaign: number;
  r1: number;
  r2: number;
  r3: number;
  february: number[];
}

/** The conversation of r1, in order, as its page should draw it (node markers included). */
export const R1_CONVERSATION = [
  'Node: Greeting',
  'Agent Hello Ada, this is Acme calling about your order.',
  'Caller Hi, yes, go on.',
  'Node: Qualify (via “caller listens”)',
  'Agent Would you like a demo next week?',
  'Caller Yes please, Tuesday works.',
];

const DEFINITION = {
  nodes: [
    { id: 'greet', type: 'startCall', data: { name: 'Greeting', prompt: 'Greet the caller.' } },
    { id: 'qualify', type: 'agentNode', data: { name: 'Qualify', prompt: 'Offer a demo.' } },
  ],
  edges: [{ id: 'e1', source: 'greet', target: 'qualify', data: { label: 'caller listens' } }],
} as unknown as AgentDefinition;

const at = (second: number) => `2026-01-01T12:00:${String(second).padStart(2, '0')}.000Z`;

const R1_STATE: ConversationState = {
  revision: 4,
  node_id: 'qualify',
  variables: { first_name: 'Ada' },
  disposition_codes: ['interested', 'not_interested'],
  max_duration_seconds: 600,
  started_at: at(0),
  ended_at: at(40),
  end_reason: 'completed',
  turns: [
    {
      role: 'agent',
      content: 'Hello Ada, this is Acme calling about your order.',
      node_id: 'greet',
      at: at(1),
    },
    { role: 'user', content: 'Hi, yes, go on.', node_id: 'greet', at: at(5) },
    { role: 'agent', content: 'Would you like a demo next week?', node_id: 'qualify', at: at(9) },
    { role: 'user', content: 'Yes please, Tuesday works.', node_id: 'qualify', at: at(14) },
  ],
  transitions: [{ from: 'greet', to: 'qualify', label: 'caller listens', at: at(8) }],
  gathered: { mapped_call_disposition: 'interested', demo_day: 'Tuesday' },
  extracted_nodes: ['qualify'],
  usage: { prompt_tokens: 900, completion_tokens: 100 },
  disposition: 'interested',
  error: null,
};

/** A valid, silent, 8 kHz mono WAV of a tenth of a second (the page's player must be able to read it). */
function silentWav(): Buffer {
  const samples = 800;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

/** r1: a finished campaign call whose transcript and recording are stored as a live call's are. */
async function insertConversationRun(
  h: EngineHarness,
  organizationId: number,
  agentId: number,
  campaign: number,
) {
  const runId = await insertRun(
    h.ctx.db,
    {
      organization_id: organizationId,
      workflow_id: agentId,
      campaign_id: campaign,
      mode: 'simulator',
      call_type: 'outbound',
      name: 'campaign-call-ada',
      initial_context: { caller_number: '+18005550100', called_number: '+14155550123', first_name: 'Ada' },
      createdAt: '2026-01-01T12:00:00Z',
    },
    null,
  );
  const recording = recordingKeys(organizationId, runId).mixed;
  await h.ctx.storage.putObject({ key: recording, body: silentWav(), contentType: 'audio/wav' });
  const completion = await conversationCompletion(h.ctx, {
    organizationId,
    agentId,
    runId,
    mode: 'simulator',
    state: R1_STATE,
    definition: DEFINITION,
    callDurationSeconds: 40,
    recordingKeys: { recording_key: recording },
  });
  await completeRun(h.ctx.db, runId, completion);
  return runId;
}

/** Seeds the runs world into the organization. */
export async function seedDashboardRuns(
  h: EngineHarness,
  organizationId: number,
): Promise<DashboardRunsWorld> {
  const db = h.ctx.db;
  const outboundAgent = await insertAgent(db, organizationId, 'Outbound sales');
  const inboundAgent = await insertAgent(db, organizationId, 'Front desk');
  const campaign = await insertCampaign(db, organizationId, outboundAgent);
  await db.updateTable('campaigns').set({ name: 'January push' }).where('id', '=', campaign).execute();
  const base = { organization_id: organizationId, mode: 'simulator' };
  const r1 = await insertConversationRun(h, organizationId, outboundAgent, campaign);
  const r2 = await insertRun(
    db,
    {
      ...base,
      workflow_id: outboundAgent,
      campaign_id: campaign,
      call_type: 'outbound',
      name: 'campaign-call-bob',
      initial_context: { caller_number: '+18005550100', called_number: '+14155559999' },
      createdAt: '2026-01-02T12:00:00Z',
    },
    finished('busy', 0, 0),
  );
  const r3 = await insertRun(
    db,
    {
      ...base,
      workflow_id: inboundAgent,
      call_type: 'inbound',
      name: 'inbound-call',
      initial_context: { caller_number: '+12125550100', called_number: '+18005550100' },
      createdAt: '2026-01-03T12:00:00Z',
    },
    finished('voicemail', 30, 0),
  );
  const february: number[] = [];
  for (let day = 1; day <= 12; day += 1) {
    february.push(
      await insertRun(
        db,
        {
          ...base,
          workflow_id: inboundAgent,
          call_type: 'inbound',
          name: `february-call-${day}`,
          initial_context: {
            caller_number: `+1212555${String(day).padStart(4, '0')}`,
            called_number: '+18005550100',
          },
          createdAt: `2026-02-${String(day).padStart(2, '0')}T12:00:00Z`,
        },
        finished('completed', 60 + day, 10),
      ),
    );
  }
  return { outboundAgent, inboundAgent, campaign, r1, r2, r3, february };
}

/** r1's turns, as its conversation state keeps them. */
export const R1_TURNS = R1_STATE.turns;

/** A run in progress whose live conversation (its `logs.conversation`) holds one agent turn. */
export async function insertLiveRun(
  h: EngineHarness,
  organizationId: number,
  agentId: number,
): Promise<number> {
  const runId = await insertRun(
    h.ctx.db,
    {
      organization_id: organizationId,
      workflow_id: agentId,
      mode: 'textchat',
      call_type: 'outbound',
      name: 'live-chat',
      createdAt: '2026-03-01T12:00:00Z',
    },
    null,
  );
  await saveLiveTurns(h, runId, R1_STATE.turns.slice(0, 1));
  return runId;
}

/** Replaces the live conversation of a run in progress with these turns. */
export async function saveLiveTurns(h: EngineHarness, runId: number, turns: ConversationState['turns']) {
  const state = { ...R1_STATE, ended_at: null, end_reason: null, disposition: null, turns };
  await h.ctx.db
    .updateTable('runs')
    .set({ logs: JSON.stringify({ conversation: state }) })
    .where('id', '=', runId)
    .execute();
}
