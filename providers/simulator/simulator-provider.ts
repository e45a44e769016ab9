import { callStatusOf, type SimulatorStatusReport } from '../../simulator/outcome';
import type {
  CallStatus,
  GetCallStatusInput,
  PlaceCallInput,
  PlaceCallResult,
  ProviderSyncResult,
  SyncInboundWebhookInput,
  TelephonyProvider,
  TransferCallInput,
} from '../provider';
import { describeFailure, ProviderRequestError, requestNeverSent } from '../provider-errors';

export interface SimulatorProviderOptions {
  configurationId: number;
  /** The simulator's calls API (in the API process) and the deployment token it accepts. */
  baseUrl: string;
  token: string;
  config: Record<string, unknown>;
  requestTimeoutMs?: number;
}

/** The simulator reached like a vendor's cloud: over HTTP, with status reported back through the webhook path. */
export function createSimulatorProvider(options: SimulatorProviderOptions): TelephonyProvider {
  const timeoutMs = options.requestTimeoutMs ?? 5000;
  const request = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> => {
    try {
      return await fetch(`${options.baseUrl}/api/v1/simulator${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // A refused connection (the simulator's API process is down) certainly placed nothing: back to the queue.
      throw new ProviderRequestError('simulator', `simulator unreachable: ${describeFailure(error)}`, {
        mayHaveReachedProvider: !requestNeverSent(error),
      });
    }
  };

  return {
    name: 'simulator',

    syncInboundWebhook: syncSimulatorNumber,

    async placeCall(input: PlaceCallInput): Promise<PlaceCallResult> {
      const response = await request('POST', '/calls', {
        configuration_id: options.configurationId,
        attempt_ref: input.attemptId,
        to: input.to,
        from: input.from,
        status_callback_url: input.statusCallbackUrl,
        ring_timeout_seconds: input.ringTimeoutSeconds,
        max_call_duration_seconds: input.maxCallDurationSeconds,
        settings: {
          ring_seconds: numberSetting(options.config.ring_seconds, 1),
          talk_seconds: numberSetting(options.config.talk_seconds, 2),
          script: (options.config.script as Record<string, string[]> | undefined) ?? null,
          drop_callback_rate: numberSetting(options.config.drop_callback_rate, 0),
        },
      });
      if (response.status !== 201) {
        throw new ProviderRequestError(
          'simulator',
          `simulator refused the call (${response.status}): ${await response.text()}`,
          {
            mayHaveReachedProvider: response.status >= 500 && response.status !== 503,
          },
        );
      }
      const report = (await response.json()) as SimulatorStatusReport;
      return { providerCallId: report.CallSid };
    },

    async getCallStatus(input: GetCallStatusInput): Promise<CallStatus> {
      let report: SimulatorStatusReport | undefined;
      if (input.providerCallId) {
        const response = await request('GET', `/calls/${encodeURIComponent(input.providerCallId)}`);
        if (response.status === 404) return { state: 'not_found' };
        if (!response.ok)
          throw new ProviderRequestError('simulator', `status lookup failed (${response.status})`, {
            mayHaveReachedProvider: false,
          });
        report = (await response.json()) as SimulatorStatusReport;
      } else {
        const response = await request('GET', `/calls?attempt_ref=${encodeURIComponent(input.attemptId)}`);
        if (!response.ok)
          throw new ProviderRequestError('simulator', `status lookup failed (${response.status})`, {
            mayHaveReachedProvider: false,
          });
        report = ((await response.json()) as { calls: SimulatorStatusReport[] }).calls[0];
        if (!report) return { state: 'not_found' };
      }
      return callStatusOf(report);
    },

    async hangup(): Promise<void> {
      // Simulated calls end by themselves when their time is up; there is nothing to cut.
    },

    /** The calls API records the transfer and the callee stops the call's media stream; the call then ends. */
    async transferCall(input: TransferCallInput): Promise<void> {
      const response = await request('POST', `/calls/${encodeURIComponent(input.providerCallId)}/transfer`, {
        destination: input.destination,
        caller_id: input.callerId,
      });
      if (response.status !== 200)
        throw new ProviderRequestError(
          'simulator',
          `simulator refused the transfer (${response.status}): ${await response.text()}`,
          { mayHaveReachedProvider: false },
        );
    },
  };
}

/** The simulator routes inbound calls by our own table: there is nothing to tell a vendor. */
export async function syncSimulatorNumber({
  phoneNumber,
  agentId,
}: SyncInboundWebhookInput): Promise<ProviderSyncResult> {
  return {
    ok: true,
    message:
      agentId === null
        ? `simulator: inbound calls to ${phoneNumber.addressNormalized} are no longer routed to an agent`
        : `simulator: inbound calls to ${phoneNumber.addressNormalized} go to agent ${agentId}`,
  };
}

function numberSetting(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
