import { Context } from '@temporalio/activity';
import { sweepExpiredData, type SweepResult } from '../lifecycle/retention-sweep';
import type { ActivityDeps } from './deps';

export type { SweepResult };

/** The retention sweep's activity: one pass over every organization's expired data, heartbeating after each page. */
export function createRetentionActivities(deps: Pick<ActivityDeps, 'db' | 'storage' | 'logger'>) {
  return {
    async sweepRetention(input: { now?: string } = {}): Promise<SweepResult> {
      const context = Context.current();
      const logger = deps.logger.child({ activity: 'sweepRetention' });
      const result = await sweepExpiredData(
        { db: deps.db, storage: deps.storage, logger },
        { now: input.now ? new Date(input.now) : new Date(), progress: () => context.heartbeat() },
      );
      logger.info(result, 'retention sweep done');
      return result;
    },
  };
}
