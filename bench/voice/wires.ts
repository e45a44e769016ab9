/**
 * The transports the voice benchmark can speak, by the name `--transport` takes: each is the vendor's wire as the
 * transport contract suite speaks it from the vendor's side (test/voice/transport-contract/*-far-end.ts), so the
 * benchmark's callers encode, sign and read exactly what the contract suite checks the adapters against.
 */
import type { VendorWire } from '../../test/voice/transport-contract/far-end';
import { plivoFarEnd } from '../../test/voice/transport-contract/plivo-far-end';
import { simulatorFarEnd } from '../../test/voice/transport-contract/simulator-far-end';
import { twilioFarEnd } from '../../test/voice/transport-contract/twilio-far-end';

const WIRES: Record<string, VendorWire> = {
  twilio: twilioFarEnd,
  simulator: simulatorFarEnd,
  plivo: plivoFarEnd,
};

export const BENCH_TRANSPORTS = Object.keys(WIRES);

/** The wire of a transport name; throws, naming the ones there are, for any other. */
export function wireOf(transport: string): VendorWire {
  const wire = WIRES[transport];
  if (!wire) throw new Error(`unknown transport '${transport}': one of ${BENCH_TRANSPORTS.join(', ')}`);
  return wire;
}
