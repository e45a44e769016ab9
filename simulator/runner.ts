import type { Logger } from '../config/logger';
import type { Db } from '../db/client';
import type { AnsweredCallHandler } from './answered-calls';
import {
  claimAnsweredCalls,
  endDueCalls,
  hangUpAnsweredCall,
  keepPlannedEnd,
  markCallbackSent,
  statusReport,
  type SimulatorCallRow,
} from './calls';

const CALLBACK_TRIES = 3;
const CALLBACK_TIMEOUT_MS = 5000;
/** Conversations one runner plays at once; further answered calls wait (ringing a little longer) for a free line. */
const MAX_CONVERSATIONS = 100;
/** Status callbacks one runner has in flight at most; past it, due calls wait for the next tick to end. */
const MAX_DELIVERIES = 1000;

/**
 * Plays out simulated calls: ends each call when its time is up and posts the final status to its callback URL,
 * as a vendor would. A callback lost on purpose (drop_callback) or after its tries is left to reconciliation.
 * With `answering`, a call answered by a person talks with the agent over its media stream while it is in
 * progress, and ends when the conversation does (see answered-calls.ts, voice-calls.ts).
 */
export function startSimulatorRunner(deps: {
  db: Db;
  logger: Logger;
  intervalMs?: number;
  /** The callees of the calls this deployment placed: they talk with its agents (see voice-calls.ts). */
  answering?: { deploymentUrl: string; handler: AnsweredCallHandler } | null;
}): {
  stop(): Promise<void>;
} {
  const log = deps.logger.child({ component: 'simulator' });
  const intervalMs = deps.intervalMs ?? 100;
  const conversations = new Set<Promise<void>>();
  const deliveries = new Set<Promise<void>>();
  const abort = new AbortController();
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const answer = async (answering: { deploymentUrl: string; handler: AnsweredCallHandler }) => {
    const free = MAX_CONVERSATIONS - conversations.size;
    if (free <= 0) return;
    for (const call of await claimAnsweredCalls(deps.db, answering.deploymentUrl, free)) {
      const playing = converse(deps.db, log, answering.handler, call, abort.signal).finally(() =>
        conversations.delete(playing),
      );
      conversations.add(playing);
    }
  };

  const tick = async () => {
    try {
      if (deps.answering && !stopped) await answer(deps.answering);
      // Callbacks go out beside the ticks, as a vendor's would: a slow receiver of one call's status must not hold
      // back the end of every other call (one organization's busy webhooks delayed another's calls by a tick or more).
      for (;;) {
        const free = MAX_DELIVERIES - deliveries.size;
        if (free <= 0) break;
        const ended = await endDueCalls(deps.db, Math.min(200, free));
        for (const call of ended) {
          const delivering = deliver(deps.db, log, call)
            .catch((error: unknown) =>
              log.warn({ err: error, call_sid: call.call_sid }, 'status callback failed'),
            )
            .finally(() => deliveries.delete(delivering));
          deliveries.add(delivering);
        }
        if (ended.length < Math.min(200, free) || stopped) break;
      }
    } catch (error) {
      log.warn({ err: error }, 'simulator tick failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick().finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // Talking callees hang up; their calls end with the media time talked, reported by whichever runner is up.
      abort.abort();
      await current;
      await Promise.all(conversations);
      await Promise.all(deliveries);
    },
  };
}

/** One answered call: the handler talks, then the callee hangs up; a declined call keeps its planned end. */
async function converse(
  db: Db,
  log: Logger,
  handler: AnsweredCallHandler,
  call: SimulatorCallRow,
  signal: AbortSignal,
): Promise<void> {
  const ids = { call_sid: call.call_sid, attempt_ref: call.attempt_ref };
  const answeredAt = new Date(call.requested_at.getTime() + call.ring_seconds * 1000);
  const limit = Math.max(call.talk_seconds, call.time_limit_seconds ?? 0);
  const hangUp = (seconds: number) =>
    hangUpAnsweredCall(db, call.call_sid, Math.min(Math.max(0, seconds), limit));
  try {
    const result = await handler(
      {
        callSid: call.call_sid,
        attemptRef: call.attempt_ref,
        statusCallbackUrl: call.status_callback_url,
        answeredAt,
        hangUpBy: call.ends_at,
      },
      signal,
    );
    if (!result) {
      await keepPlannedEnd(db, call.call_sid);
      return;
    }
    await hangUp(result.talkSeconds);
    log.debug({ ...ids, talk_seconds: result.talkSeconds }, 'simulated conversation ended');
  } catch (error) {
    // The call still ends and reports its outcome; only the conversation is lost. Should even the hang-up fail,
    // the call ends at its time limit.
    log.error({ ...ids, err: error }, 'simulated conversation failed');
    await hangUp((Date.now() - answeredAt.getTime()) / 1000).catch((hangUpError: unknown) =>
      log.error(
        { ...ids, err: hangUpError },
        'simulated call could not be hung up; it ends at its time limit',
      ),
    );
  }
}

async function deliver(db: Db, log: Logger, call: SimulatorCallRow): Promise<void> {
  if (!call.status_callback_url || call.drop_callback) {
    if (call.drop_callback)
      log.debug(
        { call_sid: call.call_sid, attempt_ref: call.attempt_ref },
        'status callback dropped on purpose',
      );
    return;
  }
  const body = JSON.stringify(statusReport(call));
  for (let attempt = 1; attempt <= CALLBACK_TRIES; attempt++) {
    try {
      const response = await fetch(call.status_callback_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      if (response.ok) {
        await markCallbackSent(db, call.call_sid);
        return;
      }
      // A 4xx will not get better by resending; a 5xx may.
      if (response.status < 500) {
        log.warn({ call_sid: call.call_sid, status: response.status }, 'status callback refused');
        return;
      }
    } catch (error) {
      if (attempt === CALLBACK_TRIES)
        log.warn({ call_sid: call.call_sid, err: error }, 'status callback undeliverable');
    }
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}
