import { describe, expect, it } from 'vitest';
import { explainRun } from '../../api/routes/runs/run-explanation';

/** A run's status as its call went, and why a finished run has no conversation (api/routes/runs/run-explanation.ts). */
describe('run explanation', () => {
  const llmAgent = {
    nodes: [{ id: 'start', type: 'startCall', data: { name: 'Hi', prompt: 'Greet.' } }],
    edges: [],
  };
  const scriptedAgent = {
    nodes: [
      {
        id: 'start',
        type: 'startCall',
        data: { name: 'Hi', prompt: 'Greet.', scripted: true, script_line: 'Hi.' },
      },
    ],
    edges: [],
  };
  const explain = (
    outcome: string | null,
    options: {
      transcript?: boolean;
      completed?: boolean;
      disposition?: string;
      llm?: boolean;
      agent?: unknown;
      mode?: string;
      /** False: the outcome is not stored in gathered_context (the disposition only). */
      outcome?: boolean;
    } = {},
  ) =>
    explainRun({
      run: {
        mode: options.mode ?? 'simulator',
        is_completed: options.completed ?? true,
        disposition: options.disposition ?? outcome,
        gathered_context: outcome
          ? { outcome, provider_cause: outcome === 'failed' ? 'sip:500' : undefined }
          : {},
        transcript_key: options.transcript ? 'runs/1/transcript.json' : null,
      },
      workflowDefinition: options.agent ?? llmAgent,
      llmConfigured: options.llm ?? false,
    });

  it("gives a run the status of its call, so a failed call's run is failed, not completed", () => {
    expect(explain('failed').status).toBe('failed');
    expect(explain('completed', { transcript: true }).status).toBe('answered');
    expect(explain('transferred', { transcript: true }).status).toBe('transferred');
    expect(explain('busy').status).toBe('not_answered');
    expect(explain('no_answer').status).toBe('not_answered');
    expect(explain('voicemail').status).toBe('voicemail');
    expect(explain('do_not_call').status).toBe('not_dialed');
    expect(explain('completed', { disposition: 'media_lost' }).status).toBe('failed');
    // Without a stored outcome: a disposition that is one, else answered when it talked (a text chat ended).
    expect(explain('busy', { outcome: false }).status).toBe('not_answered');
    expect(explain(null, { transcript: true, disposition: 'interested' }).status).toBe('answered');
    expect(explain(null, { transcript: true, mode: 'textchat' }).status).toBe('ended');
    expect(explain('completed', { completed: false })).toEqual({
      status: 'in_progress',
      no_conversation: null,
    });
  });

  it('says why a finished run has no conversation', () => {
    const why = (outcome: string | null, options?: Parameters<typeof explain>[1]) =>
      explain(outcome, options).no_conversation;
    expect(why('completed', { transcript: true })).toBeNull();
    expect(why('failed')).toEqual({
      reason: 'call_failed',
      message: 'The call could not be connected (failed, sip:500).',
    });
    expect(why('busy')).toEqual({ reason: 'not_answered', message: 'Nobody answered the call (busy).' });
    expect(why('voicemail')?.reason).toBe('voicemail');
    expect(why('do_not_call')?.message).toMatch(/do-not-call list/);
    expect(why('no_callable_window')?.reason).toBe('not_dialed');
    expect(why('completed', { disposition: 'media_lost' })?.reason).toBe('media_lost');
    // Answered, no transcript: no LLM for an agent with LLM steps…
    expect(why('completed')?.reason).toBe('no_llm');
    expect(why('completed')?.message).toMatch(/^No LLM is configured/);
    // …but a scripted agent needs none, and with an LLM the stream is what was missing.
    expect(why('completed', { agent: scriptedAgent })?.reason).toBe('no_media_stream');
    expect(why('completed', { llm: true })?.reason).toBe('no_media_stream');
  });
});
