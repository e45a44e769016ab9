import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { WORKFLOWS_PATH } from './workflows-path';
import { WORKFLOW_TRACING_INTERCEPTOR_MODULE } from '../observability/temporal';

/**
 * Writes the worker's workflow bundle to a file, for WORKFLOW_BUNDLE_PATH: the Docker image builds it once, so a
 * worker neither waits for webpack at start nor holds webpack's ~170 MB of RSS (which would otherwise be the
 * process's peak). Usage: node --import tsx worker/bundle-workflows.ts <output.js>
 */
const output = process.argv[2];
if (!output) throw new Error('usage: node --import tsx worker/bundle-workflows.ts <output.js>');
const { code } = await bundleWorkflowCode({
  workflowsPath: WORKFLOWS_PATH,
  // The same interceptors as a worker that bundles at start (createWorker): tracing on or off, one bundle.
  workflowInterceptorModules: [WORKFLOW_TRACING_INTERCEPTOR_MODULE],
});
writeFileSync(path.resolve(output), code);
console.log(
  `workflow bundle written to ${path.resolve(output)} (${(code.length / 1024 / 1024).toFixed(2)} MiB)`,
);
