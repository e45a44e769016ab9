/** Timing of the dialing engine's safety nets; production defaults, shortened by tests and benchmarks. */
export interface EngineSettings {
  /** Added to ring timeout + maximum call length before a silent call is looked up at the provider. */
  deadlineGraceSeconds: number;
  /** How long a claimed attempt may wait for the provider's answer before it is looked up by reference. */
  placingStaleSeconds: number;
  /** Timeout of one provider API request (also the opossum guard's timeout). */
  providerRequestTimeoutMs: number;
  /** How many attempts one placement activity dials at the same time. */
  placementConcurrency: number;
  /**
   * The pace, per worker process, of the claims of an organization that wants more than an even split of the claim
   * turns while other organizations claim too (activities/placement/fair-turns.ts); alone it is not paced.
   */
  busyOrganizationClaimsPerSecond: number;
}

export const DEFAULT_ENGINE_SETTINGS: Readonly<EngineSettings> = Object.freeze({
  deadlineGraceSeconds: 30,
  placingStaleSeconds: 30,
  providerRequestTimeoutMs: 10_000,
  placementConcurrency: 20,
  busyOrganizationClaimsPerSecond: 40,
});

const ENV_NAMES: Record<keyof EngineSettings, string> = {
  deadlineGraceSeconds: 'ENGINE_DEADLINE_GRACE_SECONDS',
  placingStaleSeconds: 'ENGINE_PLACING_STALE_SECONDS',
  providerRequestTimeoutMs: 'ENGINE_PROVIDER_REQUEST_TIMEOUT_MS',
  placementConcurrency: 'ENGINE_PLACEMENT_CONCURRENCY',
  busyOrganizationClaimsPerSecond: 'ENGINE_BUSY_ORGANIZATION_CLAIMS_PER_SECOND',
};

/**
 * Reads the optional ENGINE_* variables (`loadConfig` calls it); a value that is not a positive number is added to
 * `problems`, so the process stops at start with the other configuration problems.
 */
export function readEngineSettings(
  env: Record<string, string | undefined>,
  problems: string[],
): EngineSettings {
  const settings = { ...DEFAULT_ENGINE_SETTINGS };
  for (const key of Object.keys(ENV_NAMES) as Array<keyof EngineSettings>) {
    const raw = env[ENV_NAMES[key]]?.trim();
    if (!raw) continue;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0)
      problems.push(`${ENV_NAMES[key]} must be a positive number (got "${raw}")`);
    else settings[key] = value;
  }
  // A claim is only looked up once the request that made it has certainly ended.
  settings.placingStaleSeconds = Math.max(
    settings.placingStaleSeconds,
    Math.ceil((settings.providerRequestTimeoutMs * 2) / 1000),
  );
  return settings;
}
