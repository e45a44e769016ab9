import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { recordAnsweredBy } from '../../db/repositories/answered-by';

/**
 * One answering-machine verdict of an authenticated attempt callback, whichever route it came on (Twilio's own AMD
 * URL, or Telnyx's and Vonage's status events): stored on the attempt unless it names another call of the attempt.
 * A machine is announced to the media process, whose agent then leaves its message and hangs up. Idempotent.
 */
export async function recordMachineVerdict(
  db: Db,
  log: FastifyBaseLogger,
  attempt: { id: number; provider_call_id: string | null },
  verdict: { providerCallId: string; answeredBy: string },
): Promise<{ received: true; recorded: boolean }> {
  if (attempt.provider_call_id !== null && attempt.provider_call_id !== verdict.providerCallId) {
    log.warn(
      { provider_call_id: verdict.providerCallId },
      'answering-machine report for another call of this attempt ignored',
    );
    return { received: true, recorded: false };
  }
  const stored = await recordAnsweredBy(db, attempt.id, verdict.answeredBy);
  log.info(
    {
      answered_by: verdict.answeredBy,
      machine: stored?.machine ?? false,
      run_id: stored?.runId ?? null,
      provider_call_id: verdict.providerCallId,
    },
    'answering-machine verdict received',
  );
  return { received: true, recorded: stored !== null };
}
