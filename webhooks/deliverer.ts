/**
 * One run of an endpoint's deliverer: sends the endpoint's due deliveries until `runForMs` passes or it is stopped,
 * at most `maxInFlight` at once and at most one per order key, and records each attempt and its verdict in the rows.
 * Nothing lives only in memory: a run that stops (or crashes) leaves in-flight deliveries pending, sent again by the
 * next run (at least once; the receiver deduplicates on `webhook-id`).
 */
import type { WebhookSettings } from '../config/webhooks';
import type { CredentialsCipher } from '../config/credentials-cipher';
import type { Logger } from '../config/logger';
import type { Db } from '../db/client';
import {
  assignSequences,
  disableEndpoint,
  findDeliveryEndpoint,
  findDueDeliveries,
  nextDueAt,
  recordAttempt,
  type DueDelivery,
} from '../db/repositories/webhook-deliveries';
import type { DestinationPolicy } from '../net/outbound-destinations';
import { shouldDisable, verdictOf } from './backoff';
import type { DeliveryWakeups } from './delivery-wakeups';
import { signingSecrets } from './endpoint-secrets';
import { sendWebhook } from './sender';
import { Waker } from './waker';

export interface DelivererDeps {
  db: Db;
  logger: Logger;
  settings: WebhookSettings;
  cipher: CredentialsCipher;
  policy: DestinationPolicy;
  wakeups: DeliveryWakeups;
  userAgent: string;
}

export interface DelivererRun {
  endpointId: number;
  /** Called every loop (the activity's heartbeat). */
  heartbeat(): void;
  /** Aborted on cancellation or worker shutdown. */
  stop: AbortSignal;
  runForMs: number;
  /** The fallback poll, for a notification that never came. */
  pollMs: number;
  maxInFlight: number;
}

export type StopReason = 'endpoint_deleted' | 'endpoint_inactive' | 'endpoint_disabled';

export interface DelivererResult {
  /** Why the endpoint receives nothing more (its deliverer ends); null: the run's time is up or it was stopped. */
  stopped: StopReason | null;
  attempts: number;
}

/** Drains the endpoint's deliveries for one run. Throws when the database fails (the activity is retried). */
export async function runDeliverer(deps: DelivererDeps, run: DelivererRun): Promise<DelivererResult> {
  const { db, settings } = deps;
  const logger = deps.logger.child({ endpoint_id: run.endpointId });
  const waker = new Waker();
  const unsubscribe = deps.wakeups.subscribe(run.endpointId, () => waker.wake());
  const inFlight = new Map<number, { orderKey: string | null; done: Promise<void> }>();
  let failure: unknown = null;
  let attempts = 0;
  const deadline = Date.now() + run.runForMs;
  try {
    while (!run.stop.aborted && Date.now() < deadline) {
      if (failure) throw failure;
      run.heartbeat();
      // Read every round: a deletion, deactivation, rotation or URL change applies to the next send.
      const endpoint = await findDeliveryEndpoint(db, run.endpointId);
      if (!endpoint) return { stopped: 'endpoint_deleted', attempts };
      if (!endpoint.active) return { stopped: 'endpoint_inactive', attempts };
      if (endpoint.disabled_at) return { stopped: 'endpoint_disabled', attempts };
      if (shouldDisable(endpoint.failing_since, new Date(), settings)) {
        const reason = `every attempt failed since ${endpoint.failing_since!.toISOString()} (over ${settings.disableAfterSeconds} s)`;
        if (await disableEndpoint(db, endpoint.id, reason))
          logger.warn({ organization_id: endpoint.organization_id, reason }, 'webhook endpoint disabled');
        return { stopped: 'endpoint_disabled', attempts };
      }
      const free = run.maxInFlight - inFlight.size;
      const due =
        free > 0
          ? await findDueDeliveries(db, run.endpointId, {
              limit: free,
              inFlightIds: [...inFlight.keys()],
              inFlightOrderKeys: [...inFlight.values()].flatMap((entry) => entry.orderKey ?? []),
            })
          : [];
      if (due.length > 0) {
        // Retries keep their sequence: only a first send needs the numbering transaction.
        const sequences = due.some((delivery) => delivery.sequence === null)
          ? await assignSequences(
              db,
              run.endpointId,
              due.map((delivery) => delivery.id),
            )
          : new Map(due.map((delivery) => [delivery.id, delivery.sequence!]));
        const secrets = signingSecrets(deps.cipher, endpoint, new Date());
        for (const delivery of due) {
          const done = sendAndRecord(
            { deps, run, logger, url: endpoint.url, secrets },
            delivery,
            sequences.get(delivery.id)!,
          )
            .then(() => void (attempts += 1))
            .catch((error: unknown) => void (failure ??= error))
            .finally(() => {
              inFlight.delete(delivery.id);
              waker.wake();
            });
          inFlight.set(delivery.id, { orderKey: delivery.order_key, done });
        }
        // The batch may not have taken everything due: look again before waiting.
        if (inFlight.size < run.maxInFlight) continue;
      }
      await waker.wait(await waitMs(db, run, inFlight.size), run.stop);
    }
    return { stopped: null, attempts };
  } finally {
    unsubscribe();
    await Promise.allSettled([...inFlight.values()].map((entry) => entry.done));
  }
}

