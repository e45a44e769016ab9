#!/usr/bin/env bash
# Checks the README's two commands on a fresh clone in a clean temporary directory (not part of the test
# suite): ./scripts/start.sh must bring the service up healthy, and ./scripts/test.sh must pass.
# Prints how long each took. Uses free ports, so it does not clash with a running copy.
#   scripts/check-fresh-clone.sh                     # tools from the shared cache
#   VAC_TOOLS_DIR=$(mktemp -d) scripts/check-fresh-clone.sh   # a cold tools cache: includes the go builds
# KEEP=1 keeps the temporary directory for inspection.
set -uo pipefail

source_repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/vac-fresh-XXXXXX")
chmod 755 "$work" # the embedded PostgreSQL runs as the postgres user when we are root
clone="$work/repo"
start_pid=""

cleanup() {
  if [ -n "$start_pid" ] && kill -0 "$start_pid" 2>/dev/null; then
    kill -INT "$start_pid" 2>/dev/null
    wait "$start_pid" 2>/dev/null
  fi
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

echo "cloning $source_repo (committed state) into $clone"
git clone -q "$source_repo" "$clone" || exit 1
if [ -d "$source_repo/../shared" ]; then ln -s "$(cd "$source_repo/../shared" && pwd)" "$work/shared"; fi
cd "$clone" || exit 1

export PORT=$(free_port) TEMPORAL_PORT=$(free_port) TEMPORAL_UI_PORT=$(free_port) EMBEDDED_POSTGRES_PORT=$(free_port)
unset DATABASE_URL TEMPORAL_ADDRESS S3_BUCKET
echo "ports: API $PORT, Temporal $TEMPORAL_PORT (UI $TEMPORAL_UI_PORT), PostgreSQL $EMBEDDED_POSTGRES_PORT"

echo "== ./scripts/start.sh (log: $work/start.log)"
t0=$SECONDS
./scripts/start.sh >"$work/start.log" 2>&1 </dev/null &
start_pid=$!
healthy=0
while [ $((SECONDS - t0)) -lt 1800 ] && kill -0 "$start_pid" 2>/dev/null; do
  if curl -fsS "http://127.0.0.1:$PORT/api/v1/health" 2>/dev/null | grep -q '"status":"ok"'; then
    healthy=1
    break
  fi
  sleep 1
done
start_seconds=$((SECONDS - t0))
if [ "$healthy" != 1 ]; then
  echo "FAILED: the service did not report healthy within ${start_seconds} s; last lines of its log:"
  tail -n 40 "$work/start.log"
  exit 1
fi
echo "healthy after ${start_seconds} s: $(curl -fsS "http://127.0.0.1:$PORT/api/v1/health")"
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/v1/docs/" && echo "docs page answers"

t1=$SECONDS
kill -INT "$start_pid"
wait "$start_pid"
stop_status=$?
start_pid=""
echo "stopped in $((SECONDS - t1)) s (exit $stop_status)"
for port in "$PORT" "$TEMPORAL_PORT" "$TEMPORAL_UI_PORT" "$EMBEDDED_POSTGRES_PORT"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "FAILED: port $port still listens after stop"; exit 1; fi
done
grep -q "dev   | stopped" "$work/start.log" || { echo "FAILED: no clean stop in the log"; tail -n 20 "$work/start.log"; exit 1; }

echo "== ./scripts/test.sh (log: $work/test.log)"
t2=$SECONDS
./scripts/test.sh >"$work/test.log" 2>&1 </dev/null
test_status=$?
test_seconds=$((SECONDS - t2))
echo "tests: $(tail -n 1 "$work/test.log") (exit $test_status)"

echo
echo "start until healthy: ${start_seconds} s (includes npm ci and any tool builds)"
echo "test command:        ${test_seconds} s"
[ "$test_status" -eq 0 ] || { KEEP=1; tail -n 60 "$work/test.log"; exit 1; }
