#!/usr/bin/env bash
# The README's second command: installs what is missing, runs the whole vitest suite against real servers
# (the test setup starts Temporal, an S3 server and PostgreSQL itself), and ends with one line
# "N passed, N failed[, N skipped]" read from vitest's JSON report. Extra arguments go to vitest
# (e.g. ./scripts/test.sh test/http-conventions.test.ts).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install-deps.sh || exit 1
install_browser_packages

report_dir=$(mktemp -d "${TMPDIR:-/tmp}/vac-test-report-XXXXXX")
trap 'rm -rf "$report_dir"' EXIT
report="$report_dir/vitest.json"

npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
vitest_status=$?

node --import tsx scripts/summarize-tests.ts "$report"
summary_status=$?
if [ "$vitest_status" -ne 0 ] && [ "$summary_status" -eq 0 ]; then exit "$vitest_status"; fi
exit "$summary_status"
