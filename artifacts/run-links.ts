import type { Config } from '../config';
import type { Run } from '../db/database';
import type { ObjectStorage } from '../storage/object-storage';
import { ARTIFACT_COLUMNS, ARTIFACTS, type ArtifactName } from './artifact-keys';
import { mintPublicToken } from './public-tokens';

/** The artifact URL fields of a run as the API shows them. */
export interface ArtifactLinks {
  recording_url: string | null;
  transcript_url: string | null;
  user_recording_url: string | null;
  bot_recording_url: string | null;
  recording_public_url: string | null;
  transcript_public_url: string | null;
  user_recording_public_url: string | null;
  bot_recording_public_url: string | null;
  public_access_token: string | null;
}

export const PUBLIC_DOWNLOAD_PATH = '/api/v1/public/download/workflow';

/** Signed storage URLs for the owner stay short-lived; shareable links use the public token's lifetime. */
const STORAGE_URL_TTL_SECONDS = 3600;

type RunKeys = Pick<Run, 'id' | (typeof ARTIFACT_COLUMNS)[ArtifactName]>;

/**
 * Mints a fresh public token (when the run has any artifact) and builds both kinds of URL: `*_url`, a signed
 * storage URL, and `*_public_url`, this service's public download route. An artifact not stored is null.
 */
export async function artifactLinks(
  run: RunKeys,
  organizationId: number,
  deps: { storage: ObjectStorage; config: Readonly<Config> },
  nowMs = Date.now(),
): Promise<ArtifactLinks> {
  const links = Object.fromEntries(
    ARTIFACTS.flatMap((a) => [
      [`${a}_url`, null],
      [`${a}_public_url`, null],
    ]),
  ) as unknown as ArtifactLinks;
  const present = ARTIFACTS.filter((artifact) => run[ARTIFACT_COLUMNS[artifact]]);
  if (present.length === 0) return { ...links, public_access_token: null };

  const { config, storage } = deps;
  const token = mintPublicToken(
    config.appSecret,
    { runId: run.id, organizationId },
    config.publicLinks.ttlSeconds,
    nowMs,
  );
  const base = `${config.http.publicBaseUrl}${PUBLIC_DOWNLOAD_PATH}/${token}`;
  const record = links as unknown as Record<string, string | null>;
  await Promise.all(
    present.map(async (artifact) => {
      const key = run[ARTIFACT_COLUMNS[artifact]]!;
      record[`${artifact}_url`] = await storage.createDownloadUrl({
        key,
        expiresInSeconds: STORAGE_URL_TTL_SECONDS,
      });
      record[`${artifact}_public_url`] = `${base}/${artifact}`;
    }),
  );
  return { ...links, public_access_token: token };
}
