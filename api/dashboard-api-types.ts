import { writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporalGateway } from '../client/temporal';
import { loadConfig } from '../config';
import { createLogger } from '../config/logger';
import { createDb } from '../db/client';
import { createStorage } from '../storage';
import { buildApp } from './app';
import { renderApiTypes } from './openapi-types';

export const DASHBOARD_API_TYPES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dashboard/src/api/schema.d.ts',
);

/**
 * `npm run dashboard:api-types`: writes the dashboard's API types from the routes' own OpenAPI document. It builds
 * the app without starting anything or connecting anywhere, so it runs on a bare checkout.
 */
async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'vac-openapi-')),
    LOG_LEVEL: 'silent',
    // The object-store kind the dashboard meets in production (and in the suite's check): with the embedded
    // store the document would also list its signed-download route, which the dashboard never calls.
    S3_BUCKET: 'openapi-export',
    S3_ENDPOINT: 'http://127.0.0.1:1',
  });
  const logger = createLogger({ level: 'silent', pretty: false });
  const db = createDb('postgres://unused@127.0.0.1:1/unused', { max: 1 });
  const temporal = createTemporalGateway(config);
  const app = await buildApp(
    { config, logger, db, storage: createStorage(config), temporal },
    { backgroundLoops: false },
  );
  try {
    await app.ready();
    await writeFile(DASHBOARD_API_TYPES, await renderApiTypes(app.swagger()));
    process.stdout.write(`wrote ${path.relative(process.cwd(), DASHBOARD_API_TYPES)}\n`);
  } finally {
    await app.close();
    await temporal.close();
    await db.destroy();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
