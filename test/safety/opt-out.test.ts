import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPT_OUT_CONFIRMATION } from '../../voice/call-lines';
import {
  lastUserMessage,
  schemaNameOf,
  startOpenAiFake,
  type FakeChatRequest,
  type FakeReply,
  type OpenAiFake,
} from '../runtime/fakes/openai-fake';
import { runSimulatorCampaign, startVoiceHarness, type VoiceHarness } from '../simulator/voice-harness';
import { simulatorCallsOfAttempts } from '../engine/simulator-record';

/**
 * Opt-out during a call, through live simulated calls: the simulator's scripted callees talk with the agent over
 * their media streams (the voice pipeline in the media process), the agent's LLM is a fake at the HTTP level. An
 * agent without disposition codes still opts out by disposition; its opt-out key opts out too; both put the number
 * on the organization's do-not-call list (source opt_out, the run's id), and a later campaign does not dial it.
 */

const GREETING = 'Hello, this is Acme calling.';

/** Callees (the simulator's `callee_script` column, no commas: plain CSV): last digit 0–5, so each call is answered. */
const CONTACTS = {
  saysStop: { phone: '+12125550101', script: 'Please do not call me again. [hang up]' },
  pressesOptOutKey: { phone: '+12125550102', script: '[press 9]|I pressed nine. [hang up]' },
  staysOn: { phone: '+12125550103', script: 'Sounds good thanks. [hang up]' },
  pressesOtherKey: { phone: '+12125550104', script: '[press 1]|Fine thanks. [hang up]' },
};

const csvOf = (contacts: Array<{ phone: string; script: string }>) =>
  ['phone_number,callee_script', ...contacts.map((c) => `${c.phone},${c.script}`)].join('\n');

/** The agent greets, answers anything with one line; its classifier hears "do not call" as the opt-out. */
function agentLlm(request: FakeChatRequest): FakeReply {
  if (schemaNameOf(request) === 'call_disposition') {
    const offered = (
      request.response_format!.json_schema!.schema as {
        properties: { disposition: { enum: string[] } };
      }
    ).properties.disposition.enum;
    const transcript = lastUserMessage(request).toLowerCase();
    const other = offered.find((code) => code !== 'do_not_call')!;
    return {
      content: JSON.stringify({ disposition: transcript.includes('do not call') ? 'do_not_call' : other }),
    };
  }
  return lastUserMessage(request) ? { content: 'I understand.' } : { content: GREETING };
}

const agentDefinition = {
  nodes: [
    {
      id: 'greet',
      type: 'startCall',
      position: { x: 0, y: 0 },
      data: { name: 'Greeting', prompt: 'Greet the person on behalf of Acme.' },
    },
    {
      id: 'bye',
      type: 'endCall',
      position: { x: 0, y: 160 },
      data: { name: 'Goodbye', prompt: 'Say goodbye.' },
    },
  ],
  edges: [{ id: 'e1', source: 'greet', target: 'bye', data: { label: 'done', condition: 'They are done.' } }],
};

interface RunDetail {
  id: number;
  gathered_context: Record<string, unknown>;
  transcript_public_url: string | null;
}

let fake: OpenAiFake;
let h: VoiceHarness;

beforeAll(async () => {
  fake = await startOpenAiFake();
  fake.handle(agentLlm);
  h = await startVoiceHarness({
    LLM_BASE_URL: fake.baseUrl,
    LLM_MAX_RETRIES: '0',
    CONVERSATION_MAX_TURNS: '3',
    SIMULATOR_MEDIA_SPEED: '4',
  });
  await h.startWorker();
}, 90_000);

afterAll(async () => {
  await h?.close();
  await fake?.close();
});

async function createAgent(workflowConfigurations: Record<string, unknown>) {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/v1/workflow/create/definition',
    headers: h.org.headers,
    payload: {
      name: `Opt-out agent ${Math.random().toString(36).slice(2, 8)}`,
      call_type: 'outbound',
      workflow_definition: agentDefinition,
      workflow_configurations: workflowConfigurations,
    },
  });
  return response;
}

const listEntries = () =>
  h.ctx.db
    .selectFrom('do_not_call_entries')
    .select(['number', 'source', 'run_id'])
    .where('organization_id', '=', h.org.organizationId)
    .orderBy('number')
    .execute();

/** This organization's calls to the number (the suite's other files may dial the same number meanwhile). */
async function callsTo(phone: string) {
  const calls = await simulatorCallsOfAttempts(h.ctx.db)
    .select('simulator_calls.id')
    .where('simulator_calls.to_number', '=', phone)
    .where('attempts.organization_id', '=', h.org.organizationId)
    .execute();
  return calls.length;
}

