/**
 * What a vendor brings to the contract every adapter keeps: its fake (speaking the vendor's documented protocol and
 * signing with its own code) and its scenarios in the vendor's own words.
 */
import { expect } from 'vitest';
import type { TelephonyProvider } from '../../../providers/provider';
import type { placeAttempt, ProviderWorld } from '../provider-world';

export type Placed = Awaited<ReturnType<typeof placeAttempt>>;

/** What a caller hears, written out here rather than taken from the code under test. */
export const GREETING = 'Hello, this is Test agent. Thank you for your time. Goodbye.';
export const REFUSAL = 'Sorry, this number is not taking calls at the moment. Goodbye.';

export interface VendorFake<B> {
  behave(to: string, behaviour: B): void;
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** What a vendor's cases see: the world, the fake, the configuration and its adapter (set once `beforeAll` ran). */
export interface VendorContext<F> {
  world: ProviderWorld;
  fake: F;
  configurationId: number;
  clear: Record<string, unknown>;
  secrets: Record<string, string>;
  provider: TelephonyProvider;
  place(
    phoneNumber: string,
    extra?: { amdEnabled?: boolean; retry?: Record<string, unknown> },
  ): Promise<Placed>;
}

interface Scenario<B> {
  to: string;
  behaviour: B;
}

export interface VendorUnderTest<B, F extends VendorFake<B>> {
  provider: string;
  title: string;
  start(
    world: ProviderWorld,
  ): Promise<{ fake: F; clear: Record<string, unknown>; secrets: Record<string, string> }>;
  /** The adapter the engine builds, where the webhook URLs are not all it needs (the simulator's calls API). */
  connect?(world: ProviderWorld, configurationId: number, clear: Record<string, unknown>): TelephonyProvider;
  /** What must be up before a dial (Asterisk's events stream). */
  beforePlace?(fake: F): Promise<void>;
  /** The call id an attempt records (default: what the placement answered). */
  callIdOf?(placed: Placed): string;
  /** How calls end in the vendor's words, and the attempt fields each is recorded with. */
  endings: Array<[to: string, behaviour: B, recorded: Record<string, unknown>]>;
  /** Answering-machine detection; Asterisk has none. */
  voicemail?: Scenario<B> & {
    requested(fake: F, providerCallId: string): unknown;
    requestedAs: unknown;
    recorded: Record<string, unknown>;
  };
  /** A final report the vendor sends twice. */
  duplicate: Scenario<B>;
  /** A call whose end this service did not hear, looked up at the vendor; then a call the vendor never had. */
  lookup: Scenario<B> & {
    status: Record<string, unknown>;
    unknown: { providerCallId: string; status: Record<string, unknown> };
    more?(context: VendorContext<F>, placed: Placed): Promise<void>;
  };
  /** A call held open until this service hangs it up. */
  hangup: Scenario<B> & { recorded: Record<string, unknown> };
  /** Status webhooks: forged ones refused, the vendor's own recorded; `none` for a vendor without them. */
  callbacks:
    | (Scenario<B> & {
        forgeries(fake: F, placed: Placed): Array<Promise<Response>>;
        signed(fake: F, placed: Placed): Promise<Response>;
        outcome: string;
      })
    | 'none';
  /** Binding a number to an agent tells the vendor where to send its calls; a vendor's refusal is reported. */
  numberSync: {
    address: string;
    /** Bound when the number is created, or by a later update. */
    bindOn: 'create' | 'update';
    bound(context: VendorContext<F>, sync: Record<string, unknown>): Promise<void> | void;
    refusal?: { arrange(fake: F): void; restore(fake: F): void; message: string };
    unbound?(context: VendorContext<F>): Promise<void>;
  };
  /**
   * Calls to our numbers: an active agent's number is answered (one run), an archived agent's refused. The simulator
   * places no inbound calls.
   */
  inbound?: {
    numbers: { active: string; archived: string };
    /** A call from `from` placed at the vendor, and what the caller got: the instructions or commands it ran. */
    call(context: VendorContext<F>, to: string, from: string): Promise<unknown>;
    got: { accepted: unknown; refused: unknown };
  };
}

/** Call instructions in XML (TwiML's `Say`, Plivo's `Speak`): a spoken line, then hang up. */
export function spokenXml(verb: 'Say' | 'Speak', text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><${verb}>${text}</${verb}><Hangup/></Response>`;
}

/** What a vendor's webhook got back (its call instructions), which must be a 200. */
export async function instructionsOf(reply: Promise<{ status: number; text: string }>): Promise<string> {
  const { status, text } = await reply;
  expect(status).toBe(200);
  return text;
}
