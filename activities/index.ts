import type { Logger } from '../config/logger';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { ObjectStorage } from '../storage/object-storage';

/** Everything activities depend on, built once per worker process and injected here. */
export interface ActivityDeps {
  config: Readonly<Config>;
  logger: Logger;
  db: Db;
  storage: ObjectStorage;
}

/** The activity implementations, bound to their dependencies. Workflows import only `typeof` this. */
export function createActivities(_deps: ActivityDeps) {
  return {};
}

export type Activities = ReturnType<typeof createActivities>;
