/**
 * How an aborted LLM request fails: with the signal's reason (an AbortError unless the caller gave another
 * error), never LlmUnavailableError, so a caller tells its own cancellation (barge-in) from the LLM failing.
 */

/** The error an aborted request rejects with. */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new DOMException(typeof reason === 'string' ? reason : 'The LLM request was aborted.', 'AbortError');
}

/** True for the rejection of a request its caller aborted. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
