import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { testEnv } from '../helpers/context';
import { TEST_ENGINE, workflowBundle, type EngineHarness } from './engine-harness';

/** Worker processes (`worker/main.ts`) of a test, so a test can kill one with SIGKILL like a crashed machine. */
export async function workerProcesses(h: EngineHarness) {
  const bundlePath = path.join(inject('scratchDir'), `workflow-bundle-${process.pid}.js`);
  writeFileSync(bundlePath, (await workflowBundle()).code);
  const children = new Set<ChildProcess>();

  function start(): Promise<ChildProcess> {
    const env = {
      ...process.env,
      ...testEnv(h.env),
      LOG_LEVEL: 'info',
      ENGINE_DEADLINE_GRACE_SECONDS: String(TEST_ENGINE.deadlineGraceSeconds),
      ENGINE_PLACING_STALE_SECONDS: String(TEST_ENGINE.placingStaleSeconds),
      ENGINE_PROVIDER_REQUEST_TIMEOUT_MS: String(TEST_ENGINE.providerRequestTimeoutMs),
      WORKFLOW_BUNDLE_PATH: bundlePath,
    };
    // `node --import tsx`, not the tsx CLI: one process, so SIGKILL really kills the worker.
    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return new Promise((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('worker polling')) resolve(child);
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) =>
        reject(new Error(`worker exited (${code}) before polling:\n${output.slice(-2000)}`)),
      );
    });
  }

  return {
    start,
    killAll() {
      for (const child of children) child.kill('SIGKILL');
    },
  };
}
