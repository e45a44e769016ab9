import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_NODE_OPTIONS } from '../../worker/node-options';

/**
 * The worker as docker-compose.yml deploys it: its command must be the compiled form (`node dist/worker/main.js`,
 * scripts/build-service.ts) of the entry point bench/engine/stack.ts runs (`node --import tsx worker/main.ts`), and its environment's `NODE_OPTIONS` and `WORKER_MAX_CACHED_WORKFLOWS`
 * (with `${VAR:-default}` read as its default) are what the measured worker gets. Fails when the compose file and
 * worker/node-options.ts (the dev command's worker) disagree, so the benchmark cannot measure a setting nobody ships.
 */
export interface DeployedWorkerSettings {
  nodeOptions: string;
  maxCachedWorkflows: string | null;
}

const composePath = fileURLToPath(new URL('../../docker-compose.yml', import.meta.url));
const EXPECTED_COMMAND = ['node', 'dist/worker/main.js'];

const composeDefault = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  return String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
};

/** The lines of the compose file's `worker:` service (two-space indented service keys, as the file is written). */
function workerServiceLines(): string[] {
  const lines = readFileSync(composePath, 'utf8').split('\n');
  const start = lines.indexOf('  worker:');
  if (start < 0) throw new Error(`${path.basename(composePath)} has no worker service`);
  const end = lines.findIndex((line, i) => i > start && /^ {0,2}\S/.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The value of `key:` in the service's lines, without quotes; null when absent. */
function valueOf(lines: string[], key: string): string | null {
  const line = lines.find((l) => l.trimStart().startsWith(`${key}:`));
  if (!line) return null;
  return line
    .slice(line.indexOf(':') + 1)
    .trim()
    .replace(/^'(.*)'$/, '$1');
}

export function deployedWorkerSettings(): DeployedWorkerSettings {
  const service = workerServiceLines();
  const command = valueOf(service, 'command');
  if (command !== JSON.stringify(EXPECTED_COMMAND).replaceAll('"', "'").replaceAll(',', ', ')) {
    throw new Error(
      `the compose worker runs ${command}, not ${EXPECTED_COMMAND.join(' ')}: make bench/sync start it the same way`,
    );
  }
  const nodeOptions = composeDefault(valueOf(service, 'NODE_OPTIONS')) ?? '';
  if (nodeOptions !== WORKER_NODE_OPTIONS) {
    throw new Error(
      `docker-compose.yml ships the worker NODE_OPTIONS "${nodeOptions}" but worker/node-options.ts says ` +
        `"${WORKER_NODE_OPTIONS}": make them agree`,
    );
  }
  return { nodeOptions, maxCachedWorkflows: composeDefault(valueOf(service, 'WORKER_MAX_CACHED_WORKFLOWS')) };
}
