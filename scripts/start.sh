#!/usr/bin/env bash
# The README's first command: installs what is missing, then starts the whole local stack
# (Temporal dev server, PostgreSQL, migrations, API, worker, media process). Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install-deps.sh
# One node process (no npx/tsx wrappers in between), so a signal reaches the command that stops things in order.
exec node --import tsx scripts/dev.ts "$@"
