import { pingDatabase } from '../../../db/client';
import type { Logger } from '../../../config/logger';
import type { AppContext } from '../../context';

export type DependencyName = 'database' | 'temporal' | 'storage';
export type DependencyReport = Record<DependencyName, string>;

// Short enough for a load balancer probe (typically 5 s), long enough for a first connection on a busy host.
const CHECK_TIMEOUT_MS = 3000;
/** How long one check's answer serves every probe: with one check in flight at a time, at most ~1 call/s each. */
export const DEPENDENCY_RESULT_FRESH_MS = 1000;

export interface DependencyMonitor<Name extends string> {
  /** Each named dependency: `"ok"`, or a short reason without internals. */
  read<Only extends Name>(names: readonly Only[]): Promise<Record<Only, string>>;
}

/**
 * Health and readiness probes are public and may come by the thousand per second (load balancers probing from many
 * places, or a flood), while each check spends the dependency's own budget: a Temporal check is an RPC counted against
 * the namespace's request limit, the one the engine dials with. So every probe of a process shares one check per
 * dependency: at most one in flight at a time, its answer kept for `freshMs` after it settles. A probe during a check
 * waits for that check (never behind another one), so no answer takes longer than one check's timeout, and a
 * dependency that goes down shows within `freshMs` plus one check.
 */
export function createDependencyMonitor<Name extends string>(
  checks: Record<Name, () => Promise<unknown>>,
  options: { logger: Logger; freshMs?: number; timeoutMs?: number; now?: () => number },
): DependencyMonitor<Name> {
  const freshMs = options.freshMs ?? DEPENDENCY_RESULT_FRESH_MS;
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const last = new Map<Name, { result: string; settledAt: number }>();
  const inFlight = new Map<Name, Promise<string>>();

  async function check(name: Name): Promise<string> {
    let result: string;
    try {
      await withTimeout(checks[name](), timeoutMs);
      result = 'ok';
    } catch (error) {
      options.logger.warn({ err: error, dependency: name }, 'health check failed');
      result = describeFailure(error, timeoutMs);
    }
    last.set(name, { result, settledAt: now() });
    return result;
  }

  function readOne(name: Name): Promise<string> {
    const kept = last.get(name);
    if (kept && now() - kept.settledAt < freshMs) return Promise.resolve(kept.result);
    let running = inFlight.get(name);
    if (!running) {
      running = check(name).finally(() => inFlight.delete(name));
      inFlight.set(name, running);
    }
    return running;
  }

  return {
    async read(names) {
      const results = await Promise.all(names.map((name) => readOne(name)));
      return Object.fromEntries(names.map((name, i) => [name, results[i]])) as Record<
        (typeof names)[number],
        string
      >;
    },
  };
}

const monitors = new WeakMap<AppContext, DependencyMonitor<DependencyName>>();

/** The process's one monitor of its database, Temporal and storage (shared by `/health` and `/readyz`). */
function monitorOf(ctx: AppContext): DependencyMonitor<DependencyName> {
  let monitor = monitors.get(ctx);
  if (!monitor) {
    monitor = createDependencyMonitor<DependencyName>(
      {
        database: () => pingDatabase(ctx.db),
        temporal: () => ctx.temporal.check(CHECK_TIMEOUT_MS),
        storage: () => ctx.storage.check(),
      },
      { logger: ctx.logger },
    );
    monitors.set(ctx, monitor);
  }
  return monitor;
}

const ALL: readonly DependencyName[] = ['database', 'temporal', 'storage'];

/**
 * The database, Temporal and storage (or only `only`), each `"ok"` or a short reason without internals, from the
 * process's shared checks (see createDependencyMonitor).
 */
export function checkDependencies<Name extends DependencyName = DependencyName>(
  ctx: AppContext,
  only?: readonly Name[],
): Promise<Record<Name, string>> {
  return monitorOf(ctx).read(only ?? (ALL as readonly Name[]));
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
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof CheckTimeoutError) return `timeout after ${timeoutMs} ms`;
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(code)) return `unavailable (${code})`;
  if (typeof code === 'number') return `unavailable (code ${code})`;
  if (typeof name === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(name) && name !== 'Error')
    return `unavailable (${name})`;
  return 'unavailable';
}
