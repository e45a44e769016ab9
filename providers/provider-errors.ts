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
