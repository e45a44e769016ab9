/**
 * The start node's pre-call fetch for one run (Dograh's `pre_call_fetch_mode`, `_url`, `_credential_uuid`): which
 * calls it applies to, and the one place it runs. An outbound call's fetch starts when it is dialled
 * (activities/placement/dial-path.ts), so the answer is usually in before the callee picks up; the media process
 * waits for it when the stream opens, or makes the request itself when nobody did (an inbound call, or a dial that
 * could not start it). A text chat makes it before its greeting. Whoever claims the run's row makes the request, so
 * the customer's URL is asked once per call; a failure is logged and the call goes on without the context.
 */
import type { Config } from '../config';
import { createCredentialsCipher } from '../config/credentials-cipher';
import type { Logger } from '../config/logger';
import type { Executor } from '../db/client';
import {
  claimPreCallFetch,
  finishPreCallFetch,
  readPreCallFetch,
  readPreCallFetchSetup,
  type PreCallFetchSetup,
} from '../db/repositories/pre-call-fetches';
import type { SecretsOpener } from '../db/repositories/webhook-credentials';
import { destinationPolicy, type DestinationPolicy } from '../net/outbound-destinations';
import { fetchPreCallContext, PRE_CALL_FETCH_TIMEOUT_MS } from '../tools/pre-call-fetch';

export interface PreCallDataDeps {
  db: Executor;
  cipher: SecretsOpener;
  destinations: DestinationPolicy;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The request's bound (Dograh's 10 s); shorter in tests. */
  timeoutMs?: number;
  /** How often a process waiting on another's fetch looks again. */
  pollMs?: number;
}

/** Past its bound, a fetch still `running` was left by a process that died: waiting longer is no use. */
const ABANDONED_AFTER_EXTRA_MS = 2_000;

interface FetchSettings {
  url: string;
  credentialUuid: string | null;
}

/** The fetch this run's start node asks for, given the call's direction (null for a text chat); null when none. */
export function preCallFetchOf(
  startNode: Record<string, unknown> | null,
  direction: 'inbound' | 'outbound' | null,
): FetchSettings | null {
  const mode = startNode?.pre_call_fetch_mode;
  const url = startNode?.pre_call_fetch_url;
  if (typeof url !== 'string' || url.trim() === '') return null;
  if (mode !== 'always' && (direction === null || mode !== direction)) return null;
  const credential = startNode?.pre_call_fetch_credential_uuid;
  return {
    url: url.trim(),
    credentialUuid: typeof credential === 'string' && credential ? credential : null,
  };
}

/**
 * Starts the run's fetch when its start node asks for one and nobody has claimed it; resolves when it is over (or at
 * once when there is none). Never throws nor rejects, its dependencies made inside: the dial must not wait on it,
 * nor fail by it.
 */
export async function startPreCallFetch(
  depsOf: () => PreCallDataDeps,
  runId: number,
  logger: PreCallDataDeps['logger'],
): Promise<void> {
  try {
    const deps = depsOf();
    const setup = await readPreCallFetchSetup(deps.db, runId);
    const settings = setup && preCallFetchOf(setup.startNode, setup.callType);
    if (!setup || !settings) return;
    if (!(await claimPreCallFetch(deps.db, runId))) return;
    await runClaimedFetch(deps, runId, setup, settings);
  } catch (error) {
    logger.error({ err: error, run_id: runId }, 'pre-call fetch could not be started or stored');
  }
}

/**
 * The run's initial_context once its fetch is over: waits for a fetch another process is making (at most until its
 * bound has passed), or makes it here when nobody has. The context as it was when the fetch does not apply.
 */
export async function preCallContext(
  deps: PreCallDataDeps,
  run: { id: number; call_type: 'inbound' | 'outbound' | null; initial_context: Record<string, unknown> },
): Promise<Record<string, unknown>> {
  try {
    const setup = await readPreCallFetchSetup(deps.db, run.id);
    const settings = setup && preCallFetchOf(setup.startNode, run.call_type);
    if (!setup || !settings) return run.initial_context;
    if (await claimPreCallFetch(deps.db, run.id)) {
      const context = await runClaimedFetch(deps, run.id, setup, settings);
      return { ...setup.initialContext, ...context };
    }
    return await waitForFetch(deps, run.id, run.initial_context);
  } catch (error) {
    deps.logger.error(
      { err: error, run_id: run.id },
      'pre-call fetch could not be read; going on without it',
    );
    return run.initial_context;
  }
}

async function runClaimedFetch(
  deps: PreCallDataDeps,
  runId: number,
  setup: PreCallFetchSetup,
  settings: FetchSettings,
): Promise<Record<string, unknown>> {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const outcome = await fetchPreCallContext({
    db: deps.db,
    cipher: deps.cipher,
    destinations: deps.destinations,
    organizationId: setup.organizationId,
    agentId: setup.agentId,
    url: settings.url,
    credentialUuid: settings.credentialUuid,
    fromNumber: text(setup.initialContext.caller_number),
    toNumber: text(setup.initialContext.called_number),
    timeoutMs: deps.timeoutMs,
  });
  await finishPreCallFetch(deps.db, runId, outcome);
  const line = {
    run_id: runId,
    origin: URL.canParse(settings.url) ? new URL(settings.url).origin : null,
    http_status: outcome.httpStatus,
    duration_ms: outcome.durationMs,
  };
  if (outcome.error === null)
    deps.logger.info(
      { ...line, merged_keys: Object.keys(outcome.context) },
      'pre-call fetch merged its answer',
    );
  else
    deps.logger.warn({ ...line, error: outcome.error }, 'pre-call fetch failed; the call goes on without it');
  return outcome.context;
}

async function waitForFetch(
  deps: PreCallDataDeps,
  runId: number,
  fallback: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const boundMs = (deps.timeoutMs ?? PRE_CALL_FETCH_TIMEOUT_MS) + ABANDONED_AFTER_EXTRA_MS;
  const pollMs = deps.pollMs ?? 50;
  for (;;) {
    const state = await readPreCallFetch(deps.db, runId);
    if (!state) return fallback;
    if (state.status !== 'running') return state.initialContext;
    if (state.runningMs > boundMs) {
      deps.logger.warn(
        { run_id: runId },
        'pre-call fetch left unfinished by another process; going on without it',
      );
      return state.initialContext;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

const shared = new WeakMap<object, Pick<PreCallDataDeps, 'cipher' | 'destinations'>>();

/** The fetch's dependencies in a process: one cipher and one destination policy (its connection pool) per config. */
export function preCallDataDeps(
  config: Readonly<Config>,
  db: Executor,
  logger: PreCallDataDeps['logger'],
): PreCallDataDeps {
  let made = shared.get(config);
  if (!made) {
    made = {
      cipher: createCredentialsCipher(config),
      destinations: destinationPolicy(config.security.allowedPrivateDestinations),
    };
    shared.set(config, made);
  }
  return { db, logger, ...made };
}
