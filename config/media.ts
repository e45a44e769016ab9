import type { createEnvReader } from './env-reader';
import type { Config } from './settings';

/**
 * The media process's settings (MEDIA_*). By default it listens beside the API on the next port, and vendors reach
 * it at the API's public host with the WebSocket scheme (`https` → `wss`).
 */
export function readMediaSettings(
  read: ReturnType<typeof createEnvReader>,
  apiHost: string,
  publicBaseUrl: string,
): Config['media'] {
  const port = read.int('MEDIA_PORT', 8001, 0, 65535);
  const host = read.str('MEDIA_HOST', apiHost);
  const apiUrl = new URL(publicBaseUrl);
  const defaultPublicUrl = `${apiUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${apiUrl.hostname}:${port}`;
  return {
    host,
    port,
    publicUrl: read.str('MEDIA_PUBLIC_URL', defaultPublicUrl).replace(/\/+$/, ''),
    startTimeoutMs: read.int('MEDIA_START_TIMEOUT_MS', 10_000, 100, 120_000),
    tokenTtlSeconds: read.int('MEDIA_TOKEN_TTL_SECONDS', 300, 10, 86_400),
    shutdownGraceSeconds: read.opt('MEDIA_SHUTDOWN_GRACE_SECONDS')
      ? read.int('MEDIA_SHUTDOWN_GRACE_SECONDS', 0, 0, 86_400)
      : null,
  };
}
