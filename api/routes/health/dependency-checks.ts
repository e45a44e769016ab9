import { pingDatabase } from '../../../db/client';
import type { AppContext } from '../../context';

export type DependencyName = 'database' | 'temporal' | 'storage';
export type DependencyReport = Record<DependencyName, string>;

// Short enough for a load balancer probe (typically 5 s), long enough for a first connection on a busy host.
const CHECK_TIMEOUT_MS = 3000;

/**
 * Checks the database, Temporal and storage (or only `only`) in parallel; each is `"ok"` or a short reason without
 * internals.
 */
export async function checkDependencies<Name extends DependencyName = DependencyName>(
  ctx: AppContext,
  only?: readonly Name[],
): Promise<Record<Name, string>> {
  const checks: Record<DependencyName, () => Promise<unknown>> = {
    database: () => pingDatabase(ctx.db),
    temporal: () => ctx.temporal.check(CHECK_TIMEOUT_MS),
    storage: () => ctx.storage.check(),
  };
  const names = only ?? (Object.keys(checks) as Name[]);
  const results = await Promise.all(
    names.map(async (name) => {
      try {
        await withTimeout(checks[name](), CHECK_TIMEOUT_MS);
        return 'ok';
      } catch (error) {
        ctx.logger.warn({ err: error, dependency: name }, 'health check failed');
        return describeFailure(error);
      }
    }),
  );
  return Object.fromEntries(names.map((name, i) => [name, results[i]])) as Record<Name, string>;
}

class CheckTimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeoutError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// Health is public: report a category and an error code, never a message (it may name hosts, users or paths).
function describeFailure(error: unknown): string {
  if (error instanceof CheckTimeoutError) return `timeout after ${CHECK_TIMEOUT_MS} ms`;
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(code)) return `unavailable (${code})`;
  if (typeof code === 'number') return `unavailable (code ${code})`;
  if (typeof name === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(name) && name !== 'Error')
    return `unavailable (${name})`;
  return 'unavailable';
}
