import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** True when something already listens on `host:port`. */
export function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(true));
    server.listen(port, host, () => server.close(() => resolve(false)));
  });
}

export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Resolves when the process has exited. */
  readonly exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after the grace period. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts a long-running helper process whose output goes to a log file (so a failure can be explained). */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: {
    logFile: string;
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    /** Own process group: a terminal's Ctrl-C then reaches only the parent, which stops it in order. */
    detached?: boolean;
  },
): ManagedProcess {
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    cwd: options.cwd,
    detached: options.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  return {
    name,
    child,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `probe` until it resolves, the process dies, or the deadline passes. */
export async function waitUntilReady(
  what: string,
  probe: () => Promise<unknown>,
  options: { timeoutMs: number; process?: ManagedProcess; logFile?: string },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (options.process && options.process.child.exitCode !== null) {
      throw new Error(
        `${what} exited with code ${options.process.child.exitCode}; see ${options.logFile ?? 'its log'}`,
      );
    }
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(
    `${what} was not ready after ${options.timeoutMs} ms (${String(lastError)}); see ${options.logFile ?? 'its log'}`,
  );
}
