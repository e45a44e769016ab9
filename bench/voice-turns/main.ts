/**
 * Turn-taking benchmark (not a test), from the caller's side, on the real voice pipeline (voice/call-pipeline.ts) in
 * this process, in real time, with the agent's default settings (agents/voice-settings.ts on an empty configuration):
 * - reply time: the caller's last voiced frame of a complete short answer ("Yes.", "That's right.") sent → the first
 *   frame of the agent's reply heard (each call says a different answer, so replies differ too);
 * - cut-ins: "my number is five five five", a pause of 0.6–1.0 s, "one two three four.": a cut-in is any agent audio
 *   heard before the caller resumes.
 * Each configuration runs with a streaming recogniser (words decide the end of turn, preemptive generation) and with
 * one that gives text only at the end (the silence rule alone, as every call did before), with vendors answering at
 * once and with realistic latencies (final transcript 150 ms after the speech, LLM first token 300 ms, speech first
 * audio 150 ms). The caller's voice is flite's; the agent speaks with the local flite voice; the LLM is the
 * OpenAI-compatible fake playing the test agent (test/voice/call-harness.ts).
 * Usage: npx tsx bench/voice-turns/main.ts [--calls 40] [--concurrency 8]
 * Exits non-zero when any call misses a measurement (a missing result is a failure, never left out).
 */
import pino from 'pino';
import { readVoiceSettings } from '../../agents/voice-settings';
import type { LanguageModel } from '../../llm';
import { agentReplies, GREETING, modelOf, testCall } from '../../test/voice/call-harness';
import { MemoryTransport, type Utterance } from '../../test/voice/fakes/memory-transport';
import { fliteSpeech } from '../../test/voice/fakes/flite-caller';
import { startOpenAiFake } from '../../test/runtime/fakes/openai-fake';
import { frameSamples } from '../../voice/audio/frames';
import { startCallPipeline } from '../../voice/call-pipeline';
import type { SpeechSynthesizer } from '../../voice/speech';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';
import { createVoiceActivityDetector } from '../../voice/vad/detector';
import { scriptedRecognizer, type ScriptedLine } from './streaming-recognizer';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const CALLS = option('calls', 40);
const CONCURRENCY = option('concurrency', 8);
const RATE = 16000;
const ANSWERS = [
  'Yes.',
  "That's right.",
  'No thank you.',
  'Sure.',
  'Correct.',
  'Yes please.',
  'Of course.',
  'Okay.',
];
const NUMBER_START = 'my number is five five five';
const NUMBER_END = 'one two three four.';

interface Vendors {
  name: string;
  finalMs: number;
  llmMs: number;
  ttsMs: number;
}
const INSTANT: Vendors = { name: 'instant vendors', finalMs: 0, llmMs: 0, ttsMs: 0 };
const REALISTIC: Vendors = { name: 'realistic vendors', finalMs: 150, llmMs: 300, ttsMs: 150 };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), {
      once: true,
    });
  });

/** Each line as flite says it, with its last frame the VAD hears as speech. */
async function renderLines(texts: string[]): Promise<Map<string, ScriptedLine & { pcm: Int16Array }>> {
  const vad = await createVoiceActivityDetector(RATE, { engine: 'webrtc' });
  const samples = frameSamples(RATE);
  const lines = new Map<string, ScriptedLine & { pcm: Int16Array }>();
  for (const text of texts) {
    const pcm = await fliteSpeech(text, RATE);
    let lastVoicedFrame = 0;
    for (let frame = 0; frame * samples < pcm.length; frame++) {
      const chunk = new Int16Array(samples);
      chunk.set(pcm.subarray(frame * samples, (frame + 1) * samples));
      if (vad.isSpeech(chunk)) lastVoicedFrame = frame;
    }
    lines.set(text, { text, lastVoicedFrame, pcm });
  }
  vad.close();
  return lines;
}

const slowModel = (llm: LanguageModel, ms: number): LanguageModel => ({
  model: llm.model,
  chat: async (request) => (await sleep(ms, request.signal), llm.chat(request)),
});

const slowVoice = (voice: SpeechSynthesizer, ms: number): SpeechSynthesizer => ({
  name: voice.name,
  async *synthesize(text, options) {
    await sleep(ms, options.signal);
    yield* voice.synthesize(text, options);
  },
});

interface CallFigures {
  replyMs: number | null;
  cutIn: boolean | null;
}

