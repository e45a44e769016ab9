/**
 * The contract every vendor adapter keeps, registered once per vendor against that vendor's fake: each fake speaks
 * the vendor's documented HTTP protocol and signs with its own code, so the adapter is checked from outside. A vendor
 * file calls `describeVendorContract` with its scenarios in the vendor's own words, then adds its own cases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelephonyProvider } from '../../providers/provider';
import { insertAgent } from '../helpers/fixtures';
import { CONFIGS } from '../telephony/helpers';
import {
  adapterOf,
  attemptRow,
  campaignRow,
  finishedAttempt,
  insertConfiguration,
  placeAttempt,
  startProviderWorld,
  type ProviderWorld,
} from './provider-world';

type Placed = Awaited<ReturnType<typeof placeAttempt>>;

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
  start(): Promise<{ fake: F; clear: Record<string, unknown>; secrets: Record<string, string> }>;
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
  /** Calls to our numbers: an active agent's number is answered (one run), an archived agent's refused. */
  inbound: {
    numbers: { active: string; archived: string };
    /** A call from `from` placed at the vendor, and what the caller got: the instructions or commands it ran. */
    call(context: VendorContext<F>, to: string, from: string): Promise<unknown>;
    got: { accepted: unknown; refused: unknown };
  };
}

export function describeVendorContract<B, F extends VendorFake<B>>(
  vendor: VendorUnderTest<B, F>,
  ownCases: (context: VendorContext<F>) => void = () => {},
): void {
  describe(vendor.title, () => {
    const context = {} as VendorContext<F>;
    context.place = (phoneNumber, extra = {}) =>
      placeAttempt(context.world, {
        adapter: context.provider,
        configurationId: context.configurationId,
        phoneNumber,
        ...extra,
        beforePlace: vendor.beforePlace && (() => vendor.beforePlace!(context.fake)),
      });

    beforeAll(async () => {
      context.world = await startProviderWorld();
      const started = await vendor.start();
      Object.assign(context, started);
      context.configurationId = await insertConfiguration(
        context.world,
        vendor.provider,
        started.clear,
        started.secrets,
      );
      context.provider = adapterOf(
        context.world,
        context.configurationId,
        vendor.provider,
        started.clear,
        started.secrets,
      );
    });
    afterAll(async () => {
      await context.fake?.close();
      await context.world?.close();
    });

    it.each(vendor.endings)('a call to %s ending %j is recorded as %j', async (to, behaviour, recorded) => {
      context.fake.behave(to, behaviour);
      const placed = await context.place(to);
      expect(await finishedAttempt(context.world, placed.attemptId)).toMatchObject({
        ...recorded,
        provider_call_id: vendor.callIdOf?.(placed) ?? placed.providerCallId,
      });
    });

    if (vendor.voicemail) {
      const voicemail = vendor.voicemail;
      it('ends a call answered by a machine as voicemail when AMD is on', async () => {
        context.fake.behave(voicemail.to, voicemail.behaviour);
        const placed = await context.place(voicemail.to, { amdEnabled: true });
        expect(voicemail.requested(context.fake, placed.providerCallId)).toBe(voicemail.requestedAs);
        expect(await finishedAttempt(context.world, placed.attemptId)).toMatchObject({
          outcome: 'voicemail',
          ...voicemail.recorded,
        });
      });
    }

    it('records a final report sent twice once', async () => {
      context.fake.behave(vendor.duplicate.to, vendor.duplicate.behaviour);
      const placed = await context.place(vendor.duplicate.to, { retry: { max_retries: 0 } });
      await context.fake.settled();
      await finishedAttempt(context.world, placed.attemptId);
      // A late second report would count the contact again.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await campaignRow(context.world, placed.campaignId)).toMatchObject({
        processed_rows: 1,
        failed_rows: 1,
      });
    });

    it('looks up a call whose end it did not hear, and a call the vendor never had', async () => {
      const { lookup } = vendor;
      context.fake.behave(lookup.to, lookup.behaviour);
      const placed = await context.place(lookup.to);
      await context.fake.settled();
      expect((await attemptRow(context.world, placed.attemptId)).state).toBe('placed');
      expect(
        await context.provider.getCallStatus({
          attemptId: String(placed.attemptId),
          providerCallId: placed.providerCallId,
        }),
      ).toMatchObject({ providerCallId: placed.providerCallId, ...lookup.status });
      expect(
        await context.provider.getCallStatus({
          attemptId: String(placed.attemptId),
          providerCallId: lookup.unknown.providerCallId,
        }),
      ).toEqual(lookup.unknown.status);
      await lookup.more?.(context, placed);
    });

    it('hangs up a call in progress, and its end is recorded', async () => {
      context.fake.behave(vendor.hangup.to, vendor.hangup.behaviour);
      const placed = await context.place(vendor.hangup.to);
      await context.fake.settled();
      expect((await attemptRow(context.world, placed.attemptId)).state).toBe('placed');
      await context.provider.hangup({
        attemptId: String(placed.attemptId),
        providerCallId: placed.providerCallId,
      });
      expect(await finishedAttempt(context.world, placed.attemptId)).toMatchObject(vendor.hangup.recorded);
    });

    const { callbacks } = vendor;
    if (callbacks === 'none') {
      it('refuses every status webhook: it has none', async () => {
        const placed = await context.place(vendor.hangup.to);
        const response = await fetch(placed.callbackUrl, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        });
        expect(response.status).toBe(404);
        expect((await attemptRow(context.world, placed.attemptId)).state).toBe('placed');
        await context.provider.hangup({
          attemptId: String(placed.attemptId),
          providerCallId: placed.providerCallId,
        });
        await finishedAttempt(context.world, placed.attemptId);
      });
    } else {
      it('refuses forged status webhooks and records the one the vendor signed', async () => {
        context.fake.behave(callbacks.to, callbacks.behaviour);
        const placed = await context.place(callbacks.to);
        await context.fake.settled();
        for (const forged of callbacks.forgeries(context.fake, placed))
          expect((await forged).status).toBe(403);
        expect((await attemptRow(context.world, placed.attemptId)).state).toBe('placed');
        const signed = await callbacks.signed(context.fake, placed);
        expect(signed.status).toBe(200);
        expect(await signed.json()).toEqual({ received: true, recorded: true });
        expect(await finishedAttempt(context.world, placed.attemptId)).toMatchObject({
          outcome: callbacks.outcome,
        });
      });
    }

    it("points a bound number's calls at this service, and reports the vendor refusing an update", async () => {
      const { numberSync } = vendor;
      const { headers } = context.world.organization;
      const binding = { inbound_workflow_id: context.world.agentId };
      const created = await context.world.t.app.inject({
        method: 'POST',
        url: `${CONFIGS}/${context.configurationId}/phone-numbers`,
        headers,
        payload: { address: numberSync.address, ...(numberSync.bindOn === 'create' ? binding : {}) },
      });
      expect(created.statusCode).toBe(201);
      const numberUrl = `${CONFIGS}/${context.configurationId}/phone-numbers/${created.json().id}`;
      const bound =
        numberSync.bindOn === 'create'
          ? created
          : await context.world.t.app.inject({ method: 'PUT', url: numberUrl, headers, payload: binding });
      expect(bound.json()).toMatchObject({ inbound_workflow_id: context.world.agentId });
      expect(bound.json().provider_sync).toMatchObject({ ok: true });
      await numberSync.bound(context, bound.json().provider_sync);

      numberSync.refusal?.arrange(context.fake);
      const unbound = await context.world.t.app.inject({
        method: 'PUT',
        url: numberUrl,
        headers,
        payload: { clear_inbound_workflow: true },
      });
      if (numberSync.refusal) numberSync.refusal.restore(context.fake);
      expect(unbound.statusCode).toBe(200);
      expect(unbound.json().inbound_workflow_id).toBeNull();
      if (numberSync.refusal)
        expect(unbound.json().provider_sync).toEqual({ ok: false, message: numberSync.refusal.message });
      else expect(unbound.json().provider_sync).toMatchObject({ ok: true });
      const saved = await context.world.t.app.inject({ method: 'GET', url: numberUrl, headers });
      expect(saved.json().inbound_workflow_id).toBeNull();
      await numberSync.unbound?.(context);
    });

    it('answers a call to the number of an active agent with one run, and refuses the number of an archived one', async () => {
      const { inbound } = vendor;
      const { world } = context;
      const db = world.t.ctx.db;
      const archived = await insertAgent(db, world.organizationId);
      for (const [address, agentId] of [
        [inbound.numbers.active, world.agentId],
        [inbound.numbers.archived, archived.agentId],
      ] as const) {
        const bound = await world.t.app.inject({
          method: 'POST',
          url: `${CONFIGS}/${context.configurationId}/phone-numbers`,
          headers: world.organization.headers,
          payload: { address, inbound_workflow_id: agentId },
        });
        expect(bound.json().provider_sync).toMatchObject({ ok: true });
      }
      await db.updateTable('agents').set({ status: 'archived' }).where('id', '=', archived.agentId).execute();
      const inboundRuns = () =>
        db
          .selectFrom('runs')
          .select(['id', 'workflow_id', 'mode', 'initial_context'])
          .where('organization_id', '=', world.organizationId)
          .where('call_type', '=', 'inbound')
          .execute();
      const before = new Set((await inboundRuns()).map((run) => run.id));

      expect(await inbound.call(context, inbound.numbers.active, '+14155550190')).toEqual(
        inbound.got.accepted,
      );
      expect(await inbound.call(context, inbound.numbers.archived, '+14155550191')).toEqual(
        inbound.got.refused,
      );
      const runs = (await inboundRuns()).filter((run) => !before.has(run.id));
      expect(runs).toEqual([
        expect.objectContaining({
          workflow_id: world.agentId,
          mode: vendor.provider,
          initial_context: expect.objectContaining({
            caller_number: '+14155550190',
            called_number: inbound.numbers.active,
            telephony_configuration_id: context.configurationId,
          }),
        }),
      ]);
    });

    ownCases(context);
  });
}

/** Call instructions in XML (TwiML's `Say`, Plivo's `Speak`): a spoken line, then hang up. */
export function spokenXml(verb: 'Say' | 'Speak', text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><${verb}>${text}</${verb}><Hangup/></Response>`;
}
