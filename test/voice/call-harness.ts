/**
 * One call through the voice pipeline, for the pipeline's tests: the in-memory transport (fakes/memory-transport.ts)
 * as the vendor, the real voice activity detector, flite for the agent's and the caller's speech, the simulator
 * recogniser reading the caller's text, and the OpenAI fake over HTTP as the LLM.
 */
import type { ToolRunner } from '../../conversation/agent-tools';
import pino from 'pino';
import { afterAll, beforeEach } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import { readVoiceSettings } from '../../agents/voice-settings';
import type { ConversationState } from '../../conversation/conversation-state';
import { OpenAiLanguageModel } from '../../llm/openai-model';
import type { LanguageModel } from '../../llm';
import { startCallPipeline, type CallPipeline } from '../../voice/call-pipeline';
import type { CallVoices, FinishedCall, LiveCall, RecordedLine, VoiceSettings } from '../../voice/live-call';
import type { SpeechRecognizer, SpeechSynthesizer } from '../../voice/speech';
import { createSimulatorRecognizer } from '../../voice/stt/simulator-recognizer';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';
import { lastUserMessage, schemaNameOf, type FakeReply, type OpenAiFake } from '../runtime/fakes/openai-fake';
import { MemoryTransport, type Utterance } from './fakes/memory-transport';
import { concatSamples } from '../../voice/audio/frames';

export const GREETING = ['Hello, this is Alex from Acme.', 'How can I help you today?'];
export const STORY = [
  'Once upon a time there was a small robot.',
  'It lived in a quiet town by the sea.',
  'Every morning it swept the harbour.',
  'One day it found a message in a bottle.',
];
export const CLOSING = ['Thank you for calling.', 'Goodbye.'];

/** Greeting node → end node (edge `finish`); the end node says closing words. */
export const definition = {
  nodes: [
    { id: 'greet', type: 'startCall', data: { name: 'Greeting', prompt: 'Greet the caller and help them.' } },
    { id: 'end', type: 'endCall', data: { name: 'End', prompt: 'Say goodbye.' } },
  ],
  edges: [
    {
      id: 'e1',
      source: 'greet',
      target: 'end',
      data: { label: 'finish', condition: 'The caller says goodbye.' },
    },
  ],
} as AgentDefinition;

/** The agent's LLM, as the fake plays it: greets, tells a story, echoes, ends on goodbye, disposition `done`. */
export function agentReplies(request: Parameters<Parameters<OpenAiFake['handle']>[0]>[0]): FakeReply {
  if (schemaNameOf(request) === 'call_disposition')
    return { content: JSON.stringify({ disposition: 'done' }) };
  if (request.messages[0]?.content.includes('Say your closing words')) return { content: CLOSING.join(' ') };
  const said = lastUserMessage(request);
  if (!said) return { content: GREETING.join(' ') };
  if (/goodbye/i.test(said)) return { toolCalls: [{ name: 'finish', arguments: {} }] };
  if (/story/i.test(said)) return { content: STORY.join(' ') };
  return { content: `You said ${said.replace(/[.!?]+$/, '')}. What else?` };
}

/** For a test file: the fake answers as the agent (agentReplies) at the start of each test, and closes at the end. */
export function answerAsAgent(fake: OpenAiFake): void {
  beforeEach(() => {
    fake.requests.length = 0;
    fake.streams.length = 0;
    fake.streamDelay(0);
    fake.handle(agentReplies);
  });
  afterAll(() => fake.close());
}

/** The product's defaults (an agent without voice keys), with a shorter call, end of turn and idle prompt for tests. */
export const settingsOf = (overrides: Partial<VoiceSettings> = {}): VoiceSettings => ({
  ...readVoiceSettings({}),
  maxDurationSeconds: 600,
  endOfTurnSeconds: 0.4,
  idleTimeoutSeconds: 30,
  ...overrides,
});

/** One call of the test agent (greeting → end, disposition `done`) as the media process would load it. */
export const testCall = (
  options: {
    definition?: AgentDefinition;
    settings?: Partial<VoiceSettings>;
    variables?: Record<string, unknown>;
    saved?: ConversationState | null;
    runId?: number;
    tools?: ToolRunner;
    recordedGreeting?: RecordedLine;
  } = {},
): LiveCall => ({
  runId: options.runId ?? 1,
  organizationId: 1,
  agentId: 1,
  mode: 'simulator',
  callType: 'outbound',
  attemptId: options.runId ?? 1,
  definition: options.definition ?? definition,
  variables: options.variables ?? {},
  dispositionCodes: ['done'],
  settings: settingsOf(options.settings),
  saved: options.saved ?? null,
  ...(options.tools && { tools: options.tools }),
  ...(options.recordedGreeting && { recordedGreeting: options.recordedGreeting }),
});