async function oneCall(
  index: number,
  lines: Map<string, ScriptedLine & { pcm: Int16Array }>,
  vendors: Vendors,
  streams: boolean,
  llm: LanguageModel,
): Promise<CallFigures> {
  const transport = new MemoryTransport(RATE, 1);
  const local = createLocalSynthesizer();
  const pipeline = startCallPipeline({
    call: testCall({ runId: index, settings: readVoiceSettings({}) }),
    voices: {
      recognizer: scriptedRecognizer(lines, { finalMs: vendors.finalMs, streams }),
      synthesizer: slowVoice(local, vendors.ttsMs),
      fallbackSynthesizer: local,
      llm: slowModel(llm, vendors.llmMs),
    },
    transport,
    logger: pino({ level: 'silent' }),
    maxTurns: 20,
    sink: { saveTurn: async () => {}, finish: async () => {} },
  });
  const played = (text: string) => () => transport.marks.some((mark) => !mark.cleared && mark.text === text);
  const lastVoicedAt = (utterance: Utterance, text: string) =>
    utterance.startMs! + lines.get(text)!.lastVoicedFrame * 20;
  const heardAfter = (atMs: number) => transport.heardFrames.find((frameAt) => frameAt > atMs);
  const figures: CallFigures = { replyMs: null, cutIn: null };
  try {
    await transport.run(played(GREETING[1]!), 30_000);
    const answer = ANSWERS[index % ANSWERS.length]!;
    const said = transport.say(lines.get(answer)!.pcm, answer);
    await transport.run(
      () => said.endMs !== null && heardAfter(lastVoicedAt(said, answer)) !== undefined,
      15_000,
    );
    figures.replyMs = heardAfter(lastVoicedAt(said, answer))! - lastVoicedAt(said, answer);
    await transport.run(played('What else?'), 15_000);

    const pauseMs = 600 + Math.round((400 * index) / Math.max(1, CALLS - 1) / 20) * 20;
    const first = transport.say(lines.get(NUMBER_START)!.pcm, NUMBER_START);
    transport.say(new Int16Array((RATE * pauseMs) / 1000));
    const second = transport.say(lines.get(NUMBER_END)!.pcm, NUMBER_END);
    await transport.run(() => second.startMs !== null, 15_000);
    const resumedAt = second.startMs!;
    figures.cutIn = transport.heardFrames.some(
      (frameAt) => frameAt > lastVoicedAt(first, NUMBER_START) && frameAt < resumedAt,
    );
  } catch {
    // A measurement not reached stays null: counted as a failure below.
  }
  pipeline.shutdown();
  await pipeline.done;
  return figures;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function runConfiguration(
  lines: Map<string, ScriptedLine & { pcm: Int16Array }>,
  vendors: Vendors,
  streams: boolean,
  llm: LanguageModel,
) {
  const results: CallFigures[] = [];
  let next = 0;
  const worker = async () => {
    while (next < CALLS) results.push(await oneCall(next++, lines, vendors, streams, llm));
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, CALLS) }, worker));
  const replies = results.map((result) => result.replyMs);
  const missing = replies.filter((ms) => ms === null).length + results.filter((r) => r.cutIn === null).length;
  const sorted = replies.map((ms) => ms ?? Infinity).sort((a, b) => a - b);
  const cutIns = results.filter((result) => result.cutIn !== false).length;
  const label = `${streams ? 'words decide (now)' : 'silence only (before)'}, ${vendors.name}`;
  console.log(
    `${label.padEnd(42)} reply p50 ${percentile(sorted, 0.5)} ms, p95 ${percentile(sorted, 0.95)} ms; ` +
      `cut-ins ${cutIns}/${results.length}; missing ${missing}`,
  );
  return missing;
}

const fake = await startOpenAiFake();
fake.handle((request) => {
  fake.requests.length = 0;
  fake.streams.length = 0;
  return agentReplies(request);
});
const lines = await renderLines([...ANSWERS, NUMBER_START, NUMBER_END]);
console.log(`${CALLS} calls per configuration, ${CONCURRENCY} at a time, default voice settings`);
let missing = 0;
for (const vendors of [INSTANT, REALISTIC])
  for (const streams of [true, false])
    missing += await runConfiguration(lines, vendors, streams, modelOf(fake));
await fake.close();
if (missing > 0) {
  console.error(`${missing} measurements missing`);
  process.exit(1);
}
