/**
 * One run of an endpoint's deliverer: sends the endpoint's due deliveries until `runForMs` passes or it is stopped, and
 * records each attempt and its verdict in the rows. Each order key runs as a lane (webhooks/delivery-lanes.ts): one
 * delivery of a key in flight at a time, in id order, up to `maxLanes` keys at once; unordered deliveries go up to
 * `maxUnorderedInFlight` at once. This loop looks for keys whose head is due and starts their lanes, takes unordered
 * deliveries, checks the endpoint, and sleeps until a notification, the end of a lane, the next due retry or the poll.
 * Nothing lives only in memory: a run that stops (or crashes) leaves what it took and did not answer pending, sent
 * again by the next run (at least once; the receiver deduplicates on `webhook-id`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { WebhookSettings } from '../config/webhooks';
import type { CredentialsCipher } from '../config/credentials-cipher';
import type { Logger } from '../config/logger';
import type { Db } from '../db/client';
import { surveyPending } from '../db/repositories/webhook-delivery-batches';
import { disableEndpoint, findDeliveryEndpoint } from '../db/repositories/webhook-deliveries';
import type { DestinationPolicy } from '../net/outbound-destinations';
import { shouldDisable } from './backoff';
import { runLane, UnorderedSender, type LaneContext } from './delivery-lanes';
import type { DeliveryWakeups } from './delivery-wakeups';
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
  /** Called every loop and every send (the activity's heartbeat). */
  heartbeat(): void;
  /** Aborted on cancellation or worker shutdown. */
  stop: AbortSignal;
  runForMs: number;
  /** The fallback poll, for a notification that never came. */
  pollMs: number;
  /** Order keys (campaigns) sent at once, each one delivery at a time. */
  maxLanes: number;
  /** Unordered deliveries in flight at once. */
  maxUnorderedInFlight: number;
  /** Deliveries taken by one statement. */
  batchSize: number;
}

export type StopReason = 'endpoint_deleted' | 'endpoint_inactive' | 'endpoint_disabled';

export interface DelivererResult {
  /** Why the endpoint receives nothing more (its deliverer ends); null: the run's time is up or it was stopped. */
  stopped: StopReason | null;
  attempts: number;
}

/**
 * The loop's rounds are at least this far apart: a notification comes with every recorded event, and a round per
 * event would spend the database on surveys that find the running lanes already have the work.
 */
const MIN_ROUND_MS = 50;
/** Sends heartbeat at most this often (a heartbeat per send would cost more than the send's own statement). */
const SEND_HEARTBEAT_MS = 1000;
/** The endpoint (deleted, deactivated, due to be disabled) is looked at again at least this often. */
const ENDPOINT_CHECK_MS = 1000;
/** Never sleep less than this for a retry the database says is not due yet (clock skew must not spin the loop). */
const MIN_WAIT_MS = 50;

/** Drains the endpoint's deliveries for one run. Throws when the database fails (the activity is retried). */
export async function runDeliverer(deps: DelivererDeps, run: DelivererRun): Promise<DelivererResult> {
  const { db, settings } = deps;
  const logger = deps.logger.child({ endpoint_id: run.endpointId });
  const waker = new Waker();
  const unsubscribe = deps.wakeups.subscribe(run.endpointId, () => waker.wake());
  // A failed lane stops the others at once: the run throws and the activity's retry starts afresh.
  const halt = new AbortController();
  const stop = AbortSignal.any([run.stop, halt.signal]);
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
    halt.abort();
    waker.wake();
  };
  let attempts = 0;
  let winding = false;
  let endpointCheckedAt = 0;
  const deadline = Date.now() + run.runForMs;
  let heartbeatAt = 0;
  const context: LaneContext = {
    db,
    logger,
    settings,
    cipher: deps.cipher,
    policy: deps.policy,
    userAgent: deps.userAgent,
    endpointId: run.endpointId,
    batchSize: run.batchSize,
    stop,
    winding: () => winding,
    heartbeat: () => {
      if (Date.now() - heartbeatAt < SEND_HEARTBEAT_MS) return;
      heartbeatAt = Date.now();
      run.heartbeat();
    },
    onAttempt: () => void (attempts += 1),
    onEndpointChanged: () => {
      endpointCheckedAt = 0;
      waker.wake();
    },
  };
  const lanes = new Map<string, Promise<void>>();
  const unordered = new UnorderedSender(context, run.maxUnorderedInFlight, () => waker.wake(), fail);
  try {
    while (!stop.aborted && Date.now() < deadline) {
      const roundStarted = Date.now();
      run.heartbeat();
      if (Date.now() - endpointCheckedAt >= ENDPOINT_CHECK_MS) {
        const stopped = await checkEndpoint(deps, run.endpointId, logger);
        if (stopped) return { stopped, attempts };
        endpointCheckedAt = Date.now();
      }
      const { heads, unorderedDueAt } = await surveyPending(db, run.endpointId, unordered.heldIds());
      let wakeAt = Date.now() + run.pollMs;
      for (const head of heads) {
        if (lanes.has(head.order_key)) continue;
        if (head.due && lanes.size < run.maxLanes) {
          const lane = runLane(context, head.order_key)
            .catch(fail)
            .finally(() => {
              lanes.delete(head.order_key);
              waker.wake();
            });
          lanes.set(head.order_key, lane);
        } else if (!head.due) wakeAt = Math.min(wakeAt, head.next_attempt_at.getTime());
      }
      if (unorderedDueAt && unordered.wantsMore()) {
        if (unorderedDueAt.due) await unordered.take();
        else wakeAt = Math.min(wakeAt, unorderedDueAt.at.getTime());
      }
      if (failure) throw failure;
      await waker.wait(Math.min(Math.max(wakeAt - Date.now(), MIN_WAIT_MS), run.pollMs), stop);
      const sinceRound = Date.now() - roundStarted;
      if (sinceRound < MIN_ROUND_MS && !stop.aborted)
        await sleep(MIN_ROUND_MS - sinceRound, undefined, { signal: stop }).catch(() => undefined);
    }
    if (failure) throw failure;
    return { stopped: null, attempts };
  } finally {
    winding = true;
    unsubscribe();
    await Promise.allSettled([...lanes.values()]);
    await unordered.settle();
  }
}

/** The endpoint's reason to receive nothing more, disabling it when every attempt has failed for too long. */
async function checkEndpoint(
  deps: DelivererDeps,
  endpointId: number,
  logger: Logger,
): Promise<StopReason | null> {
  const endpoint = await findDeliveryEndpoint(deps.db, endpointId);
  if (!endpoint) return 'endpoint_deleted';
  if (!endpoint.active) return 'endpoint_inactive';
  if (endpoint.disabled_at) return 'endpoint_disabled';
  if (shouldDisable(endpoint.failing_since, new Date(), deps.settings)) {
    const reason = `every attempt failed since ${endpoint.failing_since!.toISOString()} (over ${deps.settings.disableAfterSeconds} s)`;
    if (await disableEndpoint(deps.db, endpoint.id, reason))
      logger.warn({ organization_id: endpoint.organization_id, reason }, 'webhook endpoint disabled');
    return 'endpoint_disabled';
  }
  return null;
}
