import { Context } from '@temporalio/activity';
import { createCredentialsCipher } from '../config/credentials-cipher';
import { destinationPolicy } from '../net/outbound-destinations';
import { DeliveryWakeups } from '../webhooks/delivery-wakeups';
import { runDeliverer, type DelivererResult } from '../webhooks/deliverer';
import type { ActivityDeps } from './deps';

export type { DelivererResult };

/** How long one run drains before the workflow continues as new (its history stays short however long it lives). */
const RUN_FOR_MS = 5 * 60 * 1000;
/** The fallback poll: a notification lost with a dropped connection is noticed within this. */
const POLL_MS = 5000;
/** Order keys (campaigns) sent at once per endpoint, each one delivery at a time. */
const MAX_LANES = 16;
/** Unordered deliveries (no campaign, test events) in flight at once per endpoint. */
const MAX_UNORDERED_IN_FLIGHT = 10;
/** Deliveries taken (and numbered) by one statement. */
const BATCH_SIZE = 50;

/**
 * The deliverer's activity: `deliverWebhooks` drains one endpoint's pending deliveries for a few minutes, heartbeating,
 * and stops at once on cancellation or worker shutdown (what was in flight stays pending and is sent again). Registered
 * on the deliverers' own worker (worker/create-webhook-worker.ts), not the engine's.
 */
export function createWebhookDeliveryActivities(
  deps: Pick<ActivityDeps, 'config' | 'db' | 'logger' | 'workerStopping' | 'webhookDeliverer'>,
) {
  const cipher = createCredentialsCipher(deps.config);
  // One policy object per process: guarded requests pool their connections per policy.
  const policy = destinationPolicy(deps.config.security.allowedPrivateDestinations);
  let wakeups: DeliveryWakeups | null = null;
  return {
    async deliverWebhooks(input: { endpointId: number }): Promise<DelivererResult> {
      const context = Context.current();
      if (!deps.config.databaseUrl) throw new Error('DATABASE_URL is required to deliver webhooks');
      wakeups ??= new DeliveryWakeups(deps.config.databaseUrl, deps.logger);
      const stop = deps.workerStopping
        ? AbortSignal.any([context.cancellationSignal, deps.workerStopping])
        : context.cancellationSignal;
      const logger = deps.logger.child({ activity: 'deliverWebhooks', endpoint_id: input.endpointId });
      const result = await runDeliverer(
        {
          db: deps.db,
          logger,
          settings: deps.config.webhooks,
          cipher,
          policy,
          wakeups,
          userAgent: `voice-agent-calling-webhooks/${deps.config.version}`,
        },
        {
          endpointId: input.endpointId,
          heartbeat: () => context.heartbeat(),
          stop,
          runForMs: deps.webhookDeliverer?.runForMs ?? RUN_FOR_MS,
          pollMs: deps.webhookDeliverer?.pollMs ?? POLL_MS,
          maxLanes: MAX_LANES,
          maxUnorderedInFlight: MAX_UNORDERED_IN_FLIGHT,
          batchSize: BATCH_SIZE,
        },
      );
      if (result.stopped)
        logger.info(result, 'webhook deliverer stopping: the endpoint receives nothing now');
      return result;
    },
  };
}

/** The deliverer's activities, as its workflow sees them (a type only). */
export type WebhookDeliveryActivities = ReturnType<typeof createWebhookDeliveryActivities>;
