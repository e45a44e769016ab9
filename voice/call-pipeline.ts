/**
 * One call's voice pipeline. The caller's side (caller-input.ts) decides turns and barge-ins; each turn goes to the
 * agent's graph (conversation/engine.ts), whose streamed reply is spoken and recorded as heard (spoken-turns.ts); the
 * conversation is saved after every turn and finished once; a hand-over follows its transfer line (call-transfer.ts).
 * Fixed lines and failure reasons: call-lines.ts; latencies: turn-latency.ts. Every duration is media time.
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from '../config/logger';
import type { ConversationState } from '../conversation/conversation-state';
import { agentReplies, callerSilent, userSays, type ConversationSetup } from '../conversation/engine';
import { NO_LLM, scriptedOnly, silenceBranchSeconds } from '../conversation/scripted-node';
import { LlmUnavailableError, type LanguageModel } from '../llm';
import { CallConversation } from './call-conversation';
import { APOLOGY, OPT_OUT_CONFIRMATION, STILL_THERE, failureReason, greetingWithoutLlm } from './call-lines';
import { AgentVoice } from './agent-voice';
import { CallerInput } from './caller-input';
import { handOverCall } from './call-transfer';
import { SpokenTurns } from './spoken-turns';
import type { CallEndReason, CallPipeline, CallPipelineInput, FinishedCall, RecordedLine } from './live-call';
import { recordedLineVoice } from './recorded-line-voice';
import { startOpening } from '../agents/start-opening';
import { MediaClock } from './media-clock';
import type { SpeechSynthesizer } from './speech';
import { TurnLatencies, type TurnStart } from './turn-latency';
import type { EndOfTurnRule } from './turn-taking';

export type { CallPipeline, CallPipelineInput } from './live-call';

export function startCallPipeline(input: CallPipelineInput): CallPipeline {
  const run = new CallRun(input);
  return { done: run.done, answeredByMachine: () => run.answeredByMachine(), shutdown: () => run.shutdown() };
}

class CallRun {
  readonly done: Promise<FinishedCall>;
  private resolveDone!: (call: FinishedCall) => void;
  private readonly log: Logger;
  private readonly clock = new MediaClock();
  private readonly caller: CallerInput;
  private readonly agent: AgentVoice;
  private readonly latencies = new TurnLatencies();
  private readonly startedWall = performance.now();
  private readonly conversation: CallConversation;
  private readonly spoken: SpokenTurns;
  private queue: Promise<void> = Promise.resolve();
  private ending: { reason: CallEndReason; error: string | null } | null = null;
  private acceptingCaller = true;
  private closedAtMs: number | null = null;
  private cancelIdle: () => void = () => {};
  private stopPause: () => void = () => {};
  private promptedForSilence = false;
  private optedOut = false;
  private readonly callSignal = new AbortController();
  /** The call's LLM; a scripted-only agent talks without one (NO_LLM, never asked); null: greet and hang up. */
  private readonly llm: LanguageModel | null;

  constructor(private readonly input: CallPipelineInput) {
    const { call, transport } = input;
    this.llm = input.voices.llm ?? (scriptedOnly(call.definition) ? NO_LLM : null);
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    const ids = { run_id: call.runId, attempt_id: call.attemptId };
    this.log = input.logger.child({ component: 'call-pipeline', ...ids });
    this.caller = new CallerInput(transport, this.clock, call.settings, () => this.agent.current !== null, {
      speech: () => this.cancelIdle(),
      bargeIn: () => this.onBargeIn(),
      preempt: (words) => this.acceptingCaller && this.spoken.preempt(words),
      cancelPreempt: () => this.spoken.cancelPreemptive(),
      pause: () => this.acceptingCaller && this.agent.pause(),
      resume: () => this.agent.resume(),
      endOfTurn: (words, decided, interrupted, rule) => this.onEndOfTurn(words, decided, interrupted, rule),
      keyPressed: (digit) => this.onKeyPressed(digit),
      digits: (words, decided) => this.enqueue(() => this.callerTurn(words, decided)),
    });
    this.agent = new AgentVoice(transport, this.clock, input.voices, call.settings);
    const startedAtMs = Date.now();
    const now = () => new Date(startedAtMs + this.clock.ms);
    this.conversation = new CallConversation(call, { now, deadlineClock: this.clock }, input.sink, this.log);
    const setup = this.setup.bind(this);
    this.spoken = new SpokenTurns(this.agent, this.conversation, this.latencies, setup, this.llm);
    transport.on('closed', (reason) => this.onClosed(reason));
    this.clock.after(call.settings.maxDurationSeconds * 1000, () => this.requestEnd('max_duration'));
    this.enqueue(() => this.open(), true);
  }

  answeredByMachine(): void {
    if (this.ending || !this.acceptingCaller) return;
    this.acceptingCaller = false;
    this.stopPause();
    this.log.info({ media_ms: this.clock.ms }, 'answering machine: leaving the voicemail message');
    this.agent.interrupt();
    this.cancelIdle();
    const message = this.input.call.settings.voicemailMessage;
    this.enqueue(async () => {
      if (message) await this.spoken.line(message, { interruptible: false });
      this.requestEnd('voicemail');
    }, true);
  }

  readonly shutdown = () => this.requestEnd('shutdown');

  /** The engine's setup; only called when the call has an LLM. */
  private setup(llm: LanguageModel, speech?: ConversationSetup['speech']): ConversationSetup {
    const { call, maxTurns } = this.input;
    return { ...this.conversation.records, definition: call.definition, llm, maxTurns, speech };
  }

  /**
   * Opens the detector and recogniser, then speaks first, after the start node's `delayed_start`: disclosure and
   * greeting (recorded, generated, or the text one without an LLM), or a resumed call's due reply.
   */
  private async open(): Promise<void> {
    const { call, voices, transport } = this.input;
    const llm = this.llm;
    await this.caller.open(voices.recognizer, transport.sampleRate, this.callSignal.signal);
    if (!voices.recognizer) this.log.warn('no speech-to-text configured: the caller is not heard');
    if (this.conversation.state.end_reason) return this.requestEnd(this.conversation.state.end_reason);
    if (!this.acceptingCaller) return;
    const { delayMs, interruptible } = startOpening(call.definition);
    // `delayed_start`: silence after pickup, counted in the caller's frames like every other duration.
    const delayed = !call.saved && delayMs > 0;
    if (delayed) await this.pauseFor(delayMs);
    if (!this.acceptingCaller) return;
    // The greeting's latency counts from the end of the delay, not from pickup.
    const greeting: TurnStart = delayed
      ? { wall: performance.now(), mediaMs: this.clock.ms, sttDone: null }
      : { wall: this.startedWall, mediaMs: 0, sttDone: null };
    if (!call.saved && call.settings.disclosureMessage)
      await this.spoken.line(call.settings.disclosureMessage, { interruptible: false, drain: false });
    const recorded = call.saved ? null : call.recordedGreeting;
    if (!llm) {
      if (recorded) await this.playRecorded(recorded, false);
      else
        await this.spoken.line(greetingWithoutLlm(call.definition, call.variables), { interruptible: false });
      // A machine heard during the greeting: its voicemail message (queued) ends the call instead.
      if (this.acceptingCaller) this.requestEnd('no_llm');
      return;
    }
    // A recorded greeting is the agent's first turn: played, not generated; the LLM answers what the caller says.
    if (recorded) {
      await this.playRecorded(recorded, interruptible);
      return this.armIdle();
    }
    const owesReply = !call.saved || this.conversation.state.turns.at(-1)?.role === 'user';
    if (owesReply)
      await this.agentTurn(llm, (setup) => agentReplies(setup, this.conversation.state), greeting);
    else this.armIdle();
  }

  /** A recorded line, its transcript recorded as the agent's turn (only what was played when interrupted). */
  private async playRecorded(line: RecordedLine, interruptible: boolean): Promise<void> {
    this.log.info({ recording_id: line.recordingId, media_ms: this.clock.ms }, 'playing a recorded greeting');
    await this.spoken.line(line.transcript, { interruptible, synthesizer: recordedLineVoice(line) });
  }

  /** Waits `ms` of media time; the call's end or an answering machine cuts the wait short. */
  private pauseFor(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const cancel = this.clock.after(ms, () => this.stopPause());
      this.stopPause = () => {
        cancel();
        this.stopPause = () => {};
        resolve();
      };
    });
  }

  private onBargeIn(): void {
    if (!this.acceptingCaller || !this.agent.current?.interruptible) return;
    this.log.info({ media_ms: this.clock.ms }, 'barge-in: playback cleared');
    this.agent.interrupt();
  }

  private onEndOfTurn(
    words: Promise<string>,
    decided: TurnStart,
    interrupted: boolean,
    rule: EndOfTurnRule,
  ): void {
    this.log.debug({ media_ms: this.clock.ms, rule, interrupted }, 'end of turn');
    if (!this.acceptingCaller || (this.agent.speaking && !interrupted)) {
      // Words under the agent's speech that did not interrupt it (a backchannel): heard, not answered.
      words.catch(() => {});
      return;
    }
    this.enqueue(async () => {
      const text = (await words).trim();
      decided.sttDone = performance.now();
      if (text) await this.callerTurn(text, decided);
      else this.armIdle();
    });
  }

  /** A key press is deliberate: it interrupts the agent at once. The opt-out key ends the call (returns true). */
  private onKeyPressed(digit: string): boolean {
    this.cancelIdle();
    if (this.acceptingCaller && digit === this.input.call.optOut?.dtmfKey) {
      this.optOut();
      return true;
    }
    if (this.acceptingCaller && this.agent.current?.interruptible) this.agent.interrupt();
    return false;
  }

  /**
   * The caller pressed the opt-out key: the number is listed at once (the sink), the agent stops, a short
   * confirmation plays and the call ends; the conversation ends with the opt-out disposition. As the law asks of an
   * automated opt-out (e.g. the US TCPA): recorded when pressed, then the call is over.
   */
  private optOut(): void {
    this.optedOut = true;
    this.acceptingCaller = false;
    this.log.info({ media_ms: this.clock.ms }, 'the caller pressed the opt-out key');
    this.agent.interrupt();
    this.conversation.pressedOptOutKey();
    this.enqueue(async () => {
      await this.sayLast(OPT_OUT_CONFIRMATION);
      this.requestEnd('user_ended');
    }, true);
  }

  private async callerTurn(words: string, decided: TurnStart): Promise<void> {
    const llm = this.llm;
    // Decided as the call was ending (the caller hung up meanwhile): kept in the transcript, not answered.
    if (!this.acceptingCaller && this.ending) return this.conversation.heardUnanswered(words);
    if (!this.acceptingCaller || !llm) return;
    this.promptedForSilence = false;
    await this.agentTurn(llm, (setup) => userSays(setup, this.conversation.state, words), decided, words);
  }

  /** One turn of the graph (spoken-turns.ts), then what the conversation asks for: end, hand over, or listen. */
  private async agentTurn(
    llm: LanguageModel,
    produce: (setup: ConversationSetup) => Promise<ConversationState>,
    started: TurnStart,
    callerWords?: string,
  ): Promise<void> {
    await this.spoken.graphTurn(llm, produce, started, callerWords);
    const { end_reason: endReason, error } = this.conversation.state;
    if (endReason === 'llm_error') return this.failed(new LlmUnavailableError(error ?? 'The LLM failed.'));
    if (endReason === 'transferred') return this.handOver();
    if (endReason) return this.requestEnd(endReason);
    this.armIdle();
  }

  /** The transfer line played: the call goes to the person, or ends transfer_failed after an apology. */
  private async handOver(): Promise<void> {
    this.acceptingCaller = false;
    this.cancelIdle();
    const { reason, error } = await handOverCall({
      hook: this.input.transfer,
      conversation: this.conversation,
      log: this.log,
      gone: () => this.closedAtMs !== null,
      sayLast: (line) => this.sayLast(line),
    });
    this.requestEnd(reason, error);
  }

  private armIdle(): void {
    if (this.ending || !this.acceptingCaller) return;
    this.cancelIdle();
    const branchSeconds = silenceBranchSeconds(this.input.call.definition, this.conversation.state);
    if (branchSeconds !== null && this.llm) {
      // A scripted step's timeout branch (docs/agents.md, Scripted nodes): silence that long takes it.
      const llm = this.llm;
      this.cancelIdle = this.clock.after(branchSeconds * 1000, () => {
        if (this.agent.current || this.caller.callerSpeaking) return;
        const started: TurnStart = { wall: performance.now(), mediaMs: this.clock.ms, sttDone: null };
        this.enqueue(() =>
          this.agentTurn(llm, (setup) => callerSilent(setup, this.conversation.state), started),
        );
      });
      return;
    }
    this.cancelIdle = this.clock.after(this.input.call.settings.idleTimeoutSeconds * 1000, () => {
      if (this.agent.current || this.caller.callerSpeaking) return;
      if (this.promptedForSilence) return this.requestEnd('silence_timeout');
      this.promptedForSilence = true;
      this.enqueue(async () => {
        await this.spoken.line(STILL_THERE, { interruptible: true });
        this.armIdle();
      });
    });
  }

  /** Runs caller-driven work one piece at a time; a failure apologises and ends the call. */
  private enqueue(task: () => Promise<void>, evenWithoutCaller = false): void {
    this.queue = this.queue.then(async () => {
      if (this.ending || (!this.acceptingCaller && !evenWithoutCaller)) return;
      try {
        await task();
      } catch (error) {
        await this.failed(error);
      }
    });
  }

  /** A vendor failed: apologise with the local voice (unless the caller is gone), then end with its reason. */
  private async failed(error: unknown): Promise<void> {
    const { reason, message } = failureReason(error);
    this.log.warn({ reason, err: error }, 'vendor failure: the call ends');
    this.agent.interrupt();
    this.agent.done();
    await this.sayLast(APOLOGY, this.input.voices.fallbackSynthesizer);
    this.requestEnd(reason, message);
  }

  /** The call's last line (an apology), not interruptible; skipped once the caller is gone, never throws. */
  private async sayLast(line: string, synthesizer?: SpeechSynthesizer): Promise<void> {
    if (this.closedAtMs !== null) return;
    try {
      await this.spoken.line(line, { interruptible: false, synthesizer });
    } catch (error) {
      this.log.error({ err: error }, 'the last line could not be spoken');
    }
  }

  private onClosed(reason: string): void {
    this.closedAtMs ??= this.clock.ms + this.caller.undecidedMs;
    this.log.info({ reason, media_ms: this.clock.ms }, 'media stream closed');
    this.requestEnd('user_ended');
  }

  /** Ends the call once: stops the agent's speech and timers, then finishes behind the work under way. */
  private requestEnd(reason: CallEndReason, error: string | null = null): void {
    if (this.ending) return;
    this.ending = { reason, error };
    this.acceptingCaller = false;
    this.caller.stop();
    this.stopPause();
    this.clock.stop();
    this.agent.interrupt();
    // The line closes at the decision (with the frames heard, decided or not); the conversation closes off the call.
    this.closedAtMs ??= this.clock.ms + this.caller.undecidedMs;
    this.input.transport.close(reason);
    this.queue = this.queue.then(() => this.finish());
  }

  private async finish(): Promise<void> {
    const { reason, error } = this.ending!;
    // An agent turn that finished after the key press may have saved over the mark: it is kept whatever happened.
    if (this.optedOut) this.conversation.optedOut();
    // The caller spoke and hung up before the turn's silence was over: their last words still count.
    else if (reason === 'user_ended') {
      const last = await this.caller.lastWords();
      if (last) this.conversation.heardUnanswered(last);
    }
    const state = await this.conversation.close(reason, error, this.llm ? this.setup(this.llm) : null);
    this.callSignal.abort();
    await this.caller
      .close()
      .catch((closeError: unknown) => this.log.warn({ err: closeError }, 'closing STT'));
    const finished: FinishedCall = {
      state,
      endReason: state.end_reason ?? reason,
      mediaSeconds: (this.closedAtMs ?? this.clock.ms) / 1000,
      usage: { stt_seconds: this.caller.sttSeconds, tts_characters: this.agent.characters },
      latencies: this.latencies.byTurn,
      error: state.error ?? error,
    };
    await this.conversation.store(finished);
    this.log.info({ end_reason: finished.endReason, media_seconds: finished.mediaSeconds }, 'call finished');
    this.resolveDone(finished);
  }
}
