import { spawn, type ChildProcess } from 'node:child_process';
import { testEnv } from '../helpers/context';
import type { EngineHarness } from '../engine/engine-harness';

/**
 * The media process (`media/main.ts`) of a test as a child process on the harness's MEDIA_PORT, so the test can kill
 * it with SIGKILL like a lost machine and start another in its place. Resolves once it listens.
 */
export function startMediaProcess(h: EngineHarness): Promise<ChildProcess> {
  return startServiceProcess('media/main.ts', { ...testEnv(h.env) }, 'media listening');
}

/**
 * A service entry (`media/main.ts`, `api/server.ts`) as a child process with this environment; resolves once it logs
 * `readyLine`.
 */
export function startServiceProcess(
  entry: string,
  env: Record<string, string | undefined>,
  readyLine: string,
): Promise<ChildProcess> {
  // `node --import tsx`, not the tsx CLI: one process, so SIGKILL really kills it.
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (output.length < 1_000_000) output += chunk.toString();
      if (output.includes(readyLine)) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (output.length < 1_000_000) output += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`${entry} exited (${code}) before it was ready:\n${output.slice(-2000)}`)),
    );
  });
}
