import { ProviderRequestError } from '../providers/provider-errors';
import { ProviderGuards } from './provider-guard';

/** How a failed placement request is read: refused (certainly not placed) or unknown (the call may exist). */

/** A provider error that says the call was certainly not placed (an API refusal, not a lost answer). */
export function isPlacementRefusal(error: unknown): boolean {
  return (
    ProviderGuards.isOpen(error) || (error instanceof ProviderRequestError && !error.mayHaveReachedProvider)
  );
}

/** The error's message, short enough for `attempts.error`. */
export function placementErrorText(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
}
