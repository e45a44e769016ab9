/** The contract's calls: how endings are recorded, lookups, hang-up and the status webhook. */
import { expect, it } from 'vitest';
import { attemptRow, campaignRow, finishedAttempt } from '../provider-world';
import type { VendorContext, VendorFake, VendorUnderTest } from './vendor';

export function callCases<B, F extends VendorFake<B>>(
  vendor: VendorUnderTest<B, F>,
  context: VendorContext<F>,
): void {
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
    // Both reports answered: the status route stores a report before it answers, so the second one was handled.
    await context.fake.settled();
    await finishedAttempt(context.world, placed.attemptId);
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
      for (const forged of callbacks.forgeries(context.fake, placed)) expect((await forged).status).toBe(403);
      expect((await attemptRow(context.world, placed.attemptId)).state).toBe('placed');
      const signed = await callbacks.signed(context.fake, placed);
      expect(signed.status).toBe(200);
      expect(await signed.json()).toEqual({ received: true, recorded: true });
      expect(await finishedAttempt(context.world, placed.attemptId)).toMatchObject({
        outcome: callbacks.outcome,
      });
    });
  }
}
