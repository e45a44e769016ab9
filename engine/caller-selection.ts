import type { Executor } from '../db/client';
import { listActiveCallerNumbers } from '../db/repositories/phone-numbers';
import {
  callerCandidates,
  chooseLocalCaller,
  localityOf,
  type CallerCandidate,
  type CallerChoice,
} from '../domain/local-caller-id';
import { nanpRegionOf } from './number-regions';

/**
 * The caller number of each campaign call. Without local caller id it is the configuration's caller
 * (`findCallerNumber`); with it, the configuration's active number nearest the contact (domain/local-caller-id.ts).
 */
export interface CallerSelection {
  /** The configuration's caller: the default caller id, else its first active number. */
  defaultCaller: string | null;
  /** The numbers chosen from, with their localities; null when the campaign does not use local caller id. */
  localCandidates: CallerCandidate[] | null;
}

/** Reads the configuration's numbers (once per placement batch) when the campaign uses local caller id. */
export async function loadCallerSelection(
  db: Executor,
  options: { configurationId: number; defaultCaller: string | null; localCallerId: boolean },
): Promise<CallerSelection> {
  if (!options.localCallerId) return { defaultCaller: options.defaultCaller, localCandidates: null };
  const numbers = await listActiveCallerNumbers(db, options.configurationId);
  return { defaultCaller: options.defaultCaller, localCandidates: callerCandidates(numbers, nanpRegionOf) };
}

/** The number a call to `calledNumber` (E.164) shows, and how it matched the contact. */
export function callerFor(selection: CallerSelection, calledNumber: string): CallerChoice {
  if (!selection.localCandidates) return { number: selection.defaultCaller, match: 'default' };
  return chooseLocalCaller(
    localityOf(calledNumber, nanpRegionOf),
    selection.localCandidates,
    selection.defaultCaller,
  );
}
