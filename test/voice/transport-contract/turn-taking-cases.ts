/**
 * Turn-taking over every vendor's wire (issue 35), a part of the transport contract: the voice pipeline talks through
 * the transport under test while its far end plays the agent's audio and speaks the caller's lines. A backchannel
 * under `min_words` sends no clear; a node with `allow_interrupt: false` sends none either; under `provisional_vad`
 * a sound without words sends one clear and the agent's audio comes back after it. The caller's words reach the
 * recogniser beside the wire (as the simulator's text does), since no vendor's wire carries text.
 */
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AgentDefinition, AgentNode } from '../../../agents/definition';
import { startCallPipeline } from '../../../voice/call-pipeline';
import type { VoiceSettings } from '../../../voice/live-call';
import type { MediaStreamStart, MediaTransport } from '../../../voice/media-transport';
import type { RecognitionSession, SpeechRecognizer } from '../../../voice/speech';
import { createSimulatorRecognizer } from '../../../voice/stt/simulator-recognizer';
import { createLocalSynthesizer } from '../../../voice/tts/local-synthesizer';
import { startOpenAiFake, type OpenAiFake } from '../../runtime/fakes/openai-fake';
import { agentReplies, definition, modelOf, testCall } from '../call-harness';
import { fliteSpeech } from '../fakes/flite-caller';
import type { FarEnd } from './far-end';

type Started = (start: MediaStreamStart) => Promise<{ farEnd: FarEnd; transport: MediaTransport }>;

/** The agent's audio the far end heard after media time `afterMs`, in frames. */
const heardAfter = (farEnd: FarEnd, afterMs: number) =>
  farEnd.far.heardFrames.filter((atMs) => atMs > afterMs).length;
const clears = (farEnd: FarEnd) => farEnd.agent.items.filter((item) => item.kind === 'clear').length;

export function turnTakingCases(started: Started, nextStart: () => MediaStreamStart): void {
  let fake: OpenAiFake;
  beforeAll(async () => {
    fake = await startOpenAiFake();
    fake.handle(agentReplies);
  });
  afterAll(() => fake.close());

  /** A call through the transport, asked for the story; resolves once two seconds of it were heard. */
  async function storyOverTheWire(settings: Partial<VoiceSettings>, graph: AgentDefinition = definition) {
    const { farEnd, transport } = await started(nextStart());
    let session: RecognitionSession | null = null;
    const simulator = createSimulatorRecognizer();
    const recognizer: SpeechRecognizer = {
      name: 'beside-the-wire',
      open: async (options) => (session = await simulator.open(options)),
    };
    farEnd.far.on('callerText', (text) => session?.callerText?.(text));
    const pipeline = startCallPipeline({
      call: testCall({ definition: graph, settings }),
      voices: {
        recognizer,
        synthesizer: createLocalSynthesizer(),
        fallbackSynthesizer: createLocalSynthesizer(),
        llm: modelOf(fake),
      },
      transport,
      logger: pino({ level: 'silent' }),
      maxTurns: 20,
      sink: { saveTurn: async () => {}, finish: async () => {} },
    });
    const far = farEnd.far;
    // The greeting (two sentences, their marks back), then the caller's request, then two seconds of the story.
    await far.run(() => far.marks.filter((mark) => !mark.cleared).length >= 2, 60_000);
    const request = far.say(await fliteSpeech('Tell me a story.', far.sampleRate), 'Tell me a story.');
    await far.run(() => request.endMs !== null && heardAfter(farEnd, request.endMs) >= 100, 60_000);
    return { farEnd, pipeline };
  }

  it('turn-taking: a backchannel under min_words sends no clear, and the agent talks on', async () => {
    const { farEnd, pipeline } = await storyOverTheWire({ interruptionStrategy: 'min_words' });
    const backchannel = farEnd.far.say(await fliteSpeech('Uh-huh.', farEnd.far.sampleRate), 'Uh-huh.');
    await farEnd.far.run(
      () => backchannel.endMs !== null && heardAfter(farEnd, backchannel.endMs) >= 50,
      30_000,
    );
    expect(clears(farEnd)).toBe(0);
    pipeline.shutdown();
    await pipeline.done;
  });

  it("turn-taking: a node with allow_interrupt: false sends no clear under the caller's words", async () => {
    const holding = structuredClone(definition);
    holding.nodes[0]!.data = { ...holding.nodes[0]!.data, allow_interrupt: false } as AgentNode['data'];
    const { farEnd, pipeline } = await storyOverTheWire({}, holding);
    const words = farEnd.far.say(
      await fliteSpeech('Stop, please stop now.', farEnd.far.sampleRate),
      'Stop, please stop now.',
    );
    await farEnd.far.run(() => words.endMs !== null && heardAfter(farEnd, words.endMs) >= 50, 30_000);
    expect(clears(farEnd)).toBe(0);
    pipeline.shutdown();
    await pipeline.done;
  });

  it('turn-taking: under provisional_vad a sound without words clears once, then the audio comes back', async () => {
    const { farEnd, pipeline } = await storyOverTheWire({ interruptionStrategy: 'provisional_vad' });
    // A murmur the recogniser makes no words of: a voice without text (Silero, the default detector, hears a cough
    // as no speech at all, bench/vad-false-triggers).
    const murmur = farEnd.far.say(await fliteSpeech('Mm-hmm.', farEnd.far.sampleRate));
    await farEnd.far.run(() => clears(farEnd) > 0, 30_000);
    const clearedAt = farEnd.far.clears[0]!;
    await farEnd.far.run(() => murmur.endMs !== null && heardAfter(farEnd, clearedAt) >= 50, 30_000);
    expect(clears(farEnd)).toBe(1);
    pipeline.shutdown();
    await pipeline.done;
  });
}
