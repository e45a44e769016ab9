/**
 * The retention sweep: deletes the uploads, recordings and transcripts an organization keeps no longer, and retries
 * storage deletions that failed before. A run keeps its row: only its artifact keys are cleared (after the objects are
 * gone, so a crash in between leaves a key whose object is already deleted, which the next sweep clears again).
 */
import {
  clearArtifactKeys,
  organizationsWithRetention,
  runsWithExpiredArtifacts,
  uploadsStillNeeded,
  type ArtifactKind,
  type OrganizationRetention,
} from '../db/repositories/retention';
import { organizationSourcePrefix } from '../storage/contact-sources';
import { retryPendingObjectDeletions, type ObjectDeletionDeps } from './object-deletions';

export interface SweepResult {
  uploads: number;
  recordings: number;
  transcripts: number;
  /** Objects of earlier deletions deleted now. */
  retried: number;
  /** Organizations or recorded deletions that failed (logged; tried again next time). */
  failures: number;
}

const DAY_MS = 24 * 3600 * 1000;

/** One pass over every organization with a retention setting; `progress` is called after each page. */
export async function sweepExpiredData(
  deps: ObjectDeletionDeps,
  options: { now: Date; progress?: () => void; pageSize?: number },
): Promise<SweepResult> {
  const progress = options.progress ?? (() => {});
  const pageSize = options.pageSize ?? 200;
  const retried = await retryPendingObjectDeletions(deps, progress);
  const result: SweepResult = {
    uploads: 0,
    recordings: 0,
    transcripts: 0,
    retried: retried.deleted,
    failures: retried.failed,
  };
  let afterId = 0;
  for (;;) {
    const organizations = await organizationsWithRetention(deps.db, { afterId, limit: 100 });
    if (organizations.length === 0) return result;
    for (const organization of organizations) {
      try {
        const before = (days: number) => new Date(options.now.getTime() - days * DAY_MS);
        if (organization.recordings_days !== null)
          result.recordings += await expireArtifacts(
            deps,
            organization,
            'recordings',
            before(organization.recordings_days),
            pageSize,
            progress,
          );
        if (organization.transcripts_days !== null)
          result.transcripts += await expireArtifacts(
            deps,
            organization,
            'transcripts',
            before(organization.transcripts_days),
            pageSize,
            progress,
          );
        if (organization.uploads_days !== null)
          result.uploads += await expireUploads(
            deps,
            organization,
            before(organization.uploads_days),
            progress,
          );
      } catch (error) {
        result.failures += 1;
        deps.logger.warn(
          { err: error, organization_id: organization.organizationId },
          'the retention sweep failed for an organization; tried again at the next sweep',
        );
      }
      progress();
    }
    afterId = organizations[organizations.length - 1]!.organizationId;
  }
}

/** Deletes one kind of artifact of the organization's runs created before `before`; answers the objects deleted. */
async function expireArtifacts(
  deps: ObjectDeletionDeps,
  organization: OrganizationRetention,
  kind: ArtifactKind,
  before: Date,
  pageSize: number,
  progress: () => void,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const runs = await runsWithExpiredArtifacts(deps.db, {
      organizationId: organization.organizationId,
      kind,
      before,
      limit: pageSize,
    });
    if (runs.length === 0) return deleted;
    const keys = runs.flatMap((run) => run.keys);
    await deps.storage.deleteObjects(keys);
    await clearArtifactKeys(
      deps.db,
      organization.organizationId,
      kind,
      runs.map((run) => run.id),
    );
    deleted += keys.length;
    progress();
    if (runs.length < pageSize) return deleted;
  }
}

/** Deletes the organization's uploaded files older than `before`, except those a campaign still has to import. */
async function expireUploads(
  deps: ObjectDeletionDeps,
  organization: OrganizationRetention,
  before: Date,
  progress: () => void,
): Promise<number> {
  const needed = await uploadsStillNeeded(deps.db, organization.organizationId);
  const expired: string[] = [];
  for await (const object of deps.storage.listObjects(organizationSourcePrefix(organization.organizationId)))
    if (object.lastModified < before && !needed.has(object.key)) expired.push(object.key);
  for (let start = 0; start < expired.length; start += 500) {
    await deps.storage.deleteObjects(expired.slice(start, start + 500));
    progress();
  }
  return expired.length;
}
