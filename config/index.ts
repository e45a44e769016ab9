import { readFileSync } from 'node:fs';
import path from 'node:path';
import { destinationEntryProblems } from '../net/outbound-destinations';
import { APP_ROOT, PREBUILT_WORKFLOW_BUNDLE, RUNNING_COMPILED } from './app-root';
import { readAppSecret, readPreviousAppSecret } from './app-secret';
import { readEngineSettings } from './engine';
import { readMediaSettings } from './media';
import { readObservabilitySettings } from './observability';
import { readSimulatorSettings } from './simulator';
import { readTemporalConnectionSettings } from './temporal-connection';
import { createEnvReader, type Env } from './env-reader';
import type { Config } from './settings';
import { readTrustProxy } from './trust-proxy';
import { readWorkerShutdownSettings } from './worker-shutdown';
import { readWebhookSettings } from './webhooks';

export type { Config } from './settings';

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const problems: string[] = [];
  const read = createEnvReader(env, problems);
  const { str, opt, int, price, bool, listenAddress, list, secret } = read;

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
        accessKeyId: secret('S3_ACCESS_KEY_ID'),
        secretAccessKey: secret('S3_SECRET_ACCESS_KEY'),
        forcePathStyle: bool('S3_FORCE_PATH_STYLE', true),
      }
    : { kind: 'embedded', rootDir: path.resolve(str('STORAGE_DIR', path.join(dataDir, 'storage'))) };
  if (storage.kind === 's3' && (storage.accessKeyId === null) !== (storage.secretAccessKey === null)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }

  const appSecret = readAppSecret(read, envName, dataDir, problems);
  const appSecretPrevious = readPreviousAppSecret(read, appSecret, problems);
  const llmApiKey = secret('LLM_API_KEY');

  const config: Config = {
    env: envName,
    version: str('APP_VERSION', readPackageVersion()),
    logLevel: str('LOG_LEVEL', envName === 'test' ? 'warn' : 'info'),
    dataDir,
    http: {
      host,
      port,
      publicBaseUrl,
      bodyLimitBytes: int('HTTP_BODY_LIMIT_BYTES', 1024 * 1024, 1024),
      shutdownDelaySeconds: int('API_SHUTDOWN_DELAY_SECONDS', 0, 0, 60),
    },
    databaseUrl: secret('DATABASE_URL'),
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
      // The compiled worker cannot bundle (no workflow sources there): it uses the bundle the build wrote beside it.
      workflowBundlePath: opt('WORKFLOW_BUNDLE_PATH') ?? (RUNNING_COMPILED ? PREBUILT_WORKFLOW_BUNDLE : null),
      maxCachedWorkflows: int('WORKER_MAX_CACHED_WORKFLOWS', 1000, 2, 100_000),
      metricsAddress: listenAddress('WORKER_METRICS_ADDRESS'),
      workerShutdown: readWorkerShutdownSettings(read, problems),
      connection: readTemporalConnectionSettings(read, problems),
    },
    storage,
    uploads: {
      maxBytes: int('UPLOAD_MAX_BYTES', 100 * 1024 * 1024, 1),
      urlTtlSeconds: int('UPLOAD_URL_TTL_SECONDS', 900, 1, 7 * 24 * 3600),
    },
    auth: { provider: 'local', sessionTtlSeconds: int('SESSION_TTL_SECONDS', 7 * 24 * 3600, 60) },
    deploymentMode: str('DEPLOYMENT_MODE', 'self_hosted'),
    dashboard: {
      distDir: path.resolve(str('DASHBOARD_DIST_DIR', path.join(APP_ROOT, 'dashboard', 'dist'))),
    },
    appSecret: appSecret ?? '',
    appSecretPrevious,
    defaultPhoneRegion: str('DEFAULT_PHONE_REGION', 'US').toUpperCase(),
    orgMaxConcurrentCalls: int('ORG_MAX_CONCURRENT_CALLS', 1000, 1),
    simulator: readSimulatorSettings(read, publicBaseUrl, problems, envName === 'production'),
    llm:
      opt('LLM_BASE_URL') || llmApiKey
        ? {
            baseUrl: opt('LLM_BASE_URL')?.replace(/\/+$/, '') ?? null,
            // Local OpenAI-compatible servers need no key; the client library insists on one.
            apiKey: llmApiKey ?? 'not-needed',
            model: str('LLM_MODEL', 'gpt-4o-mini'),
            timeoutMs: int('LLM_TIMEOUT_MS', 30_000, 100, 600_000),
            maxRetries: int('LLM_MAX_RETRIES', 2, 0, 10),
            templateAttempts: int('LLM_TEMPLATE_ATTEMPTS', 3, 1, 10),
          }
        : null,
    conversation: { maxTurns: int('CONVERSATION_MAX_TURNS', 50, 1, 1000) },
    knowledgeBase: {
      embeddingsTimeoutMs: int('KB_EMBEDDINGS_TIMEOUT_MS', 30_000, 100, 120_000),
      queryEmbeddingTimeoutMs: int('KB_QUERY_EMBEDDING_TIMEOUT_MS', 3000, 50, 30_000),
    },
    media: readMediaSettings(read, host, publicBaseUrl),
    engine: readEngineSettings(env, problems),
    security: {
      allowedPrivateDestinations: list('ALLOWED_PRIVATE_DESTINATIONS'),
      trustProxy: readTrustProxy(read, problems),
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
    observability: readObservabilitySettings(read, problems),
    retention: { sweepIntervalSeconds: int('RETENTION_SWEEP_INTERVAL_SECONDS', 3600, 1, 7 * 24 * 3600) },
    webhooks: readWebhookSettings(read, problems),
  };
  if (!/^[A-Z]{2}$/.test(config.defaultPhoneRegion))
    problems.push('DEFAULT_PHONE_REGION must be a two-letter region code');
  problems.push(...destinationEntryProblems(config.security.allowedPrivateDestinations));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

function readPackageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
