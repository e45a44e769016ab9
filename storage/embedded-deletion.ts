import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ListedObject } from './object-storage';

/** Removes the embedded store's files of these keys (absent ones are no error), then folders left empty. */
export async function deleteEmbeddedObjects(
  rootDir: string,
  fileOf: (key: string) => string,
  keys: readonly string[],
): Promise<void> {
  const root = path.resolve(rootDir);
  for (const key of keys) {
    const file = fileOf(key);
    await fs.rm(file, { force: true });
    await removeEmptyFolders(root, path.dirname(file));
  }
}

/** Every finished object under `prefix` (partial writes and multipart parts are not objects yet). */
export async function* listEmbeddedObjects(rootDir: string, prefix: string): AsyncIterable<ListedObject> {
  const root = path.resolve(rootDir);
  // Start from the deepest folder the prefix names, so a listing reads only that part of the tree.
  const folder = path.resolve(root, prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '.');
  if (folder !== root && !folder.startsWith(root + path.sep)) return;
  for await (const file of filesUnder(folder)) {
    const key = path.relative(root, file).split(path.sep).join('/');
    if (!key.startsWith(prefix) || key.endsWith('.partial') || key.startsWith('.multipart/')) continue;
    const stats = await fs.stat(file).catch(() => null);
    if (stats) yield { key, lastModified: stats.mtime };
  }
}

async function* filesUnder(folder: string): AsyncIterable<string> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function removeEmptyFolders(root: string, folder: string): Promise<void> {
  let current = folder;
  while (current.startsWith(root + path.sep)) {
    // rmdir refuses a folder that is not empty: that ends the walk up.
    const removed = await fs.rmdir(current).then(
      () => true,
      () => false,
    );
    if (!removed) return;
    current = path.dirname(current);
  }
}
