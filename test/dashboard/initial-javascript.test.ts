import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleReport } from '../../bench/dashboard/bundle-size';
import { ensureDashboardBuilt } from '../../devstack/dashboard-build';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.resolve(process.env.DASHBOARD_DIST_DIR ?? path.join(ROOT, 'dashboard', 'dist'));
/** The budget for the JavaScript a first visit fetches before anything is drawn, gzip-compressed. */
const BUDGET_BYTES = 150_000;

/** The JavaScript files the built page loads at once: its module scripts and the modules it preloads. */
async function scriptsIndexHtmlLoads(): Promise<string[]> {
  const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="\/app\/([^"]+\.js)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/app\/([^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  return [...scripts, ...preloads];
}

describe("the dashboard's initial JavaScript", () => {
  it('is under 150 kB gzip: the entry chunk and its static imports, as index.html loads them', async () => {
    await ensureDashboardBuilt(ROOT);
    const files = await scriptsIndexHtmlLoads();
    expect(files.some((file) => /^assets\/index-[\w-]+\.js$/.test(file))).toBe(true);
    let gzipBytes = 0;
    for (const file of files) gzipBytes += gzipSync(await readFile(path.join(DIST, file))).length;
    expect(gzipBytes).toBeLessThan(BUDGET_BYTES);

    // The benchmark walks Vite's manifest instead: both must name the same files, or one of them is wrong.
    const report = await bundleReport(DIST);
    expect([...report.initialFiles].sort()).toEqual([...files].sort());
    expect(report.initialJsGzipBytes).toBe(gzipBytes);
    // The graph editor's React Flow is what would blow the budget: it must stay out of the first load.
    expect(await report.initialContains('react-flow__')).toBe(false);
  });
});