describe('a person who opts out during a call', () => {
  it('joins the do-not-call list by saying so or by the opt-out key, and no campaign dials them again', async () => {
    const created = await createAgent({ opt_out_dtmf_key: '9' });
    expect(created.statusCode, created.body).toBe(201);
    const agentId = (created.json() as { id: number }).id;
    const contacts = Object.values(CONTACTS);
    const details = await runSimulatorCampaign<RunDetail>(h, {
      agentId,
      csv: csvOf(contacts),
      timeoutMs: 60_000,
    });
    expect(details).toHaveLength(contacts.length);
    const runs = new Map<string, RunDetail>();
    for (const detail of details) {
      const { called_number } = await h.ctx.db
        .selectFrom('runs')
        .select('called_number')
        .where('id', '=', detail.id)
        .executeTakeFirstOrThrow();
      runs.set(called_number!, detail);
    }
    const runOf = (contact: { phone: string }) => runs.get(contact.phone)!;

    // The agent has no disposition codes: the classifier was offered the opt-out disposition against the end reason.
    const offers = fake.requests
      .filter((request) => schemaNameOf(request) === 'call_disposition')
      .map((request) => JSON.stringify(request.response_format!.json_schema!.schema));
    expect(offers.length).toBeGreaterThanOrEqual(2);
    for (const offer of offers) expect(offer).toContain('"do_not_call"');

    expect(runOf(CONTACTS.saysStop).gathered_context).toMatchObject({
      mapped_call_disposition: 'do_not_call',
      opt_out: { via: 'disposition' },
    });
    expect(runOf(CONTACTS.pressesOptOutKey).gathered_context).toMatchObject({
      mapped_call_disposition: 'do_not_call',
      opt_out: { via: 'keypad' },
    });
    for (const contact of [CONTACTS.staysOn, CONTACTS.pressesOtherKey]) {
      expect(runOf(contact).gathered_context.opt_out).toBeUndefined();
      expect(runOf(contact).gathered_context.mapped_call_disposition).not.toBe('do_not_call');
    }

    // The key press ended the call after the confirmation: the callee's next line was never heard.
    const download = await h.app.inject({
      method: 'GET',
      url: new URL(runOf(CONTACTS.pressesOptOutKey).transcript_public_url!).pathname,
    });
    const transcript = download.json() as { turns: Array<{ role: string; content: string }> };
    // (The greeting may be cut short when the key comes before it ends: the key interrupts the agent.)
    expect(transcript.turns[0]).toMatchObject({ role: 'agent' });
    expect(transcript.turns.at(-1)).toMatchObject({ role: 'agent', content: OPT_OUT_CONFIRMATION });
    expect(transcript.turns.filter((turn) => turn.role === 'user')).toEqual([]);

    expect(await listEntries()).toEqual([
      { number: CONTACTS.saysStop.phone, source: 'opt_out', run_id: runOf(CONTACTS.saysStop).id },
      {
        number: CONTACTS.pressesOptOutKey.phone,
        source: 'opt_out',
        run_id: runOf(CONTACTS.pressesOptOutKey).id,
      },
    ]);

    // A second campaign over the same people: the two who opted out are not dialed again, the others are.
    const again = await runSimulatorCampaign<RunDetail>(h, {
      agentId,
      csv: csvOf(contacts),
      timeoutMs: 60_000,
    });
    expect(again).toHaveLength(2);
    expect(await callsTo(CONTACTS.saysStop.phone)).toBe(1);
    expect(await callsTo(CONTACTS.pressesOptOutKey.phone)).toBe(1);
    expect(await callsTo(CONTACTS.staysOn.phone)).toBe(2);
    expect(await callsTo(CONTACTS.pressesOtherKey.phone)).toBe(2);
    const outcomes = await h.ctx.db
      .selectFrom('contacts')
      .innerJoin('campaigns', 'campaigns.id', 'contacts.campaign_id')
      .select(['contacts.phone_number', 'contacts.final_outcome'])
      .where('campaigns.workflow_id', '=', agentId)
      .orderBy('contacts.id', 'desc')
      .limit(contacts.length)
      .execute();
    const finalOf = new Map(outcomes.map((row) => [row.phone_number, row.final_outcome]));
    expect(finalOf.get(CONTACTS.saysStop.phone)).toBe('do_not_call');
    expect(finalOf.get(CONTACTS.pressesOptOutKey.phone)).toBe('do_not_call');
    // Listed once each: the second campaign added nothing.
    expect(await listEntries()).toHaveLength(2);
  }, 150_000);
});

describe('the opt-out settings of an agent', () => {
  it('accepts a disposition and a key, and answers 422 in the FastAPI shape for anything else', async () => {
    const ok = await createAgent({ opt_out_disposition: 'remove_me', opt_out_dtmf_key: '#' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(
      (ok.json() as { workflow_configurations: Record<string, unknown> }).workflow_configurations,
    ).toMatchObject({ opt_out_disposition: 'remove_me', opt_out_dtmf_key: '#' });
    expect((await createAgent({ opt_out_dtmf_key: null })).statusCode).toBe(201);

    const bad: Array<[string, unknown]> = [
      ['opt_out_dtmf_key', 'A'],
      ['opt_out_dtmf_key', '99'],
      ['opt_out_dtmf_key', 9],
      ['opt_out_dtmf_key', ''],
      ['opt_out_disposition', ''],
      ['opt_out_disposition', ' padded'],
      ['opt_out_disposition', 'two\nlines'],
      ['opt_out_disposition', 'x'.repeat(101)],
      ['opt_out_disposition', null],
      ['opt_out_disposition', 42],
    ];
    for (const [key, value] of bad) {
      const response = await createAgent({ [key]: value });
      expect(response.statusCode, `${key}=${JSON.stringify(value)}`).toBe(422);
      const detail = (response.json() as { detail: Array<{ loc: unknown[] }> }).detail;
      expect(
        detail.some((entry) => entry.loc.join('.').startsWith(`body.workflow_configurations.${key}`)),
        JSON.stringify(detail),
      ).toBe(true);
    }
  });
});
