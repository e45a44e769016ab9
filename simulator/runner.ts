import type { Logger } from '../config/logger';
import type { Db } from '../db/client';
import { endDueCalls, markCallbackSent, statusReport, type SimulatorCallRow } from './calls';

const CALLBACK_TRIES = 3;
const CALLBACK_TIMEOUT_MS = 5000;

/**
 * Plays out simulated calls: ends each call when its time is up and posts the final status to its callback URL,
 * as a vendor would. A callback lost on purpose (drop_callback) or after its tries is left to reconciliation.
 */
export function startSimulatorRunner(deps: { db: Db; logger: Logger; intervalMs?: number }): {
  stop(): Promise<void>;
} {
  const log = deps.logger.child({ component: 'simulator' });
  const intervalMs = deps.intervalMs ?? 100;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const tick = async () => {
    try {
      for (;;) {
        const ended = await endDueCalls(deps.db, 200);
        await Promise.all(ended.map((call) => deliver(deps.db, log, call)));
        if (ended.length < 200 || stopped) break;
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
      await current;
    },
  };
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
