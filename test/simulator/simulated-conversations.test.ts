import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFor } from '../engine/engine-harness';
import { startOpenAiFake, type OpenAiFake } from '../runtime/fakes/openai-fake';
import { threeNodeAgent } from '../runtime/textchat-fixtures';
import { isCalleeRequest, simulatedCallScript } from './simulated-call-script';
import { runSimulatorCampaign, startVoiceHarness, type VoiceHarness } from './voice-harness';

/** The contacts' CSV: a name, an email and notes per person (the callee's persona); one row with none of them. */
const CONTACTS = [
  {
    key: 'ada',
    phone: phoneFor(1, 1),
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    notes: 'Curious about new tools.',
  },
  {
    key: 'grace',
    phone: phoneFor(2, 2),
    name: 'Grace Hopper',
    email: 'grace@example.com',
    notes: 'Busy and not interested in demos.',
  },
  {
    key: 'linus',
    phone: phoneFor(3, 3),
    name: 'Linus',
    email: 'linus@example.com',
    notes: 'Always talks about the weather.',
  },
  {
    key: 'margaret',
    phone: phoneFor(4, 4),
    name: 'Margaret',
    email: 'margaret@example.com',
    notes: 'Mumbles.',
  },
  { key: 'anonymous', phone: phoneFor(5, 5), name: '', email: '', notes: '' },
  { key: 'rambler', phone: phoneFor(7, 0), name: 'Rita', email: 'rita@example.com', notes: 'Rambles.' },
  { key: 'quitter', phone: phoneFor(8, 1), name: 'Quentin', email: '', notes: 'Hangs up at once.' },
  {
    key: 'keypad',
    phone: phoneFor(9, 2),
    name: 'Kim',
    email: '',
    notes: '',
    // A scripted callee: presses 1 on its first turn, declines on its second (no LLM asked for it).
    script: '[press 1]|No thanks I am not interested.',
  },
  {
    key: 'machine',
    phone: phoneFor(6, 8),
    name: 'Voicemail Owner',
    email: 'vm@example.com',
    notes: 'Never picks up.',
  },
];

/** Every completion of the LLM fake reports this usage, so a conversation's tokens are its requests times it. */
const USAGE_PER_COMPLETION = { prompt_tokens: 1000, completion_tokens: 100 };
/**
 * Ada's conversation (simulated-call-script.ts): the agent's LLM is asked 7 times (greeting, the greeting's
 * `listening` tool, the demo offer, its `answered` tool, goodbye, then extraction and disposition); the callee's
 * twice (hello, yes please: the goodbye node ends the call before the callee speaks again).
 */
const ADA_AGENT_COMPLETIONS = 7;
const ADA_CALLEE_COMPLETIONS = 2;

interface RunDetail {
  id: number;
  is_completed: boolean;
  gathered_context: Record<string, unknown>;
  usage_info: {
    llm?: { prompt_tokens: number; completion_tokens: number };
    stt_seconds?: number;
    tts_characters?: number;
  };
  cost_info: { charge_usd?: number; service_token_usage?: number; call_duration_seconds?: number };
  transcript_url: string | null;
  transcript_public_url: string | null;
}

