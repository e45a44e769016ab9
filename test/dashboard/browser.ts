import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { startEngineHarness, type EngineHarness } from '../engine/engine-harness';

/** Debian's Chromium (installed by scripts/test.sh); CHROMIUM_PATH overrides. No browser download works here. */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      // try the next name
    }
  }
  throw new Error('Chromium is missing: scripts/test.sh installs it with apt (or set CHROMIUM_PATH)');
}

export interface DashboardHarness {
  /** The real service: the API listening (serving /app/), and a worker when asked for. */
  h: EngineHarness;
  browser: Browser;
  /**
   * A fresh browser profile on the service, with what went wrong in its pages collected: uncaught errors and
   * console errors other than failed requests (CSP violations land here). `options` fix what the page reads from
   * the machine, e.g. `{ locale: 'en-GB', timezoneId: 'Asia/Tokyo' }`.
   */
  newContext(
    options?: Pick<BrowserContextOptions, 'locale' | 'timezoneId'>,
  ): Promise<{ context: BrowserContext; page: Page; problems: string[] }>;
  close(): Promise<void>;
}

/**
 * Starts the service (with further settings in `env`, e.g. `S3_BUCKET: ''` for the embedded store) and a headless
 * Chromium for one test file. With `voice`, a media process runs beside the API (test/simulator/voice-harness.ts), so
 * simulated calls a person answers talk with the agent (given an LLM in `env`).
 */
export async function startDashboardHarness(
  options: { worker?: boolean; voice?: boolean; env?: Record<string, string> } = {},
): Promise<DashboardHarness> {
  // Imported only when asked for: the media process's modules stay out of the other dashboard tests.
  // Each browser profile comes from an address of its own (X-Forwarded-For from the trusted loopback), as separate
  // users would: the suite shares one database, and signups are throttled per client address.
  const env = { TRUST_PROXY: '127.0.0.1', ...options.env };
  const h = options.voice
    ? await (await import('../simulator/voice-harness')).startVoiceHarness(env)
    : await startEngineHarness({ env });
  if (options.worker) await h.startWorker();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  const contexts: BrowserContext[] = [];
  return {
    h,
    browser,
    async newContext(options = {}) {
      const context = await browser.newContext({ ...options, baseURL: h.baseUrl });
      // Only on requests to the service: a header added to the CSV's PUT to S3 would fail its CORS preflight.
      const address = clientAddress();
      addresses.set(context, address);
      await context.route(`${h.baseUrl}/**`, (route) =>
        route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
      );
      contexts.push(context);
      const problems: string[] = [];
      context.on('weberror', (error) => problems.push(`page error: ${error.error().message}`));
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A 401 or 422 the page expects still logs "Failed to load resource"; the page shows those itself.
        if (message.text().startsWith('Failed to load resource')) return;
        problems.push(`console: ${message.text()}`);
      });
      const page = await context.newPage();
      return { context, page, problems };
    },
    async close() {
      await Promise.allSettled(contexts.map((context) => context.close()));
      await browser.close();
      await h.close();
    },
  };
}

/** The client address each browser profile's requests to the service carry. */
const addresses = new WeakMap<BrowserContext, string>();

/** A private address unlikely to repeat across the suite's browser profiles. */
function clientAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

export interface DashboardUser {
  email: string;
  password: string;
  organizationName: string;
}

/** A new account's credentials, unique per call. */
export function newUser(): DashboardUser {
  const id = randomUUID().slice(0, 8);
  return {
    email: `user-${id}@example.com`,
    password: `pw-${id}-Long-Enough-1`,
    organizationName: `Org ${id}`,
  };
}

/**
 * Signs a new user up through the API from inside the browser profile, so the session cookie lands in it, and
 * answers the user with the session token (for setting up data through the API).
 */
export async function signUpInContext(
  context: BrowserContext,
  baseUrl: string,
  user: DashboardUser = newUser(),
): Promise<DashboardUser & { token: string; organizationId: number }> {
  const address = addresses.get(context);
  const response = await context.request.post(`${baseUrl}/api/v1/auth/signup`, {
    data: { email: user.email, password: user.password, organization_name: user.organizationName },
    headers: address ? { 'x-forwarded-for': address } : {},
  });
  if (response.status() !== 201)
    throw new Error(`signup failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { token: string; organization: { id: number } };
  // Legal calling hours off, as for every test organization: no dashboard test depends on the time of day.
  const rules = await context.request.put(`${baseUrl}/api/v1/organizations/calling-rules`, {
    data: { legal_hours: { enabled: false } },
    headers: { authorization: `Bearer ${body.token}` },
  });
  if (rules.status() !== 200) throw new Error(`calling rules: ${rules.status()} ${await rules.text()}`);
  return { ...user, token: body.token, organizationId: body.organization.id };
}
