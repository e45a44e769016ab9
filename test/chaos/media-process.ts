import { spawn, type ChildProcess } from 'node:child_process';
import { testEnv } from '../helpers/context';
import type { EngineHarness } from '../engine/engine-harness';

/**
 * The media process (`media/main.ts`) of a test as a child process on the harness's MEDIA_PORT, so the test can kill
 * it with SIGKILL like a lost machine and start another in its place. Resolves once it listens.
 */
export function startMediaProcess(h: EngineHarness): Promise<ChildProcess> {
  // `node --import tsx`, not the tsx CLI: one process, so SIGKILL really kills it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'media/main.ts'], {
    env: { ...process.env, ...testEnv(h.env), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (output.length < 1_000_000) output += chunk.toString();
      if (output.includes('media listening')) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (output.length < 1_000_000) output += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`media process exited (${code}) before listening:\n${output.slice(-2000)}`)),
    );
  });
}
