/**
 * Backchannels over the agent (not a test): on the simulator's 16 kHz leg, with pocketsphinx listening (text only
 * at the end of each utterance), the agent tells its story and the caller says one flite backchannel over it
 * ("Uh-huh.", "Mm-hmm.", "Yeah, okay.", …). Counts the calls in which the agent was interrupted (a clear before
 * the story's last sentence played), under `turn_start_strategy: min_words` (target 0) and, for comparison, under
 * `default`, with each detector. The pipeline is the real one (voice/call-pipeline.ts) in this process with the
 * test harness's far end and LLM fake (test/voice/call-harness.ts).
 * Usage: npx tsx bench/vad-false-triggers/backchannels.ts
 * Exits non-zero when a call ends without the story told or a clear (no verdict).
 */
import { agentReplies, startCall, STORY, GREETING } from '../../test/voice/call-harness';
import { startOpenAiFake } from '../../test/runtime/fakes/openai-fake';
import { fliteSpeech } from '../../test/voice/fakes/flite-caller';
import type { VoiceSettings } from '../../voice/live-call';
import { createPocketsphinxRecognizer } from '../../voice/stt/pocketsphinx-recognizer';
import { VAD_ENGINES } from '../../voice/vad/detector';

const BACKCHANNELS = [
  'Uh-huh.',
  'Mm-hmm.',
  'Yeah.',
  'Okay.',
  'Right.',
  'I see.',
  'Sure.',
  'Got it.',
  'Yeah, okay.',
  'Mm-hmm, right.',
];

async function interrupted(settings: Partial<VoiceSettings>, backchannel: string): Promise<boolean> {
  const fake = await startOpenAiFake();
  // Whatever pocketsphinx makes of "Tell me a story.", the agent tells it.
  fake.handle((request) => {
    const reply = agentReplies(request);
    return 'content' in reply && reply.content?.startsWith('You said') ? { content: STORY.join(' ') } : reply;
  });
  const call = startCall({ fake, recognizer: createPocketsphinxRecognizer(), settings });
  try {
    await call.runUntil(call.played(GREETING[1]!), 60_000);
    call.transport.say(await fliteSpeech('Tell me a story.'), 'Tell me a story.');
    await call.runUntil(call.played(STORY[0]!), 60_000);
    call.transport.say(await fliteSpeech(backchannel));
    await call.runUntil(() => call.transport.clears.length > 0 || call.played(STORY.at(-1)!)(), 60_000);
    return call.transport.clears.length > 0;
  } finally {
    call.pipeline.shutdown();
    await call.pipeline.done.catch(() => {});
    await fake.close();
  }
}

async function main() {
  console.log('| strategy | detector | backchannels that interrupted the agent |');
  console.log('| --- | --- | --- |');
  for (const interruptionStrategy of ['min_words', 'default'] as const) {
    for (const vadEngine of VAD_ENGINES) {
      const cut: string[] = [];
      for (const backchannel of BACKCHANNELS)
        if (await interrupted({ interruptionStrategy, vadEngine }, backchannel)) cut.push(backchannel);
      console.log(
        `| ${interruptionStrategy} | ${vadEngine} | ${cut.length} of ${BACKCHANNELS.length}` +
          `${cut.length ? ` (${cut.join(' ')})` : ''} |`,
      );
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
