import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { testEnv } from '../helpers/context';
import type { EngineSettings } from '../../config/engine';

const MAX_KEPT_OUTPUT = 16 * 1024 * 1024;

export type WorkerProcesses = Awaited<ReturnType<typeof workerProcesses>>;

/**
 * Worker processes (`worker/main.ts`) of a test, so a test can kill one with SIGKILL like a crashed machine: made by
 * the engine harness (`EngineHarness.workerProcesses`), with its settings, engine timings and workflow bundle.
 */
export function workerProcesses(options: {
  env: Record<string, string>;
  engine: Partial<EngineSettings>;
  bundleCode: string;
}) {
  const bundlePath = path.join(inject('scratchDir'), `workflow-bundle-${process.pid}.js`);
  writeFileSync(bundlePath, options.bundleCode);
  const children = new Set<ChildProcess>();
  const outputs = new WeakMap<ChildProcess, { text: string }>();

  /** Starts a worker; `extraEnv` adds or replaces settings of this one (e.g. its shutdown grace). */
  function start(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
    const env = {
      ...process.env,
      ...testEnv(options.env),
      LOG_LEVEL: 'info',
      ENGINE_DEADLINE_GRACE_SECONDS: String(options.engine.deadlineGraceSeconds),
      ENGINE_PLACING_STALE_SECONDS: String(options.engine.placingStaleSeconds),
      ENGINE_PROVIDER_REQUEST_TIMEOUT_MS: String(options.engine.providerRequestTimeoutMs),
      WORKFLOW_BUNDLE_PATH: bundlePath,
      ...extraEnv,
    };
    // `node --import tsx`, not the tsx CLI: one process, so SIGKILL really kills the worker.
    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    const output = { text: '' };
    outputs.set(child, output);
    // Kept whole up to a cap (the lines a test reads come early): what the worker logged, for the test to read.
    const keep = (chunk: Buffer) => {
      if (output.text.length < MAX_KEPT_OUTPUT) output.text += chunk.toString();
    };
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        keep(chunk);
        if (output.text.includes('worker polling')) resolve(child);
      });
      child.stderr!.on('data', keep);
      child.once('exit', (code) =>
        reject(new Error(`worker exited (${code}) before polling:\n${output.text.slice(-2000)}`)),
      );
    });
  }

  return {
    start,
    /** The JSON log lines the worker wrote so far (stdout and stderr), parsed; other lines are left out. */
    logLines(child: ChildProcess): Array<Record<string, unknown>> {
      return (outputs.get(child)?.text ?? '').split('\n').flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
    },
    /** Sends `signal` and resolves once the process has exited, with how long that took. */
    stop(
      child: ChildProcess,
      signal: NodeJS.Signals,
    ): Promise<{ exitCode: number | null; exitSignal: NodeJS.Signals | null; stoppedInMs: number }> {
      const sentAt = Date.now();
      return new Promise((resolve) => {
        child.once('exit', (code, exitSignal) =>
          resolve({ exitCode: code, exitSignal, stoppedInMs: Date.now() - sentAt }),
        );
        child.kill(signal);
      });
    },
    killAll() {
      for (const child of children) child.kill('SIGKILL');
    },
  };
}
