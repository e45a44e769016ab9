import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../devstack/processes';
import { createTestApp, startOwnTemporal, type TestApp } from '../helpers/context';

async function health(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
  return { status: response.statusCode, body: response.json() };
}

/** Opens the connections the health check reuses, so a cold start on a busy test machine does not hit its timeout. */
async function warmUp(t: TestApp, dependencies: Array<'database' | 'temporal' | 'storage'>) {
  const warm = {
    database: () => sql`select 1`.execute(t.ctx.db),
    temporal: () => t.ctx.temporal.check(15_000),
    storage: () => t.ctx.storage.check(),
  };
  await Promise.all(dependencies.map((name) => warm[name]()));
}

async function withApp(overrides: Record<string, string | undefined>, use: (t: TestApp) => Promise<void>) {
  const t = await createTestApp(overrides);
  try {
    await use(t);
  } finally {
    await t.close();
  }
}

describe('health', () => {
  it('reports ok and every dependency without credentials', async () => {
    await withApp({ APP_VERSION: '9.8.7', DEPLOYMENT_MODE: 'oss' }, async (t) => {
      await warmUp(t, ['database', 'temporal', 'storage']);
      const { status, body } = await health(t);
      expect(body).toEqual({
        status: 'ok',
        version: '9.8.7',
        backend_api_endpoint: 'http://127.0.0.1:8000',
        deployment_mode: 'oss',
        auth_provider: 'local',
        turn_enabled: false,
        force_turn_relay: false,
        signup_enabled: true,
        dependencies: { database: 'ok', temporal: 'ok', storage: 'ok' },
      });
      expect(status).toBe(200);
      const withSlash = await t.app.inject({ method: 'GET', url: '/api/v1/health/' });
      expect(withSlash.statusCode).toBe(200);
    });
  });

  it('reports the embedded store as storage when no bucket is configured', async () => {
    const storageDir = mkdtempSync(path.join(inject('scratchDir'), 'health-storage-'));
    await withApp({ S3_BUCKET: undefined, STORAGE_DIR: storageDir }, async (t) => {
      await warmUp(t, ['database', 'temporal', 'storage']);
      expect(t.ctx.storage.kind).toBe('embedded');
      const { status, body } = await health(t);
      expect(status).toBe(200);
      expect(body.dependencies.storage).toBe('ok');
    });
  });

  it('is degraded with 503 once Temporal stops answering', async () => {
    const temporal = await startOwnTemporal();
    try {
      await withApp({ TEMPORAL_ADDRESS: temporal.address }, async (t) => {
        await warmUp(t, ['database', 'temporal', 'storage']);
        expect((await health(t)).status).toBe(200);
        await temporal.stop();
        // Probes share one check per dependency, its answer kept for a second (dependency-checks.ts): the outage
        // shows within that second plus one check.
        const stoppedAt = Date.now();
        let answer = await health(t);
        while (answer.status === 200 && Date.now() - stoppedAt < 5000) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          answer = await health(t);
        }
        const { status, body } = answer;
        expect(status).toBe(503);
        expect(body.status).toBe('degraded');
        // A refused connection is reported at once as gRPC UNAVAILABLE (14), not left to the check's timeout.
        expect(body.dependencies).toEqual({
          database: 'ok',
          temporal: 'unavailable (code 14)',
          storage: 'ok',
        });
      });
    } finally {
      await temporal.stop();
    }
  });

  it('is degraded with 503 when the database cannot be reached, without revealing its address', async () => {
    const port = await freePort();
    await withApp(
      { DATABASE_URL: `postgres://secret-user:secret-pass@127.0.0.1:${port}/nowhere` },
      async (t) => {
        await warmUp(t, ['temporal', 'storage']);
        const { status, body } = await health(t);
        expect(status).toBe(503);
        expect(body.status).toBe('degraded');
        expect(body.dependencies.database).not.toBe('ok');
        expect(body.dependencies).toMatchObject({ temporal: 'ok', storage: 'ok' });
        expect(JSON.stringify(body)).not.toMatch(new RegExp(`secret|nowhere|:${port}`));
      },
    );
  });

  it('is degraded with 503 when the S3 server cannot be reached', async () => {
    const port = await freePort();
    await withApp({ S3_ENDPOINT: `http://127.0.0.1:${port}` }, async (t) => {
      await warmUp(t, ['database', 'temporal']);
      const { status, body } = await health(t);
      expect(status).toBe(503);
      expect(body.dependencies.storage).not.toBe('ok');
      expect(body.dependencies).toMatchObject({ database: 'ok', temporal: 'ok' });
    });
  });
});
