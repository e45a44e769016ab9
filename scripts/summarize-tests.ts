import { existsSync, readFileSync } from 'node:fs';

/** vitest's JSON report, the fields read here (Jest-compatible format). */
interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ status: string }>;
  }>;
}

/**
 * Prints the last line of `scripts/test.sh`: "N passed, N failed[, N skipped]" from the real run.
 * A test file that failed outside its tests (import error, failing hook) counts as one failure.
 * Exits 1 when anything failed or when no test ran.
 */
function main(file: string | undefined): number {
  if (!file || !existsSync(file)) {
    console.log('vitest wrote no report (did the test setup fail? see above)');
    console.log('0 passed, 0 failed');
    return 1;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  const brokenFiles = report.testResults.filter(
    (result) =>
      result.status === 'failed' && !result.assertionResults.some((test) => test.status === 'failed'),
  );
  for (const broken of brokenFiles)
    console.log(`test file failed outside its tests: ${broken.name}\n  ${broken.message ?? ''}`);
  const passed = report.numPassedTests;
  const failed = report.numFailedTests + brokenFiles.length;
  const skipped = report.numPendingTests + report.numTodoTests;
  if (passed + failed === 0) console.log('no test ran');
  console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
  return failed > 0 || passed + failed === 0 ? 1 : 0;
}

process.exitCode = main(process.argv[2]);
