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
let api: ChildProcess | null = null;
let port = 0;
let output = '';

beforeAll(async () => {
  port = await freePort();
  const env = {
    ...process.env,
    ...testEnv({ PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'info' }),
  };
  // `node --import tsx`, not the tsx CLI: one process, so the signal reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api = child;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('api listening')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`api exited (${code}) before listening:\n${output.slice(-2000)}`)),
    );
  });
}, 60_000);

afterAll(() => {
  if (api && api.exitCode === null) api.kill('SIGKILL');
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
function acceptsConnections(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
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
    expect(output).toContain('api stopped');

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
