/**
 * The conversation of one call as the pipeline keeps it: the current state, saved through the sink after every
 * change (in order, a failed save logged and never fatal), lines and cut-short replies recorded, and the closing
 * (the LLM's extraction and disposition where it can be asked, otherwise the end reason as the disposition).
 */
import type { Logger } from '../config/logger';
import { DEFAULT_OPT_OUT_DISPOSITION } from '../domain/opt-out';
import type { ConversationState } from '../conversation/conversation-state';
import { endConversation, type ConversationSetup } from '../conversation/engine';
import {
  agentSaid,
  callerSaidUnanswered,
  endWithoutLlm,
  openConversation,
  pressedOptOutKey,
  recordInterruptedTurn,
  type Interruption,
  type RecordSetup,
} from '../conversation/recorded-turns';
import type { CallEndReason, ConversationSink, FinishedCall, LiveCall } from './live-call';

export class CallConversation {
  state: ConversationState;
  private saving: Promise<void> = Promise.resolve();

  /**
   * What every engine request of the call shares: turn times in media time from the stream's start (the transcript
   * lines up with the recording), LLM first-token deadlines in media time too, and the agent's tools.
   */
  readonly records: RecordSetup & Pick<ConversationSetup, 'deadlineClock' | 'tools' | 'maxToolCallsPerTurn'>;

  constructor(
    call: LiveCall,
    times: RecordSetup & Pick<ConversationSetup, 'deadlineClock'>,
    private readonly sink: ConversationSink,
    private readonly log: Logger,
  ) {
    this.records = { ...times, tools: call.tools, maxToolCallsPerTurn: call.settings.maxToolCallsPerTurn };
    const records = this.records;
    this.state =
      call.saved ??
      openConversation(
        { ...records, definition: call.definition },
        {
          variables: call.variables,
          dispositionCodes: call.dispositionCodes,
          maxDurationSeconds: call.settings.maxDurationSeconds,
          optOutDisposition: call.optOut?.disposition ?? DEFAULT_OPT_OUT_DISPOSITION,
          contextCompaction: call.settings.contextCompaction,
        },
      );
  }

  commit(state: ConversationState): void {
    this.state = state;
    this.saving = this.saving
      .then(() => this.sink.saveTurn(state))
      .catch((error: unknown) => this.log.error({ err: error }, 'saving the conversation failed'));
  }

  /** Resolves once every save so far is done (failed saves are logged, never rejected). */
  async flushed(): Promise<void> {
    await this.saving;
  }

  /** Hands the finished call to the sink, once; a failure is logged, never thrown. */
  async store(finished: FinishedCall): Promise<void> {
    try {
      await this.sink.finish(finished);
    } catch (error) {
      this.log.error({ err: error }, 'storing the finished call failed');
    }
  }

  /** The caller pressed the opt-out key (kept at the first press). */
  optedOut(): void {
    const state = pressedOptOutKey(this.records, this.state);
    if (state !== this.state) this.commit(state);
  }

  /**
   * The caller pressed the opt-out key: marked, and the number listed at once through the sink (a failure is
   * logged: the run lists it when it completes).
   */
  pressedOptOutKey(): void {
    this.optedOut();
    this.sink
      .optedOut?.()
      .catch((error: unknown) =>
        this.log.error(
          { err: error },
          'listing the opted-out number failed; the run lists it when it completes',
        ),
      );
  }

  /** A line the agent says outside the graph. */
  said(text: string): void {
    this.commit(agentSaid(this.records, this.state, text));
  }

  /** Words the caller said as the call ended, which no reply will answer. */
  heardUnanswered(text: string): void {
    this.commit(callerSaidUnanswered(this.records, this.state, text));
  }

  /** A reply cut short: only what was played stays. */
  cut(interruption: Interruption): void {
    this.commit(recordInterruptedTurn(this.records, this.state, interruption));
  }

  /**
   * Closes the conversation once with `reason`: with `setup` (an LLM, no vendor error) the engine extracts and
   * classifies; otherwise the reason is the disposition. Resolves once every save is done.
   */
  async close(
    reason: CallEndReason,
    error: string | null,
    setup: ConversationSetup | null,
  ): Promise<ConversationState> {
    let state = this.state;
    try {
      if (!state.end_reason)
        state =
          setup && error === null
            ? await endConversation(setup, state, reason)
            : endWithoutLlm(this.records, state, reason, error);
    } catch (endError) {
      this.log.error({ err: endError }, 'closing the conversation failed');
      state = endWithoutLlm(this.records, state, reason, error);
    }
    this.commit(state);
    await this.flushed();
    return state;
  }
}
