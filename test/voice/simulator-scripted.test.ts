/**
 * A scripted reminder on the simulator with no LLM configured anywhere (issue 37): one callee answers "Yes." by
 * voice, another presses 2 (their contacts' `callee_script`); each call talks over its media stream, takes its
 * branch, and stores the captured value and the disposition in gathered_context; a third stays silent and the
 * timeout branch ends its call. A contact without a script, in the same campaign, talks too: no LLM plays its callee,
 * so it is the simulator's cooperative person (simulator/cooperative-callee.ts), who agrees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFor } from '../engine/engine-harness';
import { REMINDER_LINE, reminderAgent } from '../scripted/scripted-fixtures';
import { COOPERATIVE_REPLIES } from '../../simulator/cooperative-callee';
import { runSimulatorCampaign, startVoiceHarness, type VoiceHarness } from '../simulator/voice-harness';

const SAYS_YES = phoneFor(430, 1);
const PRESSES_TWO = phoneFor(431, 1);
const NO_SCRIPT = phoneFor(432, 1);
const STAYS_SILENT = phoneFor(433, 1);

interface RunDetail {
  id: number;
  called_number: string;
  is_completed: boolean;
  disposition: string | null;
  gathered_context: Record<string, unknown>;
  transcript_public_url: string | null;
  initial_context: Record<string, unknown>;
}

interface Transcript {
  end_reason: string;
  turns: Array<{ role: 'agent' | 'user'; content: string }>;
}

describe('a scripted reminder on simulated calls, with no LLM', () => {
  let h: VoiceHarness;
  let runs: RunDetail[];

  beforeAll(async () => {
    h = await startVoiceHarness({ SIMULATOR_MEDIA_SPEED: '0' });
    expect(h.ctx.config.llm).toBeNull();
    await h.startWorker();
    const agent = await h.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/definition',
      headers: h.org.headers,
      payload: reminderAgent(),
    });
    expect(agent.statusCode, agent.body).toBe(201);
    runs = await runSimulatorCampaign<RunDetail>(h, {
      agentId: agent.json().id,
      csv: [
        'phone_number,name,callee_script',
        `${SAYS_YES},Ada,Yes.`,
        `${PRESSES_TWO},Ada,[press 2]`,
        `${NO_SCRIPT},Cy,`,
        // Silent on every turn: the reminder's 8 s timeout branch (media time) ends the call.
        `${STAYS_SILENT},Di,||||`,
      ].join('\n'),
      settings: { retry_config: { enabled: false, max_retries: 0 } },
      timeoutMs: 120_000,
    });
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  /**
   * The reminder as the callee heard it: the simulated callee takes its turn at the first pause of 0.6 s (media time)
   * after a mark, and synthesis may pause between the line's sentences, so an answer may cut the line short.
   */
  const heardOf = (transcript: Transcript, name = 'Ada') => {
    const heard = transcript.turns[0]!.content;
    expect(heard.length).toBeGreaterThan(0);
    expect(REMINDER_LINE.replace('Ada', name).startsWith(heard)).toBe(true);
    return heard;
  };
  const runTo = (phone: string) => runs.find((run) => run.initial_context.called_number === phone)!;
  async function transcriptOf(run: RunDetail): Promise<Transcript> {
    const response = await h.app.inject({ method: 'GET', url: new URL(run.transcript_public_url!).pathname });
    return JSON.parse(response.body) as Transcript;
  }

  it('confirms on a spoken yes: the captured yes and the branch disposition in gathered_context', async () => {
    const run = runTo(SAYS_YES);
    expect(run).toMatchObject({
      is_completed: true,
      gathered_context: { confirmed: true, mapped_call_disposition: 'confirmed' },
    });
    const transcript = await transcriptOf(run);
    expect(transcript.end_reason).toBe('completed');
    expect(transcript.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', heardOf(transcript)],
      ['user', 'Yes.'],
      ['agent', 'Thank you, Ada. See you tomorrow at 10.'],
    ]);
  });

  it("cancels on a pressed 2, with the cancelled endCall's disposition", async () => {
    const run = runTo(PRESSES_TWO);
    expect(run).toMatchObject({
      is_completed: true,
      gathered_context: { mapped_call_disposition: 'cancelled' },
    });
    expect(run.gathered_context).not.toHaveProperty('confirmed');
    const transcript = await transcriptOf(run);
    expect(transcript.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', heardOf(transcript)],
      ['user', '[pressed 2]'],
      ['agent', 'Your appointment is cancelled. Goodbye.'],
    ]);
  });

  it("takes the timeout branch when the callee says nothing, with that branch's disposition", async () => {
    const run = runTo(STAYS_SILENT);
    expect(run).toMatchObject({
      is_completed: true,
      gathered_context: { mapped_call_disposition: 'no_decision' },
    });
    const transcript = await transcriptOf(run);
    expect(transcript.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', REMINDER_LINE.replace('Ada', 'Di')],
      ['agent', 'We will call you back later. Goodbye.'],
    ]);
  });

  it('gives a callee without a script a cooperative person: it says yes, so the reminder is confirmed', async () => {
    const run = runTo(NO_SCRIPT);
    expect(run).toMatchObject({
      is_completed: true,
      gathered_context: { confirmed: true, mapped_call_disposition: 'confirmed' },
    });
    const transcript = await transcriptOf(run);
    expect(transcript.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', heardOf(transcript, 'Cy')],
      ['user', COOPERATIVE_REPLIES.yes],
      ['agent', 'Thank you, Cy. See you tomorrow at 10.'],
    ]);
  });
});
