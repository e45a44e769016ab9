/**
 * The callee of a simulated call that talks: on the call's media stream (far-end.ts) it listens to the agent through
 * the text of its marks, answers once the agent's turn ended, from its script, its LLM persona
 * (conversation/scripted-callee.ts; callee-script.ts for the turn format) or, with neither, as a cooperative person
 * (cooperative-callee.ts), speaks each reply with the local voice
 * (flite `slt`, 16 kHz) and sends its words with the audio, presses keys and hangs up when its turn says so. The
 * call's talk time is the stream's media time.
 */
import type { Logger } from '../config/logger';
import type { TurnUsage } from '../conversation/conversation-state';
import { calleeReply, type CalleeMemory, type CalleePersona } from '../conversation/scripted-callee';
import type { LanguageModel } from '../llm';
import type { SpeechSynthesizer } from '../voice/speech';
import { readCalleeLine, scriptedTurn, type CalleeTurn } from './callee-script';
import { cooperativeTurn } from './cooperative-callee';
import { connectFarEnd, type FarEnd, type FarEndEnd } from './far-end';
import { SIMULATOR_SAMPLE_RATE } from './media-protocol';
import { concatSamples } from '../voice/audio/frames';

/** The flite voice simulated callees speak with. */
export const CALLEE_VOICE = 'slt';
/** The agent's silence, after its last mark came back, that ends its turn for the callee. */
export const CALLEE_QUIET_SECONDS = 0.6;
/** A callee that hangs up after last words holds the line this long first, as people do (and the words are heard). */
export const HANG_UP_PAUSE_SECONDS = 1;

/** Who the callee is: a script to follow, a persona its LLM plays, or (no LLM, no script) a cooperative person. */
export type CalleeRole =
  | { kind: 'script'; lines: string[] }
  | { kind: 'persona'; persona: CalleePersona; llm: LanguageModel }
  | { kind: 'cooperative' };

export interface CalleeCall {
  stream: { url: string; parameters: Record<string, string> };
  callSid: string;
  role: CalleeRole;
  synthesizer: SpeechSynthesizer;
  /** Media time per wall time (SIMULATOR_MEDIA_SPEED). */
  speed: number;
  /** The call's time limit: the callee hangs up at this media time. */
  limitSeconds: number;
  /** Ends the call now: its stop carries the abort's reason when that is a string (`transferred`), else `shutdown`. */
  signal: AbortSignal;
  logger: Logger;
}

export interface CalleeCallResult extends FarEndEnd {
  /** The callee's LLM tokens (the simulator's, never billed to the run). */
  calleeUsage: TurnUsage;
  /** What the callee heard and said, in order (for logs and tests). */
  memory: CalleeMemory['turns'];
}

/**
 * Plays the callee until the stream ends (either side hangs up, the time limit, or shutdown). Throws
 * StreamRefusedError when the stream cannot be opened.
 */
export async function talkAsCallee(call: CalleeCall): Promise<CalleeCallResult> {
  const log = call.logger.child({ call_sid: call.callSid });
  const usage: TurnUsage = { prompt_tokens: 0, completion_tokens: 0 };
  const memory: Array<CalleeMemory['turns'][number]> = [];
  let replies = Promise.resolve();
  let calleeTurns = 0;

  const nextTurn = async (heard: string): Promise<CalleeTurn> => {
    if (call.role.kind === 'script') return scriptedTurn(call.role.lines, calleeTurns++);
    if (call.role.kind === 'cooperative') return cooperativeTurn(heard, calleeTurns++);
    const reply = await calleeReply(call.role.llm, call.role.persona, { turns: memory });
    usage.prompt_tokens += reply.usage.promptTokens;
    usage.completion_tokens += reply.usage.completionTokens;
    const turn = readCalleeLine(reply.content ?? '');
    return { ...turn, hangUp: turn.hangUp || reply.hangUp };
  };

  const answer = async (far: FarEnd, heard: string) => {
    memory.push({ role: 'agent', content: heard });
    let turn: CalleeTurn;
    let audio: Int16Array | null = null;
    try {
      turn = await nextTurn(heard);
      if (turn.say) audio = await speak(call.synthesizer, turn.say, call.signal);
    } catch (error) {
      // A callee that cannot think or speak hangs up; the agent's side records the call as the caller ending it.
      log.warn({ err: error }, 'simulated callee failed; it hangs up');
      far.hangUp('callee_error');
      return;
    }
    if (turn.say && audio) {
      memory.push({ role: 'user', content: turn.say });
      far.say(turn.say, audio);
    }
    for (const digit of turn.digits) far.press(digit);
    if (!turn.hangUp) return;
    if (turn.say || turn.digits) far.pause(HANG_UP_PAUSE_SECONDS);
    far.hangUp('callee_hangup');
  };

  const far: FarEnd = await connectFarEnd({
    url: call.stream.url,
    callSid: call.callSid,
    parameters: call.stream.parameters,
    speed: call.speed,
    quietSeconds: CALLEE_QUIET_SECONDS,
    limitSeconds: call.limitSeconds,
    onAgentTurn(heard) {
      replies = replies.then(() => answer(far, heard));
    },
  });
  const abandon = () => far.abandon(typeof call.signal.reason === 'string' ? call.signal.reason : 'shutdown');
  call.signal.addEventListener('abort', abandon, { once: true });
  if (call.signal.aborted) abandon();
  try {
    const end = await far.ended;
    log.debug(
      { ended_by: end.by, reason: end.reason, media_seconds: end.mediaSeconds },
      'simulated callee done',
    );
    return { ...end, calleeUsage: usage, memory };
  } finally {
    call.signal.removeEventListener('abort', abandon);
  }
}

/** One utterance, whole, in the callee's voice at the stream's rate. */
async function speak(synthesizer: SpeechSynthesizer, text: string, signal: AbortSignal): Promise<Int16Array> {
  const chunks: Int16Array[] = [];
  for await (const chunk of synthesizer.synthesize(text, {
    sampleRate: SIMULATOR_SAMPLE_RATE,
    voice: CALLEE_VOICE,
    signal,
  }))
    chunks.push(chunk);
  return concatSamples(chunks);
}
