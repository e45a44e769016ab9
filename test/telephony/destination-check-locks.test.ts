import type * as Dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { CONFIGS, createConfiguration, twilioConfig } from './helpers';

/**
 * What the configuration row looks like to another session while the service resolves a URL's host: a name lookup
 * can take seconds, and it must not hold the row lock (or the organization lock) meanwhile.
 */
const observed = vi.hoisted(() => ({
  probe: null as null | ((hostname: string) => Promise<void>),
}));

vi.mock('node:dns', async (importOriginal) => {
  const dns = await importOriginal<typeof Dns>();
  const lookup = ((hostname: string, options: unknown, callback: unknown) => {
    const probe = observed.probe;
    if (!probe) return (dns.lookup as (...args: unknown[]) => void)(hostname, options, callback);
    void probe(hostname).then(() => (dns.lookup as (...args: unknown[]) => void)(hostname, options, callback));
  }) as typeof Dns.lookup;
  return { ...dns, default: { ...dns, lookup }, lookup };
});

describe('outbound destination check on update', () => {
  let t: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    observed.probe = null;
    await t?.close();
  });

  it('resolves a new api_base_url while the configuration row is not locked', async () => {
    const created = await createConfiguration(t.app, org.headers, {
      config: twilioConfig({ api_base_url: 'http://127.0.0.1:9' }),
    });
    const seen: Array<{ hostname: string; rowLocked: boolean }> = [];
    observed.probe = async (hostname) => {
      // Another session asks for the row without waiting: it fails at once when a transaction holds it.
      const rowLocked = await t.ctx.db
        .transaction()
        .execute((trx) =>
          trx
            .selectFrom('telephony_configurations')
            .select('id')
            .where('id', '=', created.id)
            .forUpdate()
            .noWait()
            .execute(),
        )
        .then(
          () => false,
          (error: { code?: string }) => {
            if (error.code === '55P03') return true;
            throw error;
          },
        );
      seen.push({ hostname, rowLocked });
    };
    const response = await t.app.inject({
      method: 'PUT',
      url: `${CONFIGS}/${created.id}`,
      headers: org.headers,
      payload: {
        is_default_outbound: true,
        config: { api_base_url: 'http://localhost:9', auth_token: 'twilio-auth-token-secret-9f3a' },
      },
    });
    observed.probe = null;
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual([{ hostname: 'localhost', rowLocked: false }]);
  });
});
