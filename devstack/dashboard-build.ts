import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The dashboard's sources: what a build reads, so that a newer one of them means the build is stale. */
const SOURCES = ['src', 'index.html', 'vite.config.ts'];

/**
 * Builds the dashboard (Vite, into dashboard/dist) unless the build is newer than every source file. The start
 * command and the test setup call it, so a fresh clone serves /app/ without a separate step.
 */
export async function ensureDashboardBuilt(
  rootDir: string,
  log: (line: string) => void = () => {},
  /** DASHBOARD_DIST_DIR, as the API reads it (config/index.ts); dashboard/dist by default. */
  outDir = process.env.DASHBOARD_DIST_DIR,
): Promise<{ built: boolean; ms: number }> {
  const dashboardDir = path.join(rootDir, 'dashboard');
  const distDir = path.resolve(outDir ?? path.join(dashboardDir, 'dist'));
  const builtAt = await mtime(path.join(distDir, 'index.html'));
  const sourcesAt = await newest(SOURCES.map((name) => path.join(dashboardDir, name)));
  if (builtAt !== null && builtAt >= sourcesAt) return { built: false, ms: 0 };
  log('building the dashboard (vite)...');
  const started = Date.now();
  const { build } = await import('vite');
  // Vite and the React plugin take production from NODE_ENV, which the test runner sets to `test`: that would
  // build React's development runtime. The build is always the production one.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(dashboardDir, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: distDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const ms = Date.now() - started;
  log(`dashboard built in ${(ms / 1000).toFixed(1)} s`);
  return { built: true, ms };
}

async function mtime(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/** The newest modification time under these paths (files and folders, recursively). */
async function newest(paths: string[]): Promise<number> {
  let latest = 0;
  for (const entry of paths) {
    const info = await stat(entry).catch(() => null);
    if (!info) continue;
    latest = Math.max(latest, info.mtimeMs);
    if (info.isDirectory()) {
      const children = await readdir(entry);
      latest = Math.max(latest, await newest(children.map((child) => path.join(entry, child))));
    }
  }
  return latest;
}
