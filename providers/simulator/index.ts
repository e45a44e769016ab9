/**
 * The simulator: a cloud of our own (in the API process, `simulator/`) reached over HTTP like a vendor's, reporting
 * status to the same webhook path. Its callbacks carry our attempt token only; its numbers need no sync.
 */
import type { VendorAdapter } from '../adapter';
import { callStatusOf, type SimulatorStatusReport } from '../../simulator/outcome';
import { createSimulatorProvider, syncSimulatorNumber } from './simulator-provider';

export const simulatorAdapter: VendorAdapter = {
  name: 'simulator',
  connect({ configurationId, config, environment }) {
    const calls = environment?.simulator;
    if (!calls) return { name: 'simulator', syncInboundWebhook: syncSimulatorNumber };
    return createSimulatorProvider({
      configurationId,
      baseUrl: calls.baseUrl,
      token: calls.token,
      config,
      requestTimeoutMs: environment.requestTimeoutMs,
    });
  },
  statusWebhook: {
    signed: false,
    parse({ body }) {
      const report = body as Partial<SimulatorStatusReport> | null;
      if (!report || typeof report.CallSid !== 'string' || typeof report.CallStatus !== 'string') return null;
      return callStatusOf(report as SimulatorStatusReport);
    },
  },
};
