# Sourced by start.sh and test.sh: installs node dependencies with `npm ci` when node_modules is missing
# or older than package-lock.json, and says exactly what to install when Node.js itself is missing.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "Node.js 20.19 or later (with npm) is required: https://nodejs.org/en/download" >&2
  exit 1
fi
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ] || [ ! -f node_modules/.package-lock.json ]; then
  echo "installing node dependencies (npm ci)..."
  npm ci --no-audit --no-fund --loglevel=error
fi
