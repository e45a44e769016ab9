/**
 * Knowledge-base ingestion in the API process: each pass claims waiting documents one at a time (a document row is
 * its job, db/repositories/knowledge-base.ts) and ingests them (knowledge-base/ingest.ts). Durable without a queue:
 * the state is in PostgreSQL, so after a restart `pending` documents are picked up again, and a document whose
 * process died while `processing` is taken over once its lease runs out. Several API processes share the work.
 */
import type { Config } from '../../config';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import type { Logger } from '../../config/logger';
import type { Db } from '../../db/client';
import { claimNextDocument } from '../../db/repositories/knowledge-base';
import { ingestDocument } from '../../knowledge-base/ingest';
import { destinationPolicy } from '../../net/outbound-destinations';
import { storageIdentity as storageIdentityOf } from '../../storage/identity';
import type { ObjectStorage } from '../../storage/object-storage';

/** A claim's lease; progress reports extend it, so only a dead process lets it run out. */
export const INGESTION_LEASE_SECONDS = 60;

export interface IngestionDeps {
  db: Db;
  storage: ObjectStorage;
  logger: Logger;
  config: Pick<Config, 'appSecret' | 'appSecretPrevious' | 'security' | 'knowledgeBase' | 'storage'>;
  intervalMs?: number;
  leaseSeconds?: number;
}

export interface KnowledgeBaseIngestion {
  /** Ingests every waiting document now; answers how many it took. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export function startKnowledgeBaseIngestion(deps: IngestionDeps): KnowledgeBaseIngestion {
  const log = deps.logger.child({ component: 'knowledge-base-ingestion' });
  const leaseSeconds = deps.leaseSeconds ?? INGESTION_LEASE_SECONDS;
  let running: Promise<number> | null = null;
  let stopped = false;
  // Only documents uploaded to the store this process reads: another store's file would look missing here.
  const storageIdentity = storageIdentityOf(deps.config.storage);
  const embeddings = {
    cipher: createCredentialsCipher(deps.config),
    destinations: destinationPolicy(deps.config.security.allowedPrivateDestinations),
    timeoutMs: deps.config.knowledgeBase.embeddingsTimeoutMs,
  };

  async function pass(): Promise<number> {
    let taken = 0;
    while (!stopped) {
      const document = await claimNextDocument(deps.db, leaseSeconds, { storageIdentity });
      if (!document) break;
      taken++;
      await ingestDocument({ ...deps, logger: log, leaseSeconds, embeddings }, document);
    }
    return taken;
  }

  const drain = () => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => {
    drain().catch((error: unknown) => log.error({ err: error }, 'knowledge-base ingestion pass failed'));
  }, deps.intervalMs ?? 1000);
  timer.unref();

  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
