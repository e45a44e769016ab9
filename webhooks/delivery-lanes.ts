/**
 * The sending side of a deliverer run. An order key (a campaign) runs as a lane: it takes the key's next deliveries in
 * id order in one statement (numbered in that statement), sends them one after another and records each answer in
 * one statement, so a delivery costs one POST and one statement. Unordered deliveries are taken in batches too and
 * sent in parallel. Nothing lives only in memory: what was taken and not answered stays pending in its row.
 */
import type { WebhookSettings } from '../config/webhooks';
import type { CredentialsCipher } from '../config/credentials-cipher';
import type { Logger } from '../config/logger';
import type { Db } from '../db/client';
import {
  takeOrderedBatch,
  takeUnorderedBatch,
  type DueDelivery,
  type SigningEndpoint,
} from '../db/repositories/webhook-delivery-batches';
import { recordAttempt } from '../db/repositories/webhook-deliveries';
import type { DestinationPolicy } from '../net/outbound-destinations';
import { verdictOf, type DeliveryVerdict } from './backoff';
import { signingSecrets } from './endpoint-secrets';
import { sendWebhook, type WebhookResponse } from './sender';

export interface LaneContext {
  db: Db;
  logger: Logger;
  settings: WebhookSettings;
  cipher: CredentialsCipher;
  policy: DestinationPolicy;
  userAgent: string;
  endpointId: number;
  batchSize: number;
  /** Aborted on cancellation, worker shutdown or a failed lane: a send under way is cut off and not recorded. */
  stop: AbortSignal;
  /** True once the run winds down (time up, endpoint gone): what is under way ends, nothing new starts. */
  winding(): boolean;
  heartbeat(): void;
  onAttempt(): void;
  /** The endpoint was found changed (deleted, deactivated): the run looks at it again. */
  onEndpointChanged(): void;
}

/** What a lane does after one send. */
type AfterSend = 'next' | 'retake' | 'stop';

interface Target {
  url: string;
  secrets: string[];
}

const targetOf = (context: LaneContext, endpoint: SigningEndpoint): Target => ({
  url: endpoint.url,
  secrets: signingSecrets(context.cipher, endpoint, new Date()),
});

/**
 * Sends one order key's due deliveries until none is left, the head must wait for its retry, or the run winds down.
 * One send of the key at a time; a delivered answer is recorded while the next delivery is sent (the record is
 * bookkeeping: a crash before it lands sends that delivery again, at least once), so a delivery costs the longer of
 * its POST and its statement, not both. An answer to retry is recorded before anything else of the key goes.
 * A change to the endpoint applies from the next batch (each batch reads the endpoint in the statement that takes it);
 * a deactivation, deletion or redelivery of an older event is noticed at the next record, stopping (or re-taking) the
 * lane after at most one more send.
 */
export async function runLane(context: LaneContext, orderKey: string): Promise<void> {
  let recording: Promise<AfterSend> | null = null;
  const recorded = async (): Promise<AfterSend> => {
    const pending = recording;
    recording = null;
    return pending ? pending : 'next';
  };
  try {
    while (!context.winding() && !context.stop.aborted) {
      const { endpoint, deliveries } = await takeOrderedBatch(
        context.db,
        context.endpointId,
        orderKey,
        context.batchSize,
      );
      if (!endpoint) return;
      const target = targetOf(context, endpoint);
      for (const [index, item] of deliveries.entries()) {
        if (context.winding() || context.stop.aborted) return;
        const answer = await sendOne(context, target, item);
        const previous = await recorded();
        if (!answer) return;
        const next = deliveries[index + 1];
        const record = recordOne(context, item, answer, next && { orderKey, id: next.id });
        if (previous === 'next' && answer.verdict.state !== 'pending' && next) {
          // Handled now so that a failure waiting for the next loop is no unhandled rejection; awaited there.
          record.catch(() => undefined);
          recording = record;
          continue;
        }
        const after = await record;
        if (previous === 'stop' || after === 'stop') return;
        if (previous === 'retake' || after === 'retake') break;
      }
      // Every answer of the batch is recorded before the next take reads the key's pending deliveries.
      if ((await recorded()) === 'stop') return;
    }
  } finally {
    await recorded().catch(() => undefined);
  }
}

/**
 * Unordered deliveries: taken a batch at a time (leaving out those taken and not yet answered), sent at most
 * `maxInFlight` at once.
 */
export class UnorderedSender {
  private readonly queue: Array<{ target: Target; item: DueDelivery }> = [];
  /** Sends under way, by delivery id. */
  private readonly sends = new Map<number, Promise<void>>();

