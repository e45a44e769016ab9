/** A provider API request that failed. The engine needs one fact beyond the message: may the call exist anyway? */
export class ProviderRequestError extends Error {
  readonly mayHaveReachedProvider: boolean;
  /** What the vendor said, for logs only: never part of `message`, which may reach API clients. */
  readonly vendorBody?: string;

  constructor(
    readonly provider: string,
    message: string,
    options: { mayHaveReachedProvider: boolean; vendorBody?: string },
  ) {
    super(message);
    this.name = 'ProviderRequestError';
    this.mayHaveReachedProvider = options.mayHaveReachedProvider;
    if (options.vendorBody !== undefined) this.vendorBody = options.vendorBody;
  }
}

/**
 * Socket errors that fail a request before any byte of it left this machine: the connection was refused or never
 * opened, or the name did not resolve. Such a request certainly reached no provider (a reset or a timeout after
 * connecting proves nothing, and is not here).
 */
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether a request's error (Node's `http`, or `fetch`'s `cause`) says the request was never sent. */
export function requestNeverSent(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (code !== undefined && NEVER_SENT_CODES.has(code)) return true;
    current = current.cause;
  }
  return false;
}

/** An error's message with its cause's (`fetch` says only "fetch failed"; the cause says "connect ECONNREFUSED …"). */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