describe('simulated calls answered by a person talk with the agent', () => {
  let fake: OpenAiFake;
  let h: VoiceHarness;
  let agentId: number;
  const runs = new Map<string, RunDetail>();

  const transcriptOf = async (run: RunDetail) => {
    const download = await h.app.inject({ method: 'GET', url: new URL(run.transcript_public_url!).pathname });
    expect(download.statusCode).toBe(200);
    return download.json() as {
      mode: string;
      end_reason: string;
      disposition: string;
      error?: string;
      turns: Array<{ role: string; content: string; node_id: string }>;
    };
  };
  const attemptOf = (runId: number) =>
    h.ctx.db.selectFrom('attempts').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
  const simulatorCallOf = (attemptId: number) =>
    h.ctx.db
      .selectFrom('simulator_calls')
      .selectAll()
      .where('attempt_ref', '=', String(attemptId))
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    fake = await startOpenAiFake();
    fake.handle(simulatedCallScript);
    fake.fixUsage(USAGE_PER_COMPLETION);
    h = await startVoiceHarness({
      LLM_BASE_URL: fake.baseUrl,
      LLM_MAX_RETRIES: '0',
      CONVERSATION_MAX_TURNS: '3',
      // Real time: a call then lasts, on the wall clock, at least its talk time (asserted below).
      SIMULATOR_MEDIA_SPEED: '1',
    });
    await h.startWorker();
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/definition',
      headers: h.org.headers,
      payload: threeNodeAgent(),
    });
    expect(created.statusCode).toBe(201);
    agentId = created.json().id;

    const csv = [
      'phone_number,name,email,notes,callee_script',
      ...CONTACTS.map((c) => [c.phone, c.name, c.email, c.notes, c.script ?? ''].join(',')),
    ].join('\n');
    const details = await runSimulatorCampaign<RunDetail>(h, { agentId, csv, timeoutMs: 60_000 });
    expect(details).toHaveLength(CONTACTS.length);
    for (const detail of details) {
      const { called_number } = await h.ctx.db
        .selectFrom('runs')
        .select('called_number')
        .where('id', '=', detail.id)
        .executeTakeFirstOrThrow();
      runs.set(CONTACTS.find((c) => c.phone === called_number)!.key, detail);
    }
  }, 90_000);
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('gives answered calls a transcript, gathered context, a mapped disposition, usage and cost', async () => {
    const ada = runs.get('ada')!;
    expect(ada).toMatchObject({
      is_completed: true,
      gathered_context: {
        mapped_call_disposition: 'demo_booked',
        wants_demo: true,
        email: 'ada@example.com',
        outcome: 'completed',
        provider_status: 'completed/human',
      },
      transcript_url: expect.stringMatching(/^https?:\/\//),
    });
    const prompt = ADA_AGENT_COMPLETIONS * USAGE_PER_COMPLETION.prompt_tokens;
    const completion = ADA_AGENT_COMPLETIONS * USAGE_PER_COMPLETION.completion_tokens;
    expect(ada.usage_info.llm).toEqual({ prompt_tokens: prompt, completion_tokens: completion });
    const transcript = await transcriptOf(ada);
    // Speech: the agent's words were synthesised, character for character; the callee's were read from the text
    // the simulator sent with its audio, so no speech-to-text was billed.
    const spoken = transcript.turns.filter((turn) => turn.role === 'agent').map((turn) => turn.content);
    expect(ada.usage_info).toMatchObject({ stt_seconds: 0, tts_characters: spoken.join('').length });
    // The configured unit prices: tokens, the synthesised characters, plus the call's minutes (its length is the
    // conversation's media time).
    const pricing = h.ctx.config.pricing;
    const duration = ada.cost_info.call_duration_seconds!;
    const charge =
      (prompt / 1e6) * pricing.llmPromptPerMillionTokens +
      (completion / 1e6) * pricing.llmCompletionPerMillionTokens +
      (ada.usage_info.tts_characters! / 1e6) * pricing.ttsPerMillionCharacters +
      (duration / 60) * pricing.callPerMinute;
    expect(ada.cost_info).toEqual({
      service_token_usage: prompt + completion,
      charge_usd: Math.round(charge * 1e6) / 1e6,
      call_duration_seconds: duration,
    });

    expect(transcript).toMatchObject({
      mode: 'simulator',
      end_reason: 'completed',
      disposition: 'demo_booked',
    });
    expect(transcript.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', 'Hello, this is Acme calling.'],
      ['user', 'Hello, yes, I have a minute.'],
      ['agent', 'Would you like a demo of Rocket?'],
      ['user', 'Yes please, send it to ada@example.com.'],
      ['agent', 'Thank you, goodbye!'],
    ]);
    // The callee's tokens are the simulator's: asked of the same LLM, not billed to the run (its usage above is the
    // agent's completions only).
    const adaCallee = fake.requests.filter(
      (r) => isCalleeRequest(r) && r.messages[0]!.content.includes('You are Ada Lovelace.'),
    );
    expect(adaCallee).toHaveLength(ADA_CALLEE_COMPLETIONS);

    const grace = runs.get('grace')!;
    expect(grace).toMatchObject({
      gathered_context: { mapped_call_disposition: 'not_interested', wants_demo: false },
    });
    expect(grace.gathered_context.email).toBeUndefined();
    expect((await transcriptOf(grace)).turns.at(-2)).toMatchObject({
      role: 'user',
      content: 'No thanks, I am not interested.',
    });
  });

  it('builds the callee from the CSV columns, or a generic cooperative callee without them', async () => {
    const calleePrompts = fake.requests.filter(isCalleeRequest).map((r) => r.messages[0]!.content);
    const ada = calleePrompts.find((prompt) => prompt.includes('You are Ada Lovelace.'));
    expect(ada).toContain('About you: Curious about new tools.');
    expect(ada).toContain('- email: ada@example.com');
    // Keys the service adds to initial_context are about the call, not the person.
    expect(ada).not.toContain('campaign_id');
    const generic = calleePrompts.find((prompt) => prompt.includes('member of the public'));
    expect(generic).toContain('polite and cooperative');
    expect(runs.get('anonymous')).toMatchObject({
      is_completed: true,
      gathered_context: { mapped_call_disposition: 'not_interested' },
    });
  });

  it('keeps the simulated call as long as the conversation, and records the outcome on the attempt', async () => {
    for (const key of ['ada', 'grace', 'anonymous']) {
      const run = runs.get(key)!;
      const attempt = await attemptOf(run.id);
      expect(attempt).toMatchObject({
        state: 'finished',
        outcome: 'completed',
        provider_status: 'completed/human',
      });
      const call = await simulatorCallOf(attempt.id);
      expect(call.status).toBe('ended');
      expect(call.converses).toBe(true);
      // The talk time is the stream's media time, 20 ms per frame the callee sent: whole frames, at least its
      // speech, at most the call's time limit. The run bills the media time the agent's side counted: the same
      // clock, less the frames still on the wire when the agent hung up.
      const talkSeconds = Number(call.talk_seconds);
      expect(Math.round(talkSeconds * 50)).toBeCloseTo(talkSeconds * 50, 6);
      expect(talkSeconds).toBeGreaterThanOrEqual(2);
      expect(talkSeconds).toBeLessThanOrEqual(Number(call.time_limit_seconds));
      const billed = run.cost_info.call_duration_seconds!;
      expect(billed).toBeLessThanOrEqual(talkSeconds);
      expect(billed).toBeGreaterThanOrEqual(talkSeconds - 0.2);
      // The call was hung up when the conversation ended: it lasted its ring and the talk, less at most the last
      // 20 ms frame (a frame counts its whole 20 ms of media time from the moment it is sent).
      const lastedMs = call.ends_at.getTime() - call.requested_at.getTime();
      expect(lastedMs).toBeGreaterThanOrEqual((Number(call.ring_seconds) + talkSeconds) * 1000 - 20);
      expect(call.ended_at!.getTime()).toBeGreaterThanOrEqual(call.ends_at.getTime());
    }
  });

  it("ends the conversation with disposition llm_error when the agent's LLM fails, keeping the outcome; a callee whose LLM fails hangs up", async () => {
    const linus = runs.get('linus')!;
    expect(linus).toMatchObject({
      is_completed: true,
      gathered_context: { mapped_call_disposition: 'llm_error', outcome: 'completed' },
    });
    expect(await attemptOf(linus.id)).toMatchObject({ outcome: 'completed', state: 'finished' });
    const failed = await transcriptOf(linus);
    expect(failed).toMatchObject({ end_reason: 'llm_error', disposition: 'llm_error' });
    expect(failed.error).toMatch(/agent model is down/);
    // The agent failed after hearing about the weather.
    expect(failed.turns.slice(0, 2).map((t) => [t.role, t.content])).toEqual([
      ['agent', 'Hello, this is Acme calling.'],
      ['user', "Lovely weather today, isn't it?"],
    ]);
    // The callee's LLM is the simulator's: when it fails, the person on the line just hangs up, without a word.
    const margaret = runs.get('margaret')!;
    expect(margaret).toMatchObject({ is_completed: true, gathered_context: { outcome: 'completed' } });
    expect(await attemptOf(margaret.id)).toMatchObject({ outcome: 'completed', state: 'finished' });
    const hungUp = await transcriptOf(margaret);
    expect(hungUp).toMatchObject({ end_reason: 'user_ended' });
    expect(hungUp.turns.map((t) => t.role)).toEqual(['agent']);
  });

  it('hears a scripted callee: its key presses, then its words', async () => {
    const keypad = runs.get('keypad')!;
    expect(keypad).toMatchObject({
      is_completed: true,
      gathered_context: { mapped_call_disposition: 'not_interested', outcome: 'completed' },
    });
    const transcript = await transcriptOf(keypad);
    expect(transcript.end_reason).toBe('completed');
    expect(transcript.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', 'Hello, this is Acme calling.'],
      ['user', '[pressed 1]'],
      ['agent', 'Would you like a demo of Rocket?'],
      ['user', 'No thanks I am not interested.'],
      ['agent', 'Thank you, goodbye!'],
    ]);
    expect(fake.requests.some((r) => isCalleeRequest(r) && r.messages[0]!.content.includes('Kim'))).toBe(
      false,
    );
  });

  it('ends at the turn limit, or when the callee hangs up with last words', async () => {
    const rambler = await transcriptOf(runs.get('rambler')!);
    expect(rambler.end_reason).toBe('max_turns');
    expect(rambler.turns.filter((turn) => turn.role === 'user')).toHaveLength(3);
    const quitter = await transcriptOf(runs.get('quitter')!);
    expect(quitter).toMatchObject({ end_reason: 'user_ended' });
    expect(quitter.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', 'Hello, this is Acme calling.'],
      ['user', 'Sorry, wrong time.'],
    ]);
    for (const key of ['rambler', 'quitter'])
      expect(runs.get(key)!.gathered_context).toMatchObject({
        mapped_call_disposition: 'not_interested',
        outcome: 'completed',
      });
  });

  it('leaves calls a machine answered as before: the outcome, no conversation', async () => {
    const machine = runs.get('machine')!;
    expect(machine).toMatchObject({
      is_completed: true,
      transcript_url: null,
      gathered_context: { mapped_call_disposition: 'voicemail', outcome: 'voicemail' },
    });
    expect(
      fake.requests.filter(isCalleeRequest).some((r) => r.messages[0]!.content.includes('Voicemail Owner')),
    ).toBe(false);
  });
});
