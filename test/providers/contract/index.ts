/**
 * The contract every vendor adapter keeps, registered once per vendor against that vendor's fake, so the adapter is
 * checked from outside. A vendor file calls `describeVendorContract` with its scenarios, then adds its own cases.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { adapterOf, insertConfiguration, placeAttempt, startProviderWorld } from '../provider-world';
import { callCases } from './calls';
import { numberCases } from './numbers';
import type { VendorContext, VendorFake, VendorUnderTest } from './vendor';

export { GREETING, REFUSAL, instructionsOf, spokenXml, type VendorUnderTest } from './vendor';

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
      const started = await vendor.start(context.world);
      Object.assign(context, started);
      context.configurationId = await insertConfiguration(
        context.world,
        vendor.provider,
        started.clear,
        started.secrets,
      );
      context.provider =
        vendor.connect?.(context.world, context.configurationId, started.clear) ??
        adapterOf(context.world, context.configurationId, vendor.provider, started.clear, started.secrets);
    });
    afterAll(async () => {
      await context.fake?.close();
      await context.world?.close();
    });

    callCases(vendor, context);
    numberCases(vendor, context);
    ownCases(context);
  });
}
