/**
 * `npm run build`: compiles the service to JavaScript for production (the Docker image runs it with plain `node`).
 * Usage: tsx scripts/build-service.ts [output folder, default dist]
 *
 * Each entry point is bundled with esbuild into `<out>/<folder>/<name>.js` (ESM for Node, packages left in
 * node_modules, source maps beside), each script a process starts as a child (the local speech helpers) into
 * `<out>/<path>.js`, each migration into `<out>/migrations/<name>.js`, and the files the service reads at run time
 * are copied in the repository's layout (config/app-root.ts), with a package.json that makes the output ESM and
 * carries the version. Last, the worker's workflow bundle is written to `<out>/workflow-bundle.js`,
 * which the compiled worker uses by default (config/index.ts).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The processes and commands of the service. Each sits one folder below the repository, as config/app-root.ts and
 * db/migrate.ts expect: their `..` is the repository from the sources and the output folder once compiled.
 */
export const SERVICE_ENTRY_POINTS = [
  'api/server.ts',
  'worker/main.ts',
  'media/main.ts',
  'scripts/migrate.ts',
  'scripts/reencrypt-secrets.ts',
] as const;

/**
 * Scripts the service's processes start as child processes of their own, compiled to
 * `<out>/<path>.js` at the same place as their sources (the processes find them under config/app-root.ts's APP_ROOT).
 */
export const CHILD_PROCESS_SCRIPTS = [
  'voice/tts/local-synthesis-helper.ts',
  'voice/vad/silero-helper.ts',
] as const;

/** Files read at run time relative to the application root, copied into the output at the same place. */
const RUNTIME_FILES = ['api/auth/common-passwords.txt'];

/** Written into the output folder; a folder without it is never emptied by a build. */
const BUILD_MARKER = '.service-build';

/** What a build wrote: its folder and the packages its code imports from node_modules. */
export interface ServiceBuild {
  outDir: string;
  /** Package names (e.g. `fastify`, `@temporalio/worker`) the compiled code imports, sorted. */
  externalPackages: string[];
  dashboardIncluded: boolean;
}

/** Compiles the service into `outDir` (emptied first when it holds an earlier build); see the file's comment. */
export async function buildService(
  options: { outDir?: string; workflowBundle?: boolean } = {},
): Promise<ServiceBuild> {
  const outDir = path.resolve(rootDir, options.outDir ?? 'dist');
  prepareOutputFolder(outDir);
  for (const entry of SERVICE_ENTRY_POINTS) {
    if (entry.split('/').length !== 2) throw new Error(`entry point ${entry} must sit one folder deep`);
  }
  const migrations = readdirSync(path.join(rootDir, 'migrations'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `migrations/${file}`);
  const result = await build({
    absWorkingDir: rootDir,
    entryPoints: [...SERVICE_ENTRY_POINTS, ...CHILD_PROCESS_SCRIPTS, ...migrations],
    outbase: rootDir,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node the project supports (package.json engines); production runs the one in .node-version.
    target: 'node22.12',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(outputPackageJson(), null, 2)}\n`);
  for (const file of RUNTIME_FILES) copyInto(outDir, file);
  const dashboardIncluded = existsSync(path.join(rootDir, 'dashboard', 'dist', 'index.html'));
  if (dashboardIncluded) copyInto(outDir, 'dashboard/dist');
  else
    console.warn('dashboard/dist is not built (npm run dashboard:build): the compiled API serves no /app/');
  if (options.workflowBundle !== false) await writeWorkflowBundle(path.join(outDir, 'workflow-bundle.js'));
  return { outDir, externalPackages: externalPackagesOf(result.metafile), dashboardIncluded };
}

function prepareOutputFolder(outDir: string): void {
  if (outDir === rootDir || rootDir.startsWith(`${outDir}${path.sep}`)) {
    throw new Error(`the output folder ${outDir} would hold the repository`);
  }
  if (existsSync(outDir) && readdirSync(outDir).length > 0) {
    if (!existsSync(path.join(outDir, BUILD_MARKER))) {
      throw new Error(`${outDir} is not empty and holds no earlier build: choose another output folder`);
    }
    rmSync(outDir, { recursive: true, force: true });
  }
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, BUILD_MARKER),
    'written by scripts/build-service.ts; emptied by the next build\n',
  );
}

/** The output's own package.json: ESM for its .js files, and the version the API reports. */
function outputPackageJson(): Record<string, unknown> {
  const pkg = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as Record<string, unknown>;
  return { name: pkg.name, version: pkg.version, private: true, type: 'module' };
}

function copyInto(outDir: string, relativePath: string): void {
  cpSync(path.join(rootDir, relativePath), path.join(outDir, relativePath), { recursive: true });
}

/** Runs worker/bundle-workflows.ts from the sources (it needs workflows/*.ts), in a process of its own. */
function writeWorkflowBundle(output: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/bundle-workflows.ts', output], {
      cwd: rootDir,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`bundling the workflows failed (exit ${code})`)),
    );
  });
}

function externalPackagesOf(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith('node:')) continue;
      const parts = imported.path.split('/');
      names.add(imported.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return [...names].sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  buildService({ outDir: process.argv[2] })
    .then(({ outDir }) =>
      console.log(`service built into ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`),
    )
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
