import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface BundleReport {
  /** JavaScript the first page load fetches: the entry chunk and its static imports, recursively. */
  initialJsGzipBytes: number;
  initialFiles: string[];
  /** Every other JavaScript chunk (loaded on demand), gzip bytes per file. */
  lazyChunks: Array<{ file: string; gzipBytes: number }>;
  /** Whether a module of this package ends up in the initial files (the graph editor must not). */
  initialContains(text: string): Promise<boolean>;
}

/** Reads the build's Vite manifest (dashboard/dist/.vite/manifest.json) and sizes what the first load fetches. */
export async function bundleReport(distDir: string): Promise<BundleReport> {
  const manifest = JSON.parse(
    await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const initial = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const gzipOf = async (file: string) => gzipSync(await readFile(path.join(distDir, file))).length;
  const initialFiles = [...initial].filter((file) => file.endsWith('.js'));
  let initialJsGzipBytes = 0;
  for (const file of initialFiles) initialJsGzipBytes += await gzipOf(file);
  const lazyChunks = [];
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.js') && !initial.has(chunk.file)) {
      lazyChunks.push({ file: chunk.file, gzipBytes: await gzipOf(chunk.file) });
    }
  }
  return {
    initialJsGzipBytes,
    initialFiles,
    lazyChunks,
    async initialContains(text: string) {
      for (const file of initialFiles) {
        if ((await readFile(path.join(distDir, file), 'utf8')).includes(text)) return true;
      }
      return false;
    },
  };
}
