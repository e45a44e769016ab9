import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DbLogger } from './client';

// The one place that decides where migrations are and how their files end. From the sources this module is
// db/migrate.ts and they are migrations/*.ts; compiled (scripts/build-service.ts), it is bundled into an entry point
// one folder below dist/, like db/ below the repository, and they are dist/migrations/*.js.
const thisModule = fileURLToPath(import.meta.url);
const migrationExtension = path.extname(thisModule);
const migrationFolder = path.resolve(path.dirname(thisModule), '../migrations');
const migrationFile = new RegExp(`^\\d{4}_\\d{2}_\\d{2}_\\d{6}_.+\\${migrationExtension}$`);

/**
 * Reads migrations/ with our own dynamic import, so TypeScript migrations load under tsx and vitest alike
 * (Kysely's FileMigrationProvider imports from inside node_modules, where .ts files are not understood), and the
 * compiled ones once built; a migration's name leaves its extension out, so both record the same names.
 */
class TypeScriptFolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(migrationFolder)).filter((file) => migrationFile.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.slice(0, -migrationExtension.length)] = (await import(
        pathToFileURL(path.join(migrationFolder, file)).href
      )) as Migration;
    }
    return migrations;
  }
}

// Migrations run against any schema (Kysely<any>, as the Kysely docs prescribe), whatever the caller's Database type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function migrator(db: AnyDb): Migrator {
  return new Migrator({ db, provider: new TypeScriptFolderProvider() });
}

/**
 * Applies every pending migration; throws with the failing migration's name.
 * Kysely's Postgres adapter holds an advisory lock meanwhile, so API, worker and tests may call this at once.
 */
export async function migrateToLatest(db: AnyDb, logger?: DbLogger): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  const applied: string[] = [];
  for (const result of results ?? []) {
    if (result.status === 'Success') applied.push(result.migrationName);
    if (result.status === 'Error') logger?.error({ migration: result.migrationName }, 'migration failed');
  }
  if (applied.length > 0) logger?.info({ applied }, 'migrations applied');
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return applied;
}

/** Reverts the latest migration; returns its name, or null when none was applied. */
export async function migrateDown(db: AnyDb): Promise<string | null> {
  const { error, results } = await migrator(db).migrateDown();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results?.[0]?.migrationName ?? null;
}
