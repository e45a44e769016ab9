import type { ActivityDeps } from './deps';
import { createEngineActivities } from './engine-activities';
import { createSyncContactsActivity } from './sync-contacts';
import { createRetentionActivities } from './retention-sweep';

export type { ActivityDeps } from './deps';

/** The activity implementations, bound to their dependencies. Workflows import only `typeof` this. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createSyncContactsActivity(deps),
    ...createEngineActivities(deps),
    ...createRetentionActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
