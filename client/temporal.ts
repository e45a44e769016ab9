import { Client, Connection } from '@temporalio/client';
import type { Config } from '../config';
import { temporalConnectionOptions } from './temporal-connection-options';
import { temporalClientInterceptors } from '../observability/temporal';

/** The API's handle on Temporal: a lazily connecting client plus a real server call for health. */
export interface TemporalGateway {
  readonly client: Client;
  readonly taskQueue: string;
  /** Throws when the server does not answer within the timeout. */
  check(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function createTemporalGateway(config: Pick<Config, 'temporal' | 'observability'>): TemporalGateway {
  // Lazy: the API starts (and reports degraded health) even while Temporal is still coming up.
  const connectionOptions = temporalConnectionOptions(config.temporal);
  const connection = Connection.lazy(connectionOptions);
  const client = new Client({
    connection,
    namespace: config.temporal.namespace,
    interceptors: temporalClientInterceptors(config),
  });
  // Health probes use their own connection without the SDK's retry interceptor: a retried probe outlives the
  // check that started it, and its pending retry throws "Channel has been shut down" once the connection closes.
  const probe = Connection.lazy({ ...connectionOptions, interceptors: [] });
  return {
    client,
    taskQueue: config.temporal.taskQueue,
    async check(timeoutMs = 2000) {
      await probe.withDeadline(Date.now() + timeoutMs, () =>
        probe.workflowService.describeNamespace({ namespace: config.temporal.namespace }),
      );
    },
    async close() {
      await Promise.all([connection.close(), probe.close()]);
    },
  };
}
