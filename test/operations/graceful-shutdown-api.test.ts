import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../devstack/processes';
import { createDb } from '../../db/client';
import { testEnv } from '../helpers/context';

/**
 * The API process (`api/server.ts`) stopped with SIGTERM while requests are in flight: it stops accepting connections
 * at once, every request it had begun is answered in full, and it exits 0 well inside its 15 s force timer.
 */
const apis: ChildProcess[] = [];
let api: ChildProcess | null = null;
let port = 0;
let apiLog = { text: '' };

/** Starts `api/server.ts` on a free port with `extraEnv`; resolves once it listens. */
async function startApi(extraEnv: Record<string, string> = {}) {
  const apiPort = await freePort();
  const env = {
    ...process.env,
    ...testEnv({
      PORT: String(apiPort),
      PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}`,
      LOG_LEVEL: 'info',
      ...extraEnv,
    }),
  };
  // `node --import tsx`, not the tsx CLI: one process, so the signal reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  apis.push(child);
  const log = { text: '' };
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      log.text += chunk.toString();
      if (log.text.includes('api listening')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (log.text += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`api exited (${code}) before listening:\n${log.text.slice(-2000)}`)),
    );
  });
  return { child, port: apiPort, log };
}

beforeAll(async () => {
  const started = await startApi();
  api = started.child;
  port = started.port;
  apiLog = started.log;
}, 60_000);

afterAll(() => {
  for (const child of apis) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A signup whose body is sent in two halves: between them the request is in flight (headers read, body awaited). */
function slowSignup(email: string) {
  const body = JSON.stringify({ email, password: 'a long password', organization_name: `Shutdown ${email}` });
  const half = Math.floor(body.length / 2);
  let finish: () => void = () => {};
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/auth/signup',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  return { response, finish: () => finish() };
}

/** Whether a new TCP connection to the API's port is accepted. */
function acceptsConnections(to = port): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: to });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the API stopped with SIGTERM during requests', () => {
  it('refuses new connections, completes the requests in flight, and exits 0', async () => {
    const child = api!;
    const emails = [1, 2, 3].map((n) => `shutdown-${n}-${process.pid}-${Date.now()}@example.com`);
    const inFlight = emails.map(slowSignup);
    await sleep(300);
    expect(await acceptsConnections()).toBe(true);

    const sentAt = Date.now();
    const exited = new Promise<{ code: number | null; afterMs: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, afterMs: Date.now() - sentAt })),
    );
    child.kill('SIGTERM');
    await sleep(500);
    expect(await acceptsConnections()).toBe(false);
    expect(child.exitCode).toBeNull();

    for (const request of inFlight) request.finish();
    const responses = await Promise.all(inFlight.map((request) => request.response));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
    for (const response of responses) expect(JSON.parse(response.body)).toHaveProperty('token');

    const { code, afterMs } = await exited;
    expect(code).toBe(0);
    expect(afterMs).toBeLessThan(15_000);
    expect(apiLog.text).toContain('api stopped');

    // What the handlers did after the signal is committed: the three users exist.
    const db = createDb(inject('databaseUrl'), { max: 1 });
    try {
      const users = await db.selectFrom('users').select('email').where('email', 'in', emails).execute();
      expect(users.map((u) => u.email).sort()).toEqual([...emails].sort());
    } finally {
      await db.destroy();
    }
  }, 60_000);
});

describe('the API stopped with SIGTERM behind a load balancer (API_SHUTDOWN_DELAY_SECONDS)', () => {
  it('answers /readyz 503 and keeps serving through the delay, then stops listening and exits 0', async () => {
    const { child, port: delayed, log } = await startApi({ API_SHUTDOWN_DELAY_SECONDS: '3' });
    const probe = async (path: string) => (await fetch(`http://127.0.0.1:${delayed}/api/v1/${path}`)).status;
    expect(await probe('readyz')).toBe(200);

    const sentAt = Date.now();
    const exited = new Promise<{ code: number | null; afterMs: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, afterMs: Date.now() - sentAt })),
    );
    child.kill('SIGTERM');
    await sleep(500);
    // Inside the delay: out of rotation by its readiness, yet every request (new connections too) is still served.
    expect(await probe('readyz')).toBe(503);
    expect(await probe('livez')).toBe(200);
    expect(await acceptsConnections(delayed)).toBe(true);
    expect(child.exitCode).toBeNull();

    const { code, afterMs } = await exited;
    expect(code).toBe(0);
    // Exit code 0 shows the force timer did not fire; the delay itself was kept.
    expect(afterMs).toBeGreaterThanOrEqual(3000);
    expect(await acceptsConnections(delayed)).toBe(false);
    expect(log.text).toContain('"delay_ms":3000');
  }, 60_000);
});
