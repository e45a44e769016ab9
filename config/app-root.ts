import path from 'node:path';
import { fileURLToPath } from 'node:url';

const thisFile = fileURLToPath(import.meta.url);

/**
 * The folder the files the service reads at run time are found in (migrations/, api/auth/common-passwords.txt,
 * dashboard/dist/, package.json, the prebuilt workflow bundle). From the sources (tsx, vitest) it is the repository;
 * compiled (scripts/build-service.ts), every entry point is bundled into `<out>/<folder>/<name>.js`, one folder below
 * `<out>` like this module is below the repository, so it is `<out>`, where the build copies those files in the same
 * layout.
 */
export const APP_ROOT = path.resolve(path.dirname(thisFile), '..');

/** How the service's own modules end where this process runs: `.ts` from the sources, `.js` once compiled. */
export const MODULE_EXTENSION = path.extname(thisFile);

/** Whether this process runs the compiled service (dist/) rather than the TypeScript sources. */
export const RUNNING_COMPILED = MODULE_EXTENSION === '.js';

/** The workflow bundle `npm run build` writes next to the compiled service. */
export const PREBUILT_WORKFLOW_BUNDLE = path.join(APP_ROOT, 'workflow-bundle.js');
