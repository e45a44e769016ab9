/**
 * `npm run demo`'s agent and contacts (scripts/demo/demo-data.ts) on the simulator with no LLM configured (issue 37):
 * every answered call has a two-sided transcript and a recording, and ends on the branch its callee's script picks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT, demoContactsCsv } from '../../scripts/demo/demo-data';
import { runSimulatorCampaign, startVoiceHarness, type VoiceHarness } from '../simulator/voice-harness';

interface RunDetail {
  initial_context: Record<string, unknown>;
  gathered_context: Record<string, unknown>;
  transcript_public_url: string | null;
  recording_public_url: string | null;
}

describe("the demo's scripted reminder, with no LLM", () => {
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
      payload: DEMO_AGENT,
    });
    expect(agent.statusCode, agent.body).toBe(201);
    // Six contacts on numbers ending 0 to 5: the simulator answers each, and each has one of the six scripts.
    runs = await runSimulatorCampaign<RunDetail>(h, {
      agentId: agent.json().id,
      csv: demoContactsCsv(6, 100),
      settings: { max_concurrency: 3, retry_config: { enabled: false, max_retries: 0 } },
      timeoutMs: 150_000,
    });
  }, 200_000);
  afterAll(async () => {
    await h?.close();
  });

  it('gives every call a two-sided transcript, a recording and the disposition of its branch', async () => {
    expect(runs).toHaveLength(6);
    const byScript = new Map(runs.map((run) => [run.initial_context.callee_script, run]));
    const expected: Record<string, string> = {
      'Yes, I will be there.': 'confirmed',
      '[press 2]': 'cancelled',
      'Sorry, who is this?|Yes.': 'confirmed',
      '[press 1]': 'confirmed',
      'No.': 'cancelled',
      '||': 'no_decision',
    };
    for (const [script, disposition] of Object.entries(expected)) {
      const run = byScript.get(script)!;
      expect(run.gathered_context, script).toMatchObject({ mapped_call_disposition: disposition });
      expect(run.recording_public_url, script).not.toBeNull();
      const response = await h.app.inject({
        method: 'GET',
        url: new URL(run.transcript_public_url!).pathname,
      });
      const roles = (JSON.parse(response.body) as { turns: Array<{ role: string }> }).turns.map(
        (t) => t.role,
      );
      expect(roles.filter((role) => role === 'agent').length, script).toBeGreaterThanOrEqual(2);
      // The silent callee never speaks; every other one is heard.
      expect(roles.includes('user'), script).toBe(script !== '||');
    }
    expect(byScript.get('Yes, I will be there.')!.gathered_context).toMatchObject({ will_attend: true });
  });
});
