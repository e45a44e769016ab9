/**
 * The simulator: a cloud of our own (in the API process, `simulator/`) reached over HTTP like a vendor's, reporting
 * status to the same webhook path. Its callbacks carry our attempt token only; its numbers need no sync. A call a
 * person answers fetches its answer URL, whose JSON names the media stream the simulated callee connects to
 * (simulator/media-protocol.ts).
 */
import type { VendorAdapter } from '../adapter';
import { callStatusOf, type SimulatorStatusReport } from '../../simulator/outcome';
import type { SimulatorAnswer } from '../../simulator/media-protocol';
import { simulatorMedia } from './simulator-media';
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
  media: simulatorMedia,
  answerOutbound({ streamUrl, parameters }) {
    const answer: SimulatorAnswer = streamUrl
      ? { stream_url: streamUrl, parameters }
      : { stream_url: null, parameters: {} };
    return { contentType: 'application/json', body: JSON.stringify(answer) };
  },
};
