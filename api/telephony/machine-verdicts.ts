import type { FastifyBaseLogger } from 'fastify';
import { storeReportedVerdict } from '../../client/attempt-outcomes';
import type { TemporalGateway } from '../../client/temporal';
import type { Db } from '../../db/client';

/**
 * One answering-machine verdict of an authenticated attempt callback, whichever route it came on (Twilio's own AMD
 * URL, or Telnyx's and Vonage's status events): stored on the attempt unless it names another call of the attempt.
 * A machine is announced to the media process, whose agent then leaves its message and hangs up; a machine after
 * the call was settled `completed` makes it `voicemail` (engine/late-machine-verdict.ts). Idempotent.
 */
export async function recordMachineVerdict(
  deps: { db: Db; temporal: TemporalGateway; log: FastifyBaseLogger },
  attempt: { id: number; provider_call_id: string | null },
  verdict: { providerCallId: string; answeredBy: string },
): Promise<{ received: true; recorded: boolean }> {
  const { log } = deps;
  if (attempt.provider_call_id !== null && attempt.provider_call_id !== verdict.providerCallId) {
    log.warn(
      { provider_call_id: verdict.providerCallId },
      'answering-machine report for another call of this attempt ignored',
    );
    return { received: true, recorded: false };
  }
  const stored = await storeReportedVerdict(deps, { attemptId: attempt.id, answeredBy: verdict.answeredBy });
  log.info(
    {
      answered_by: verdict.answeredBy,
      machine: stored.machine,
      run_id: stored.runId,
      provider_call_id: verdict.providerCallId,
      revised_to_voicemail: stored.revised !== null,
      retried: stored.revised?.retried ?? false,
    },
    'answering-machine verdict received',
  );
  return { received: true, recorded: stored.stored };
}
