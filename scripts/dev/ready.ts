/** Polls the API's health route until it reports ok (200), or gives the last answer after `timeoutMs`. */
export async function waitForHealthy(
  baseUrl: string,
  options: { timeoutMs: number; isStopping: () => boolean },
): Promise<{ ok: true } | { ok: false; last: string }> {
  const deadline = Date.now() + options.timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline && !options.isStopping()) {
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(3000) });
      if (response.status === 200) return { ok: true };
      last = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { ok: false, last };
}

/** The lines a developer needs once everything is up. */
export function banner(urls: {
  api: string;
  media: string;
  mediaPublic: string;
  temporalUi: string | null;
  dataDir: string;
  /** The API's /metrics bearer token and the worker's health port (scripts/dev/observability.ts); absent: off. */
  metricsToken?: string;
  workerHealth?: string;
}): string {
  const optionalRows: Array<[string, string]> = [];
  if (urls.metricsToken)
    optionalRows.push([
      'Metrics',
      `curl -H 'authorization: Bearer ${urls.metricsToken}' ${urls.api}/metrics`,
    ]);
  if (urls.workerHealth)
    optionalRows.push(['Worker health', `http://${urls.workerHealth}/readyz (and /livez, /metrics)`]);
  const rows: Array<[string, string]> = [
    ['Dashboard', `${urls.api}/app/`],
    ['API', `${urls.api}/api/v1`],
    ['API docs', `${urls.api}/api/v1/docs`],
    ['OpenAPI JSON', `${urls.api}/api/v1/openapi.json`],
    ['Health', `${urls.api}/api/v1/health`],
    ['Probes', `${urls.api}/api/v1/livez, ${urls.api}/api/v1/readyz`],
    ...optionalRows,
    ['Media streams', `${urls.media}/media (vendors reach ${urls.mediaPublic}; set MEDIA_PUBLIC_URL)`],
    ['Temporal UI', urls.temporalUi ?? '(not known: set TEMPORAL_UI_URL)'],
    ['Data folder', urls.dataDir],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const line = '-'.repeat(64);
  return [
    line,
    'voice-agent-calling is running',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
    'Press Ctrl-C to stop everything.',
    line,
  ].join('\n');
}
