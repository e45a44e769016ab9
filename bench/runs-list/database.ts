import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/** Migrations of the benchmark database, applied in two steps so the run indexes are built over loaded data. */

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

class FolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(folder))
      .filter((file) => /^\d{4}_\d{2}_\d{2}_\d{6}_.+\.ts$/.test(file))
      .sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(
        pathToFileURL(path.join(folder, file)).href
      )) as Migration;
    }
    return migrations;
  }
}

const RUN_INDEXES = /^2026_11_21_000400_/;

async function check(result: Promise<{ error?: unknown }>): Promise<void> {
  const { error } = await result;
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Applies every migration before the run-index migration (bulk loads are faster without those indexes). */
export async function migrateBeforeRunIndexes<T>(db: Kysely<T>): Promise<void> {
  const names = Object.keys(await new FolderProvider().getMigrations()).sort();
  const last = names.filter((name) => name < names.find((n) => RUN_INDEXES.test(n))!).at(-1);
  if (!last) throw new Error('no migration before the run indexes');
  await check(new Migrator({ db, provider: new FolderProvider() }).migrateTo(last));
}

export async function migrateRest<T>(db: Kysely<T>): Promise<void> {
  await check(new Migrator({ db, provider: new FolderProvider() }).migrateToLatest());
}
