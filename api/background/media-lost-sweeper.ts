/**
 * Ends the runs whose conversation never arrived: a call's outcome was stored, but its media process (crashed,
 * partitioned) never stored the conversation within MEDIA_LOST_AFTER_SECONDS. The run completes with its outcome and
 * the disposition `media_lost`; the conversation row becomes `lost`, so a late finish changes nothing.
 */
import type { Logger } from '../../config/logger';
import type { Db } from '../../db/client';
import { endLostConversations } from '../../db/repositories/call-conversations';

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

  async function pass(): Promise<number> {
    const cutoff = new Date(now().getTime() - MEDIA_LOST_AFTER_SECONDS * 1000);
    let ended = 0;
    for (;;) {
      const runs = await endLostConversations(deps.db, cutoff, { organizationId: deps.organizationId });
      for (const run of runs)
        log.warn(
          { run_id: run.runId, organization_id: run.organizationId, disposition: 'media_lost' },
          'conversation not stored after the call outcome; run ended as media_lost',
        );
      ended += runs.length;
      if (runs.length === 0) return ended;
    }
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
