import path from 'node:path';
import { defineConfig } from 'vitest/config';
import base from '../../../vitest.config';

/** The suite's servers and pool, running only the history recorder (README.md in this folder). */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../../..'),
  test: {
    ...base.test,
    include: ['test/workflows/histories/record-histories.ts'],
    fileParallelism: false,
  },
});
