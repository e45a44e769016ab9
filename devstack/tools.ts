import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The external programs the local stack builds from source with `go install`, pinned. */
export const TOOLS = {
  temporal: {
    module: 'github.com/temporalio/cli/cmd/temporal',
    version: 'v1.5.1',
    binary: 'temporal',
    override: 'TEMPORAL_CLI_PATH',
  },
  versitygw: {
    module: 'github.com/versity/versitygw/cmd/versitygw',
    version: 'v1.7.0',
    binary: 'versitygw',
    override: 'VERSITYGW_PATH',
  },
} as const;

export type ToolName = keyof typeof TOOLS;

/** Per-version cache outside the clone, so every clone on a machine reuses one build. */
export function toolsCacheDir(): string {
  return (
    process.env.VAC_TOOLS_DIR ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'voice-agent-calling', 'tools')
  );
}

export function toolPath(name: ToolName): string {
  const tool = TOOLS[name];
  return path.join(toolsCacheDir(), `${name}-${tool.version.replace(/^v/, '')}`, tool.binary);
}

/** Returns the tool's binary, building it with `go install` on first use. */
export async function ensureTool(name: ToolName, log: (line: string) => void = console.log): Promise<string> {
  const tool = TOOLS[name];
  const override = process.env[tool.override];
  if (override) {
    if (!existsSync(override)) throw new Error(`${tool.override}=${override} does not exist`);
    return override;
  }
  const target = toolPath(name);
  if (existsSync(target)) return target;

  if (spawnSync('go', ['version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      `${tool.binary} ${tool.version} is not installed and Go was not found to build it.\n` +
        `Install Go 1.25 or later, the version the pinned tools' go.mod files declare (https://go.dev/dl/), or build it yourself and point ${tool.override} at it:\n` +
        `  go install ${tool.module}@${tool.version}`,
    );
  }
  const dir = path.dirname(target);
  mkdirSync(path.dirname(dir), { recursive: true });
  // Build into a private folder, then rename: concurrent first runs never see a half-written binary.
  const staging = mkdtempSync(path.join(path.dirname(dir), `.${name}-build-`));
  log(`building ${tool.binary} ${tool.version} from source (first run only; a few minutes)...`);
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('go', ['install', `${tool.module}@${tool.version}`], {
      env: { ...process.env, GOBIN: staging, CGO_ENABLED: process.env.CGO_ENABLED ?? '0' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`go install ${tool.module}@${tool.version} failed (exit ${code})`)),
    );
  });
  try {
    renameSync(staging, dir);
  } catch (error) {
    if (!existsSync(target)) throw error; // someone else finished first: use theirs
    rmSync(staging, { recursive: true, force: true });
  }
  log(`built ${tool.binary} in ${Math.round((Date.now() - started) / 1000)} s -> ${target}`);
  return target;
}
