import { defineConfig } from 'vitest/config';

// The Temporal native addon crashes inside worker threads: tests run in forked processes.
export default defineConfig({
  test: {
    pool: 'forks',
    globalSetup: ['test/helpers/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