/**
 * How long to sleep when nothing more can be sent: with deliveries in flight, until one ends (or the poll); otherwise
 * until the next retry falls due or the poll, whichever is sooner, never under 50 ms (clock skew with the database
 * must not spin the loop).
 */
async function waitMs(db: Db, run: DelivererRun, inFlight: number): Promise<number> {
  if (inFlight > 0) return run.pollMs;
  const due = await nextDueAt(db, run.endpointId);
  if (due === null) return run.pollMs;
  return Math.min(Math.max(due.getTime() - Date.now(), 50), run.pollMs);
}

interface SendContext {
  deps: DelivererDeps;
  run: DelivererRun;
  logger: Logger;
  url: string;
  secrets: string[];
}

/** One attempt of one delivery: signed and sent, judged by the delivery policy, recorded with its verdict. */
async function sendAndRecord(context: SendContext, item: DueDelivery, sequence: number): Promise<void> {
  const { deps, run, logger } = context;
  const { settings } = deps;
  const response = await sendWebhook({
    url: context.url,
    eventId: item.event_id,
    body: JSON.stringify({ ...item.payload, sequence }),
    secrets: context.secrets,
    userAgent: deps.userAgent,
    timeoutMs: settings.timeoutSeconds * 1000,
    policy: deps.policy,
    signal: run.stop,
  });
  // Cut off by the stop, not answered: left as it was, for the next run to send again.
  if (response.statusCode === null && run.stop.aborted) return;
  const verdict = verdictOf(
    { statusCode: response.statusCode, retryAfter: response.retryAfter },
    {
      attemptCount: item.attempt_count + 1,
      firstAttemptAt: item.first_attempt_at ?? response.attemptedAt,
      now: new Date(),
    },
    settings,
  );
  await recordAttempt(deps.db, {
    deliveryId: item.id,
    endpointId: run.endpointId,
    attemptedAt: response.attemptedAt,
    statusCode: response.statusCode,
    latencyMs: response.latencyMs,
    error: response.error,
    state: verdict.state,
    nextAttemptAt: verdict.state === 'pending' ? verdict.nextAttemptAt : null,
  });
  const fields = {
    delivery_id: item.id,
    event_id: item.event_id,
    event_type: item.event_type,
    sequence,
    status_code: response.statusCode,
    latency_ms: response.latencyMs,
    state: verdict.state,
  };
  if (verdict.state === 'delivered') return void logger.debug(fields, 'webhook delivered');
  logger.info(
    {
      ...fields,
      error: response.error,
      ...(verdict.state === 'pending'
        ? { next_attempt_at: verdict.nextAttemptAt }
        : { reason: verdict.reason }),
    },
    verdict.state === 'failed' ? 'webhook delivery failed for good' : 'webhook delivery will be retried',
  );
}
