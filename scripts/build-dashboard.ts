import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDashboardBuilt } from '../devstack/dashboard-build';

/** `npm run dashboard:build`: builds the dashboard into dashboard/dist when a source is newer than the build. */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { built } = await ensureDashboardBuilt(rootDir, (line) => process.stdout.write(`${line}\n`));
if (!built) process.stdout.write('dashboard build is current\n');
