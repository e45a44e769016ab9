/**
 * Preemptive generation: once a streaming recogniser has settled the caller's words and they fall silent, the
 * agent's reply is requested before the end of their turn is decided, so the LLM's first words are ready when it
 * is. Until the turn is decided with those same words, the reply speaks nothing (its text is held), commits nothing
 * (the state it produces is only a candidate) and goes no further than its first LLM request: a transition's
 * extraction, a tool call or the next step's request waits for the decision. If the caller goes on or the turn ends with other
 * words, it is aborted and never heard. Its hooks (text, node, hand-over) are replayed in order into the turn that
 * adopts it.
 */
import type { ConversationState } from '../conversation/conversation-state';
import type { ConversationSetup } from '../conversation/engine';
import type { ChatRequest, ChatResult, LanguageModel } from '../llm';

export type SpeechHooks = Omit<NonNullable<ConversationSetup['speech']>, 'signal' | 'decided'>;

export class PreemptiveReply {
  readonly controller = new AbortController();
  private readonly result: Promise<ConversationState>;
  private held: Array<(hooks: SpeechHooks) => void> = [];
  private adopted: SpeechHooks | null = null;
  private openGate!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.openGate = resolve));

  constructor(
    /** The caller's words it answers. */
    readonly words: string,
    /** The conversation it was produced from: a turn decided on another state cannot use it. */
    readonly basedOn: ConversationState,
    llm: LanguageModel,
    produce: (
      llm: LanguageModel,
      speech: NonNullable<ConversationSetup['speech']>,
    ) => Promise<ConversationState>,
  ) {
    const hooks: SpeechHooks = {
      onText: (delta) => this.forward((target) => target.onText(delta)),
      onTransfer: () => this.forward((target) => target.onTransfer?.()),
      onNode: (node) => this.forward((target) => target.onNode?.(node)),
    };
    this.result = produce(new GatedModel(llm, this.gate, this.controller.signal), {
      ...hooks,
      signal: this.controller.signal,
      // No tool runs before the turn is decided either.
      decided: this.gate,
    });
    // Nobody may ever adopt it: its failure is then nobody's.
    this.result.catch(() => {});
  }

  /** The turn is decided with these words: replays what was held into `hooks`, lets the rest run, and resolves. */
  adopt(hooks: SpeechHooks): Promise<ConversationState> {
    this.adopted = hooks;
    for (const call of this.held) call(hooks);
    this.held = [];
    this.openGate();
    return this.result;
  }

  abort(): void {
    if (!this.adopted) this.controller.abort(new Error('the caller went on'));
  }

  private forward(call: (hooks: SpeechHooks) => void): void {
    if (this.adopted) call(this.adopted);
    else this.held.push(call);
  }
}

/** The model a preemptive reply runs on: its first request goes at once, every later one waits for the decision. */
class GatedModel implements LanguageModel {
  private requests = 0;

  constructor(
    private readonly inner: LanguageModel,
    private readonly gate: Promise<void>,
    private readonly signal: AbortSignal,
  ) {}

  get model(): string {
    return this.inner.model;
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    if (this.requests++ > 0)
      await new Promise<void>((resolve, reject) => {
        if (this.signal.aborted) return reject(this.signal.reason as Error);
        this.signal.addEventListener('abort', () => reject(this.signal.reason as Error), { once: true });
        void this.gate.then(resolve);
      });
    return this.inner.chat(request);
  }
}
