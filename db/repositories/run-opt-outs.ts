import { personNumberOf, type OptOutVia } from '../../domain/opt-out';
import type { Executor } from '../client';
import { addDoNotCallNumbers } from './do-not-call';

/**
 * A run that opted out puts its person's number on the organization's do-not-call list, source `opt_out`, with the
 * run's id: in the run's final write (completeRun, same transaction) and, for a key press, at once when it is pressed.
 * Listing is idempotent (a listed number stays as first listed), so both together list it once.
 */

export interface RunForOptOut {
  id: number;
  organization_id: number;
  call_type: string;
  called_number: string | null;
  caller_number: string | null;
}

export interface OptOutListing {
  /** The E.164 number listed (or already listed); null when the run has none (SIP address, anonymous caller). */
  number: string | null;
  /** This call put it on the list (false: it was listed before, or there is no number). */
  added: boolean;
}

const REASON: Record<OptOutVia, string> = {
  disposition: 'Asked not to be called again during a call (opt-out disposition).',
  keypad: 'Pressed the opt-out key during a call.',
};

/** Lists the run's person (the called number of an outbound call, the caller of an inbound one). */
export async function listRunPersonAsOptedOut(
  executor: Executor,
  run: RunForOptOut,
  via: OptOutVia,
): Promise<OptOutListing> {
  const number = personNumberOf(run);
  if (number === null) return { number: null, added: false };
  const { added } = await addDoNotCallNumbers(executor, {
    organizationId: run.organization_id,
    numbers: [{ number, reason: REASON[via] }],
    source: 'opt_out',
    runId: run.id,
  });
  return { number, added: added.length > 0 };
}

/** The same for a run known by id (a key press during its call); null when the run is gone. */
export async function listOptedOutRun(
  executor: Executor,
  runId: number,
  via: OptOutVia,
): Promise<(OptOutListing & { organizationId: number }) | null> {
  const run = await executor
    .selectFrom('runs')
    .select(['id', 'organization_id', 'call_type', 'called_number', 'caller_number'])
    .where('id', '=', runId)
    .executeTakeFirst();
  if (!run) return null;
  return { ...(await listRunPersonAsOptedOut(executor, run, via)), organizationId: run.organization_id };
}
