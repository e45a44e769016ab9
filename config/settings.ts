import type { EngineSettings } from './engine';
import type { ObservabilitySettings } from './observability';
import type { TemporalConnectionSettings } from './temporal-connection';
import type { WorkerShutdownSettings } from './worker-shutdown';
import type { WebhookSettings } from './webhooks';

/** Every setting of the service, validated once at start and frozen. */
export interface Config {
  env: 'development' | 'test' | 'production';
  version: string;
  logLevel: string;
  dataDir: string;
  http: {
    host: string;
    port: number;
    publicBaseUrl: string;
    bodyLimitBytes: number;
    /** Seconds a stopping API keeps serving with `/readyz` at 503, so load balancers stop routing to it first. */
    shutdownDelaySeconds: number;
  };
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
    /** How long a stopping worker lets its activities finish, then waits for them (config/worker-shutdown.ts). */
    workerShutdown: WorkerShutdownSettings;
    /** TLS, client certificate and API key of every connection to the server (config/temporal-connection.ts). */
    connection: TemporalConnectionSettings;
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
  /** The built dashboard the API serves at /app/ (`npm run dashboard:build` writes it). */
  dashboard: { distDir: string };
  /** Root secret: signing keys (upload URLs, public links) and the credential encryption key derive from it. */
  appSecret: string;
  /** The root secret before a rotation (APP_SECRET_PREVIOUS): still reads ciphertexts and verifies tokens; null: none. */
  appSecretPrevious: string | null;
  defaultPhoneRegion: string;
  orgMaxConcurrentCalls: number;
  /**
   * The simulator provider's "cloud" runs inside the API process; workers reach it at `baseUrl`. Its callees send
   * media at `mediaSpeed` times real time (0: as fast as the media process reads).
   */
  simulator: { enabled: boolean; baseUrl: string; mediaSpeed: number };
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
  /** Knowledge-base embeddings (KB_EMBEDDINGS_*): how long one request to the endpoint may take. */
  knowledgeBase: {
    /** A batch of chunks embedded at ingestion (retried twice on 429, 5xx and timeouts). */
    embeddingsTimeoutMs: number;
    /** A question embedded at search time (not retried: text search answers alone instead). */
    queryEmbeddingTimeoutMs: number;
  };
  /** The media process (`npm run media`): where it listens, and the public WebSocket base vendors stream calls to. */
  media: {
    host: string;
    port: number;
    /** e.g. `wss://media.example.com`; the stream URL is `{publicUrl}/media/{provider}/{token}`. */
    publicUrl: string;
    /** A stream whose vendor start message does not arrive within this is closed. */
    startTimeoutMs: number;
    /** Lifetime of the per-call token in a stream URL (from the answer to the stream's start). */
    tokenTtlSeconds: number;
    /**
     * On SIGTERM live calls may go on this long before they are ended ('shutdown'); null: each up to its maximum
     * duration (the container's stop grace period must then cover the longest call).
     */
    shutdownGraceSeconds: number | null;
  };
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
  /** Metrics (`METRICS_TOKEN`), the worker's health port and OpenTelemetry tracing (`OTEL_*`). */
  observability: ObservabilitySettings;
  /** Data lifecycle: how often the retention sweep removes expired uploads, recordings and transcripts. */
  retention: { sweepIntervalSeconds: number };
  /** Webhook delivery: retries, backoff, disabling, request timeout (config/webhooks.ts). */
  webhooks: WebhookSettings;
}