  constructor(
    private readonly context: LaneContext,
    private readonly maxInFlight: number,
    /** Called when a send ends and nothing taken waits (the run may take more). */
    private readonly onIdle: () => void,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  /** Ids taken and not yet answered (waiting or being sent): pending in their rows, not to be taken again. */
  heldIds(): number[] {
    return [...this.sends.keys(), ...this.queue.map((entry) => entry.item.id)];
  }

  /** Room to take more: nothing taken is waiting and a send slot is free. */
  wantsMore(): boolean {
    return this.queue.length === 0 && this.sends.size < this.maxInFlight;
  }

  async take(): Promise<void> {
    const { endpoint, deliveries } = await takeUnorderedBatch(
      this.context.db,
      this.context.endpointId,
      this.heldIds(),
      this.context.batchSize,
    );
    if (!endpoint) return;
    const target = targetOf(this.context, endpoint);
    for (const item of deliveries) this.queue.push({ target, item });
    this.pump();
  }

  /** Waits for the sends under way; what was taken and not started stays pending for the next run. */
  async settle(): Promise<void> {
    this.queue.length = 0;
    while (this.sends.size > 0) await Promise.allSettled([...this.sends.values()]);
  }

  private pump(): void {
    while (this.sends.size < this.maxInFlight && this.queue.length > 0) {
      if (this.context.winding() || this.context.stop.aborted) {
        this.queue.length = 0;
        break;
      }
      const { target, item } = this.queue.shift()!;
      const send = sendAndRecord(this.context, target, item, undefined)
        .then(() => undefined)
        .catch((error: unknown) => this.onFailure(error))
        .finally(() => {
          this.sends.delete(item.id);
          this.pump();
          if (this.queue.length === 0) this.onIdle();
        });
      this.sends.set(item.id, send);
    }
  }
}

/** One attempt of one delivery: signed and sent, judged by the delivery policy, recorded with its verdict. */
async function sendAndRecord(
  context: LaneContext,
  target: Target,
  item: DueDelivery,
  nextInLane: { orderKey: string; id: number } | undefined,
): Promise<AfterSend> {
  const answer = await sendOne(context, target, item);
  return answer ? recordOne(context, item, answer, nextInLane) : 'stop';
}

interface Answer {
  response: WebhookResponse;
  verdict: DeliveryVerdict;
}

/** Signs and sends one attempt and judges the answer; null when the stop cut it off (left as it was, sent again). */
async function sendOne(context: LaneContext, target: Target, item: DueDelivery): Promise<Answer | null> {
  const { settings } = context;
  context.heartbeat();
  const response = await sendWebhook({
    url: target.url,
    eventId: item.event_id,
    body: JSON.stringify({ ...item.payload, sequence: item.sequence }),
    secrets: target.secrets,
    userAgent: context.userAgent,
    timeoutMs: settings.timeoutSeconds * 1000,
    policy: context.policy,
    signal: context.stop,
  });
  if (response.statusCode === null && context.stop.aborted) return null;
  const verdict = verdictOf(
    { statusCode: response.statusCode, retryAfter: response.retryAfter },
    {
      attemptCount: item.attempt_count + 1,
      firstAttemptAt: item.first_attempt_at ?? response.attemptedAt,
      now: new Date(),
    },
    settings,
  );
  return { response, verdict };
}

/** Records one answer (the attempt row and the delivery's state, one statement) and says what the lane does next. */
async function recordOne(
  context: LaneContext,
  item: DueDelivery,
  { response, verdict }: Answer,
  nextInLane: { orderKey: string; id: number } | undefined,
): Promise<AfterSend> {
  const { logger } = context;
  const recorded = await recordAttempt(context.db, {
    deliveryId: item.id,
    endpointId: context.endpointId,
    attemptedAt: response.attemptedAt,
    statusCode: response.statusCode,
    latencyMs: response.latencyMs,
    error: response.error,
    state: verdict.state,
    nextAttemptAt: verdict.state === 'pending' ? verdict.nextAttemptAt : null,
    nextInLane,
  });
  if (!recorded.recorded) {
    context.onEndpointChanged();
    return 'stop';
  }
  context.onAttempt();
  const fields = {
    delivery_id: item.id,
    event_id: item.event_id,
    event_type: item.event_type,
    order_key: item.order_key,
    sequence: item.sequence,
    status_code: response.statusCode,
    latency_ms: response.latencyMs,
    state: verdict.state,
  };
  if (verdict.state === 'delivered') logger.debug(fields, 'webhook delivered');
  else
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
  if (!recorded.endpointUsable) {
    context.onEndpointChanged();
    return 'stop';
  }
  // A retry holds back the key's later deliveries until it is due.
  if (verdict.state === 'pending') return 'stop';
  return recorded.olderPending ? 'retake' : 'next';
}
