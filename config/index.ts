import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { destinationEntryProblems } from '../net/outbound-destinations';
import { readEngineSettings, type EngineSettings } from './engine';

/** Every setting of the service, validated once at start and frozen. */
export interface Config {
  env: 'development' | 'test' | 'production';
  version: string;
  logLevel: string;
  dataDir: string;
  http: { host: string; port: number; publicBaseUrl: string; bodyLimitBytes: number };
  databaseUrl: string | null;
  /** Connections each process (API, worker) keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /** Limits on one connection attempt and one statement (0: no statement limit), so a stuck query fails. */
  databaseTimeouts: { connectMs: number; statementMs: number };
  temporal: {
    address: string;
    namespace: string;
    taskQueue: string;
    uiUrl: string | null;
    /** A workflow bundle built ahead, so a restarted worker polls in a second instead of re-bundling. */
    workflowBundlePath: string | null;
    /**
     * Workflows the worker keeps in its cache (sticky execution). Set explicitly: the SDK would size it from the V8
     * heap limit, which the deployment caps for the contact import (docker-compose.yml, worker).
     */
    maxCachedWorkflows: number;
    /** Where the worker serves the Temporal SDK's Prometheus metrics (`host:port`, path `/metrics`); null: off. */
    metricsAddress: string | null;
  };
  storage:
    | { kind: 'embedded'; rootDir: string }
    | {
        kind: 's3';
        endpoint: string | null;
        region: string;
        bucket: string;
        accessKeyId: string | null;
        secretAccessKey: string | null;
        forcePathStyle: boolean;
      };
  uploads: { maxBytes: number; urlTtlSeconds: number };
  auth: { provider: 'local'; sessionTtlSeconds: number };
  deploymentMode: string;
  /** Root secret: signing keys (upload URLs, public links) and the credential encryption key derive from it. */
  appSecret: string;
  defaultPhoneRegion: string;
  orgMaxConcurrentCalls: number;
  /** The simulator provider's "cloud" runs inside the API process; workers reach it at `baseUrl`. */
  simulator: { enabled: boolean; baseUrl: string };
  /** The agents' LLM (OpenAI-compatible chat completions); null when neither LLM_BASE_URL nor LLM_API_KEY is set. */
  llm: {
    baseUrl: string | null;
    apiKey: string;
    model: string;
    timeoutMs: number;
    maxRetries: number;
    /** Bounded attempts to get a valid agent out of the LLM in create/template (repairs included). */
    templateAttempts: number;
  } | null;
  conversation: { maxTurns: number };
  /** The dialing engine's timings (ENGINE_*); the worker's activities use them. */
  engine: EngineSettings;
  security: {
    /**
     * Loopback, link-local and private destinations that user-set URLs may still reach (CIDRs or host names;
     * `*` allows every address). Empty by default: such destinations are refused.
     */
    allowedPrivateDestinations: string[];
    /** Fastify's `trustProxy`: false (default), true, a hop count, or the proxies' addresses/CIDRs. */
    trustProxy: boolean | number | string[];
    /** Open signup; when false only the first signup of an empty install is allowed. */
    signupEnabled: boolean;
  };
  /** Lifetime of the public download tokens minted when a run is read. */
  publicLinks: { ttlSeconds: number };
  /** Unit prices behind a run's cost_info (USD). */
  pricing: {
    llmPromptPerMillionTokens: number;
    llmCompletionPerMillionTokens: number;
    callPerMinute: number;
    sttPerMinute: number;
    ttsPerMillionCharacters: number;
  };
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const problems: string[] = [];
  const str = (name: string, fallback: string) => (env[name]?.trim() ? env[name]!.trim() : fallback);
  const opt = (name: string) => (env[name]?.trim() ? env[name]!.trim() : null);
  const int = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = opt(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const price = (name: string, fallback: number) => {
    const raw = opt(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) {
      problems.push(`${name} must be a number of USD, 0 or more (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean) => {
    const raw = opt(name);
    if (raw === null) return fallback;
    if (/^(1|true|yes)$/i.test(raw)) return true;
    if (/^(0|false|no)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };

  /** `host:port` (an IPv6 host in brackets) with a port of 1–65535; null when unset. */
  const listenAddress = (name: string) => {
    const raw = opt(name);
    if (raw === null) return null;
    const port = /^(?:\[[0-9A-Fa-f:.]+\]|[^\s:[\]]+):(\d{1,5})$/.exec(raw)?.[1];
    if (port && Number(port) >= 1 && Number(port) <= 65535) return raw;
    problems.push(`${name} must be host:port, e.g. 0.0.0.0:9464 (got "${raw}")`);
    return null;
  };

  const nodeEnv = str('NODE_ENV', 'development');
  if (!['development', 'test', 'production'].includes(nodeEnv)) {
    problems.push(`NODE_ENV must be development, test or production (got "${nodeEnv}")`);
  }
  const envName = nodeEnv as Config['env'];
  const dataDir = path.resolve(str('DATA_DIR', '.data'));
  const port = int('PORT', 8000, 0, 65535);
  const host = str('HOST', '127.0.0.1');
  const publicBaseUrl = str(
    'PUBLIC_BASE_URL',
    `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
  ).replace(/\/+$/, '');

  const bucket = opt('S3_BUCKET');
  const storage: Config['storage'] = bucket
    ? {
        kind: 's3',
        endpoint: opt('S3_ENDPOINT'),
        region: str('S3_REGION', 'us-east-1'),
        bucket,
        accessKeyId: opt('S3_ACCESS_KEY_ID'),
        secretAccessKey: opt('S3_SECRET_ACCESS_KEY'),
        forcePathStyle: bool('S3_FORCE_PATH_STYLE', true),
      }
    : { kind: 'embedded', rootDir: path.resolve(str('STORAGE_DIR', path.join(dataDir, 'storage'))) };
  if (storage.kind === 's3' && (storage.accessKeyId === null) !== (storage.secretAccessKey === null)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }

  const list = (name: string) =>
    (opt(name) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  const trustProxyOf = (): boolean | number | string[] => {
    const raw = opt('TRUST_PROXY');
    if (raw === null || /^(0|false|no)$/i.test(raw)) return false;
    if (/^(true|yes)$/i.test(raw)) return true;
    if (/^[1-9][0-9]?$/.test(raw)) return Number(raw);
    const entries = list('TRUST_PROXY');
    for (const entry of entries.filter((item) => !isProxyEntry(item)))
      problems.push(
        `TRUST_PROXY: '${entry}' is not true, false, a hop count, an address, a CIDR or loopback|linklocal|uniquelocal`,
      );
    return entries;
  };

  let appSecret = opt('APP_SECRET');
  if (appSecret !== null && appSecret.length < 32) problems.push('APP_SECRET must be at least 32 characters');
  if (appSecret === null) {
    if (envName === 'production')
      problems.push('APP_SECRET is required in production (at least 32 random characters)');
    else appSecret = readOrCreateLocalSecret(dataDir);
  }

  const config: Config = {
    env: envName,
    version: str('APP_VERSION', readPackageVersion()),
    logLevel: str('LOG_LEVEL', envName === 'test' ? 'warn' : 'info'),
    dataDir,
    http: { host, port, publicBaseUrl, bodyLimitBytes: int('HTTP_BODY_LIMIT_BYTES', 1024 * 1024, 1024) },
    databaseUrl: opt('DATABASE_URL'),
    databasePoolSize: int('DATABASE_POOL_SIZE', 20, 1, 1000),
    databaseTimeouts: {
      connectMs: int('DATABASE_CONNECT_TIMEOUT_MS', 10_000, 100, 600_000),
      statementMs: int('DATABASE_STATEMENT_TIMEOUT_MS', 60_000, 0, 3_600_000),
    },
    temporal: {
      address: str('TEMPORAL_ADDRESS', '127.0.0.1:7233'),
      namespace: str('TEMPORAL_NAMESPACE', 'default'),
      taskQueue: str('TEMPORAL_TASK_QUEUE', 'campaigns'),
      uiUrl: opt('TEMPORAL_UI_URL'),
      workflowBundlePath: opt('WORKFLOW_BUNDLE_PATH'),
      maxCachedWorkflows: int('WORKER_MAX_CACHED_WORKFLOWS', 1000, 2, 100_000),
      metricsAddress: listenAddress('WORKER_METRICS_ADDRESS'),
    },
    storage,
    uploads: {
      maxBytes: int('UPLOAD_MAX_BYTES', 100 * 1024 * 1024, 1),
      urlTtlSeconds: int('UPLOAD_URL_TTL_SECONDS', 900, 1, 7 * 24 * 3600),
    },
    auth: { provider: 'local', sessionTtlSeconds: int('SESSION_TTL_SECONDS', 7 * 24 * 3600, 60) },
    deploymentMode: str('DEPLOYMENT_MODE', 'self_hosted'),
    appSecret: appSecret ?? '',
    defaultPhoneRegion: str('DEFAULT_PHONE_REGION', 'US').toUpperCase(),
    orgMaxConcurrentCalls: int('ORG_MAX_CONCURRENT_CALLS', 1000, 1),
    simulator: {
      enabled: bool('SIMULATOR_ENABLED', true),
      baseUrl: str('SIMULATOR_URL', publicBaseUrl).replace(/\/+$/, ''),
    },
    llm:
      opt('LLM_BASE_URL') || opt('LLM_API_KEY')
        ? {
            baseUrl: opt('LLM_BASE_URL')?.replace(/\/+$/, '') ?? null,
            // Local OpenAI-compatible servers need no key; the client library insists on one.
            apiKey: str('LLM_API_KEY', 'not-needed'),
            model: str('LLM_MODEL', 'gpt-4o-mini'),
            timeoutMs: int('LLM_TIMEOUT_MS', 30_000, 100, 600_000),
            maxRetries: int('LLM_MAX_RETRIES', 2, 0, 10),
            templateAttempts: int('LLM_TEMPLATE_ATTEMPTS', 3, 1, 10),
          }
        : null,
    conversation: { maxTurns: int('CONVERSATION_MAX_TURNS', 50, 1, 1000) },
    engine: readEngineSettings(env, problems),
    security: {
      allowedPrivateDestinations: list('ALLOWED_PRIVATE_DESTINATIONS'),
      trustProxy: trustProxyOf(),
      signupEnabled: bool('SIGNUP_ENABLED', envName !== 'production'),
    },
    publicLinks: { ttlSeconds: int('PUBLIC_LINK_TTL_SECONDS', 24 * 3600, 60, 30 * 24 * 3600) },
    pricing: {
      llmPromptPerMillionTokens: price('PRICE_LLM_PROMPT_PER_MILLION_TOKENS_USD', 0.15),
      llmCompletionPerMillionTokens: price('PRICE_LLM_COMPLETION_PER_MILLION_TOKENS_USD', 0.6),
      callPerMinute: price('PRICE_CALL_PER_MINUTE_USD', 0.01),
      sttPerMinute: price('PRICE_STT_PER_MINUTE_USD', 0.006),
      ttsPerMillionCharacters: price('PRICE_TTS_PER_MILLION_CHARACTERS_USD', 15),
    },
  };
  if (!/^[A-Z]{2}$/.test(config.defaultPhoneRegion))
    problems.push('DEFAULT_PHONE_REGION must be a two-letter region code');
  problems.push(...destinationEntryProblems(config.security.allowedPrivateDestinations));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

/** An entry Fastify's proxy trust (proxy-addr) reads: an address, a CIDR, or one of its named ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefixText] = entry.split('/') as [string, string | undefined];
  const family = isIP(address);
  if (family === 0) return false;
  if (prefixText === undefined) return true;
  const prefix = Number(prefixText);
  return /^[0-9]{1,3}$/.test(prefixText) && prefix <= (family === 4 ? 32 : 128);
}

/** Outside production the service keeps a generated secret in its data folder, so restarts keep working links and keys. */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

function readPackageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
