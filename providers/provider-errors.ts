/** A provider API request that failed. The engine needs one fact beyond the message: may the call exist anyway? */
export class ProviderRequestError extends Error {
  readonly mayHaveReachedProvider: boolean;

  constructor(
    readonly provider: string,
    message: string,
    options: { mayHaveReachedProvider: boolean },
  ) {
    super(message);
    this.name = 'ProviderRequestError';
    this.mayHaveReachedProvider = options.mayHaveReachedProvider;
  }
}
