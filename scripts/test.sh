#!/usr/bin/env bash
# The README's second command: installs what is missing, runs the whole vitest suite against real servers
# (the test setup starts Temporal, an S3 server and PostgreSQL itself), and ends with one line
# "N passed, N failed[, N skipped]" read from vitest's JSON report. Extra arguments go to vitest
# (e.g. ./scripts/test.sh test/http-conventions.test.ts).
# TEST_CALLEE_TIME=day|night (default day): where the contacts of tests that dial under the default legal calling
# hours are in their day (test/helpers/callee-time.ts); `scripts/test.sh --callee-time-files` runs only those files.
# TEST_REPORT_FILE: keep vitest's JSON report at that path (.ci/run adds up its runs from them).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install-deps.sh || exit 1
install_browser_packages

if [ "${1:-}" = "--callee-time-files" ]; then
  shift
  mapfile -t callee_time_files < <(grep -rlE --include='*.test.ts' 'calleeTime\(|calleeZone\(' test | grep -v '^test/helpers/' | sort)
  echo "TEST_CALLEE_TIME=${TEST_CALLEE_TIME:-day}: ${#callee_time_files[@]} files whose contacts' time of day is chosen"
  set -- "${callee_time_files[@]}" "$@"
fi

report_dir=$(mktemp -d "${TMPDIR:-/tmp}/vac-test-report-XXXXXX")
trap 'rm -rf "$report_dir"' EXIT
report="${TEST_REPORT_FILE:-$report_dir/vitest.json}"

npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
vitest_status=$?

node --import tsx scripts/summarize-tests.ts "$report"
summary_status=$?
if [ "$vitest_status" -ne 0 ] && [ "$summary_status" -eq 0 ]; then exit "$vitest_status"; fi
exit "$summary_status"
