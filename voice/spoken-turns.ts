/**
 * The agent's turns as the caller hears them: a turn of the graph spoken while the LLM streams it, or a fixed line
 * (the disclosure, the idle prompt, an apology). Each is recorded in the call's conversation as it was heard: a
 * barge-in keeps only the sentences that played, with the caller's words when the reply was abandoned. Whether a
 * turn may be interrupted follows the node speaking (`allow_interrupt: false` holds the floor) and the hand-over
 * (a transfer line is never cut short). A reply requested ahead of the caller's end of turn (preemptive-reply.ts) is
 * adopted by the turn decided with its words. What happens after a turn (the call ends, idles, hands over) is the
 * pipeline's (call-pipeline.ts).
 */
import { allowsInterruption } from '../agents/definition';
import type { ConversationState } from '../conversation/conversation-state';
import { userSays, type ConversationSetup } from '../conversation/engine';
import type { LanguageModel } from '../llm';
import type { AgentVoice } from './agent-voice';
import type { CallConversation } from './call-conversation';
import type { SpeechSynthesizer } from './speech';
import type { TurnLatencies, TurnStart } from './turn-latency';
import { PreemptiveReply, type SpeechHooks } from './preemptive-reply';

export class SpokenTurns {
  /** The reply requested ahead of the caller's end of turn (preemptive-reply.ts), if one is under way. */
  private preemptive: PreemptiveReply | null = null;

  constructor(
    private readonly agent: AgentVoice,
    private readonly conversation: CallConversation,
    private readonly latencies: TurnLatencies,
    private readonly setup: (llm: LanguageModel, speech: ConversationSetup['speech']) => ConversationSetup,
    /** The call's LLM (null: none, nothing to request ahead). */
    private readonly llm: LanguageModel | null,
  ) {}

  /**
   * One turn of the graph, spoken while it streams; resolves once it played (or was cut short) and was recorded.
   * Rejects when the speech failed (the pipeline apologises).
   */
  async graphTurn(
    llm: LanguageModel,
    produce: (setup: ConversationSetup) => Promise<ConversationState>,
    started: TurnStart,
    callerWords?: string,
  ): Promise<void> {
    const before = this.conversation.state;
    const preempted = this.takePreemptive(callerWords);
    const controller = preempted?.controller ?? new AbortController();
    const turn = this.agent.start({ controller, interruptible: true });
    let handingOver = false;
    const hooks: SpeechHooks = {
      onText: (delta) => turn.speech.text(delta),
      onTransfer: () => {
        handingOver = true;
        turn.interruptible = false;
      },
      onNode: (node) => (turn.interruptible = !handingOver && allowsInterruption(node)),
    };
    let after: ConversationState | null = null;
    try {
      after = preempted
        ? await preempted.adopt(hooks)
        : await produce(this.setup(llm, { ...hooks, signal: controller.signal }));
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
    const recorded = after !== null && !turn.interrupted && !turn.speech.failure;
    if (after && recorded) {
      const reply = after.turns.slice(before.turns.length).findLast((t) => t.role === 'agent');
      // A model that answered without streaming: speak the reply whole.
      if (reply && !turn.speech.hasText && reply.content !== '…') turn.speech.say(reply.content);
      if (after.end_reason) turn.interruptible = false;
      this.conversation.commit(after);
    }
    await turn.speech.drained();
    this.agent.done();
    // A barge-in or a failed synthesis: the transcript keeps what the caller heard.
    if (turn.interrupted || turn.speech.failure) {
      const played = turn.speech.played();
      const cut = recorded
        ? { reply: 'recorded' as const, played }
        : { reply: 'abandoned' as const, callerWords, played };
      this.conversation.cut(cut);
    }
    if (turn.speech.failure) throw turn.speech.failure;
    this.latencies.record(this.conversation.state, before.turns.length, started, turn.speech.stamps);
  }

  /**
   * Requests the reply to the caller's settled `words` ahead of the end of their turn (preemptive-reply.ts), unless
   * the agent is speaking or has no LLM.
   */
  preempt(words: string): void {
    this.cancelPreemptive();
    if (!this.llm || this.agent.current) return;
    const state = this.conversation.state;
    this.preemptive = new PreemptiveReply(words, state, this.llm, (gated, speech) =>
      userSays(this.setup(gated, speech), state, words),
    );
  }

  /** The caller went on: the reply requested ahead is aborted, never heard. */
  cancelPreemptive(): void {
    this.preemptive?.abort();
    this.preemptive = null;
  }

  /** The reply requested ahead, when the turn was decided with its words on the state it was produced from. */
  private takePreemptive(callerWords: string | undefined): PreemptiveReply | null {
    const preemptive = this.preemptive;
    this.preemptive = null;
    const usable = preemptive?.words === callerWords && preemptive?.basedOn === this.conversation.state;
    if (usable) return preemptive;
    preemptive?.abort();
    return null;
  }

  /** A line outside the graph, recorded as the agent's turn; an interruptible one keeps only what was played. */
  async line(
    text: string,
    options: { interruptible: boolean; drain?: boolean; synthesizer?: SpeechSynthesizer },
  ): Promise<void> {
    this.cancelPreemptive();
    this.conversation.said(text);
    const turn = this.agent.start({ synthesizer: options.synthesizer, interruptible: options.interruptible });
    turn.speech.say(text);
    if (options.drain === false) await turn.speech.end();
    else await turn.speech.drained();
    this.agent.done();
    if (turn.interrupted || turn.speech.failure)
      this.conversation.cut({ reply: 'recorded', played: turn.speech.played() });
    if (turn.speech.failure) throw turn.speech.failure;
  }
}
