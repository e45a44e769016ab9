import type { Config } from '../config';
import type { Logger } from '../config/logger';
import type { Db } from '../db/client';
import type { ObjectStorage } from '../storage/object-storage';
import type { TemporalGateway } from '../client/temporal';

export const API_PREFIX = '/api/v1';
export const DOCS_PREFIX = `${API_PREFIX}/docs`;

/** What the HTTP layer is built from; tests build it with their own servers. */
export interface AppContext {
  config: Readonly<Config>;
  logger: Logger;
  db: Db;
  storage: ObjectStorage;
  temporal: TemporalGateway;
}

/** Who is calling: every query of a request is scoped to `organizationId`. */
export interface Caller {
  organizationId: number;
  userId: number | null;
  apiKeyId: number | null;
  scopes: readonly string[];
  via: 'api_key' | 'session';
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** No credentials needed (health, signup, login, signed upload targets). */
    public?: boolean;
  }
}
