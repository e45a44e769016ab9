import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { prettyFactory } from 'pino-pretty';

/** Crashes in a row (each within STABLE_MS of its start) after which the dev command gives up. */
const MAX_QUICK_CRASHES = 5;
const STABLE_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;

/** A child process (API or worker) that is restarted with backoff when it crashes. */
export interface SupervisedProcess {
  readonly name: string;
  stop(graceMs?: number): Promise<void>;
}

/**
 * Runs `node --import tsx <script>` with `env`, writing its log lines to our stdout prefixed by `name`
 * (pretty-printed when they are pino JSON). A crash restarts it after 1, 2, 4 ... 30 s; after
 * MAX_QUICK_CRASHES quick crashes in a row `onGiveUp` is called instead.
 */
export function supervise(options: {
  name: string;
  script: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  onGiveUp: (reason: string) => void;
}): SupervisedProcess {
  const prefix = `${options.name.padEnd(6)}| `;
  const pretty = prettyFactory({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,name',
    singleLine: true,
  });
  let child: ChildProcess | null = null;
  let stopping = false;
  let quickCrashes = 0;
  let restartTimer: NodeJS.Timeout | null = null;

  const forward = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    createInterface({ input: stream }).on('line', (line) => {
      let text = line;
      if (line.startsWith('{')) {
        try {
          text = pretty(line).trimEnd();
        } catch {
          text = line;
        }
      }
      for (const part of text.split('\n')) process.stdout.write(`${prefix}${part}\n`);
    });
  };

  const start = () => {
    const startedAt = Date.now();
    const proc = spawn(process.execPath, ['--import', 'tsx', options.script], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    forward(proc.stdout);
    forward(proc.stderr);
    proc.once('exit', (code, signal) => {
      if (stopping) return;
      quickCrashes = Date.now() - startedAt < STABLE_MS ? quickCrashes + 1 : 1;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (quickCrashes >= MAX_QUICK_CRASHES) {
        options.onGiveUp(
          `${options.name} exited (${how}) ${quickCrashes} times in a row shortly after starting`,
        );
        return;
      }
      const delay = Math.min(1000 * 2 ** (quickCrashes - 1), MAX_BACKOFF_MS);
      process.stdout.write(`${prefix}exited (${how}); restarting in ${delay / 1000} s\n`);
      restartTimer = setTimeout(start, delay);
    });
  };
  start();

  return {
    name: options.name,
    async stop(graceMs = 15_000) {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
