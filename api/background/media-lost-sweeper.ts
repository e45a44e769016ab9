/**
 * Ends the runs whose conversation never arrived: a call's outcome was stored, but its media process (crashed,
 * partitioned) never stored the conversation within MEDIA_LOST_AFTER_SECONDS; or an inbound call (which gets no
 * outcome report) is still live MEDIA_LOST_AFTER_SECONDS past its agent's maximum call duration. The run completes with its outcome and
 * the disposition `media_lost`; the conversation row becomes `lost`, so a late finish changes nothing.
 */
import type { Logger } from '../../config/logger';
import type { Db } from '../../db/client';
import { DEFAULT_MAX_CALL_DURATION_SECONDS } from '../../agents/settings';
import {
  endAbandonedInboundConversations,
  endLostConversations,
} from '../../db/repositories/call-conversations';

/** How long after its outcome a run waits for its conversation (issue 15). */
export const MEDIA_LOST_AFTER_SECONDS = 60;

export interface MediaLostSweeperDeps {
  db: Db;
  logger: Logger;
  /** The clock the grace is measured on (tests move it). */
  now?: () => Date;
  intervalMs?: number;
  /** Only this organization's runs (tests, whose files share one database, each move their own clock). */
  organizationId?: number;
}

export interface MediaLostSweeper {
  /** One pass now; returns how many runs it ended. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

export function startMediaLostSweeper(deps: MediaLostSweeperDeps): MediaLostSweeper {
  const now = deps.now ?? (() => new Date());
  const log = deps.logger.child({ component: 'media-lost-sweeper' });
  let running: Promise<number> | null = null;

  /** The two ways a conversation is lost: no conversation 60 s after the outcome, or an inbound stream gone silent. */
  const rules = [
    {
      end: () =>
        endLostConversations(deps.db, new Date(now().getTime() - MEDIA_LOST_AFTER_SECONDS * 1000), {
          organizationId: deps.organizationId,
        }),
      message: 'conversation not stored after the call outcome; run ended as media_lost',
    },
    {
      end: () =>
        endAbandonedInboundConversations(deps.db, now(), {
          graceSeconds: MEDIA_LOST_AFTER_SECONDS,
          defaultMaxSeconds: DEFAULT_MAX_CALL_DURATION_SECONDS,
          organizationId: deps.organizationId,
        }),
      message: 'inbound conversation not stored past the call limit; run ended as media_lost',
    },
  ];

  async function pass(): Promise<number> {
    let ended = 0;
    for (const rule of rules)
      for (;;) {
        const runs = await rule.end();
        for (const run of runs)
          log.warn(
            { run_id: run.runId, organization_id: run.organizationId, disposition: 'media_lost' },
            rule.message,
          );
        ended += runs.length;
        if (runs.length === 0) break;
      }
    return ended;
  }

  const sweep = () => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => {
    sweep().catch((error: unknown) => log.error({ err: error }, 'media-lost sweep failed'));
  }, deps.intervalMs ?? 10_000);
  timer.unref();

  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