export const modelOf = (fake: OpenAiFake): LanguageModel =>
  new OpenAiLanguageModel({
    baseUrl: fake.baseUrl,
    apiKey: 'sk-test',
    model: 'gpt-test',
    timeoutMs: 10_000,
    maxRetries: 0,
    templateAttempts: 1,
  });

const rendered = new Map<string, Int16Array>();

/** The caller's speech: flite's slt voice at 16 kHz, rendered once per text. */
export async function callerSpeech(text: string): Promise<Int16Array> {
  const cached = rendered.get(text);
  if (cached) return cached;
  const chunks: Int16Array[] = [];
  const signal = new AbortController().signal;
  for await (const chunk of createLocalSynthesizer().synthesize(text, {
    sampleRate: 16000,
    voice: 'slt',
    signal,
  }))
    chunks.push(chunk);
  const pcm = concatSamples(chunks);
  rendered.set(text, pcm);
  return pcm;
}

export interface CallUnderTest {
  transport: MemoryTransport;
  pipeline: CallPipeline;
  saved: ConversationState[];
  finished: () => FinishedCall | null;
  /** The caller says `text` (audio, with the text beside it as the simulator sends it) after what is queued. */
  say(text: string): Promise<Utterance>;
  /** Runs the call until `until` holds (default: it ended and finished), within `maxMs` of media time. */
  runUntil(until?: () => boolean, maxMs?: number): Promise<void>;
  /** Texts of the marks that came back played (not dropped by a clear), in order. */
  playedMarks(): string[];
  /** A condition for runUntil: the agent's sentence `text` was played (its mark came back). */
  played(text: string): () => boolean;
}

export function startCall(options: {
  fake: OpenAiFake | null;
  settings?: Partial<VoiceSettings>;
  synthesizer?: SpeechSynthesizer;
  fallbackSynthesizer?: SpeechSynthesizer;
  /** The caller's recogniser (default: the simulator's, reading the text sent beside the audio). */
  recognizer?: SpeechRecognizer;
  variables?: Record<string, unknown>;
  saved?: ConversationState | null;
  /** The agent's graph (default: `definition`, greeting → end). */
  definition?: AgentDefinition;
  /** The media process's transfer hook (absent: the call cannot be transferred). */
  transfer?: (destination: string) => Promise<void>;
  /** Wraps the call's LLM (e.g. to hold one request until the test lets it go). */
  wrapLlm?: (llm: LanguageModel) => LanguageModel;
  /** The call's LLM instead of the fake's model (e.g. a chain of several fakes); `fake` may then be null. */
  llm?: LanguageModel;
  /** How many times faster than real time caller frames may arrive (default the transport's, 10). */
  speed?: number;
  /** The agent's tools (the definition's nodes name them in `tool_uuids`). */
  tools?: ToolRunner;
  /** The start node's recorded greeting, as the media process loads it (media/recorded-greeting.ts). */
  recordedGreeting?: RecordedLine;
}): CallUnderTest {
  const transport = new MemoryTransport(16000, options.speed);
  const saved: ConversationState[] = [];
  let finished: FinishedCall | null = null;
  const call = testCall(options);
  const llm = options.llm ?? (options.fake ? modelOf(options.fake) : null);
  const voices: CallVoices = {
    recognizer: options.recognizer ?? createSimulatorRecognizer(),
    synthesizer: options.synthesizer ?? createLocalSynthesizer(),
    fallbackSynthesizer: options.fallbackSynthesizer ?? createLocalSynthesizer(),
    llm: llm && (options.wrapLlm ?? ((inner) => inner))(llm),
  };
  const pipeline = startCallPipeline({
    call,
    voices,
    transport,
    logger: pino({ level: 'silent' }),
    maxTurns: 20,
    transfer: options.transfer,
    sink: {
      saveTurn: async (state) => void saved.push(structuredClone(state)),
      finish: async (call) => void (finished = call),
    },
  });
  void pipeline.done.then((call) => (finished ??= call));
  const playedMarks = () => transport.marks.filter((mark) => !mark.cleared).map((mark) => mark.text ?? '');
  const runUntil = async (until?: () => boolean, maxMs = 120_000) => {
    await transport.run(until ?? (() => false), maxMs);
    if (!until) await pipeline.done;
  };
  return {
    transport,
    pipeline,
    saved,
    finished: () => finished,
    playedMarks,
    runUntil,
    played: (text) => () => playedMarks().includes(text),
    say: async (text) => transport.say(await callerSpeech(text), text),
  };
}
