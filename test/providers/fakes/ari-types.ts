/** The ARI fake's call behaviours and channels, shared by ari-fake.ts and ari-bridges-fake.ts. */

export interface AriBehaviour {
  /** Q.850 cause of the end; 16 after an answer is a normal conversation. */
  cause: number;
  answer?: boolean;
  /** The call stays up until `end()` or a hangup. */
  holdOpen?: boolean;
  /** ChannelDestroyed is delivered twice (e.g. two listeners, or a replay). */
  duplicateDestroyed?: boolean;
}

export interface FakeChannel {
  id: string;
  state: 'Down' | 'Ringing' | 'Up';
  endpoint: string;
  callerId: string | null;
  variables: Record<string, string>;
  args: string[];
  creationtime: string;
}
