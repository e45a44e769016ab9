import pg from 'pg';

/**
 * A benchmark's own database on the local PostgreSQL server (`BENCH_ADMIN_URL`, the `postgres` database by default):
 * created afresh for a run, or a database kept by an earlier `--keep` run when the bench is asked to `--reuse` it.
 */
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The database's URL; dropped and created again first unless `reuse`. */
export async function openBenchDatabase(name: string, options: { reuse: boolean }): Promise<URL> {
  if (!options.reuse) {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url;
}

/** Drops the database, unless the run keeps it (`--keep`) or reused one (`--reuse`). */
export async function closeBenchDatabase(
  name: string,
  options: { keep: boolean; reuse: boolean },
): Promise<void> {
  if (!options.keep && !options.reuse) await admin(`drop database if exists ${name} with (force)`);
}
