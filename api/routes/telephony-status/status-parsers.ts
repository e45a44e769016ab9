import type { CallStatus } from '../../../providers/provider';
import { callStatusOf } from '../../../providers/simulator/simulator-provider';
import type { SimulatorStatusReport } from '../../../simulator/outcome';

/** Reads a provider's status callback body into the engine's view; one entry per provider with status callbacks. */
export const statusParsers: Record<string, (body: unknown) => CallStatus | null> = {
  simulator(body) {
    const report = body as Partial<SimulatorStatusReport> | null;
    if (!report || typeof report.CallSid !== 'string' || typeof report.CallStatus !== 'string') return null;
    return callStatusOf(report as SimulatorStatusReport);
  },
};
