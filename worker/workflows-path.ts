import { fileURLToPath } from 'node:url';

/** The file the worker bundles: every workflow of the engine. */
export const WORKFLOWS_PATH = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));
