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

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** One run's counts; a test file that failed outside its tests (import error, failing hook) counts as one failure. */
function countsOf(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  const brokenFiles = report.testResults.filter(
    (result) =>
      result.status === 'failed' && !result.assertionResults.some((test) => test.status === 'failed'),
  );
  for (const broken of brokenFiles)
    console.log(`test file failed outside its tests: ${broken.name}\n  ${broken.message ?? ''}`);
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles.length,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

const line = ({ passed, failed, skipped }: Counts) =>
  `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;

/**
 * Prints the last line of `scripts/test.sh`: "N passed, N failed[, N skipped]" from the real run, read from vitest's
 * JSON report. Given several reports (`.ci/run`'s runs), prints each one's line and then their sum. A missing report
 * counts as one failure. Exits 1 when anything failed or when no test ran.
 */
function main(files: string[]): number {
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const file of files) {
    if (!existsSync(file)) {
      console.log(`vitest wrote no report at ${file} (did the test setup fail? see above)`);
      total.failed += 1;
      continue;
    }
    const counts = countsOf(file);
    if (files.length > 1) console.log(`${file}: ${line(counts)}`);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  if (total.passed + total.failed === 0) console.log('no test ran');
  console.log(line(total));
  return total.failed > 0 || total.passed + total.failed === 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
