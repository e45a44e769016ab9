# Sourced by start.sh, test.sh and .ci/run: installs node dependencies when node_modules is missing or
# older than package-lock.json, says exactly what to install when Node.js itself is missing, and installs the
# Debian packages live voice needs.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "Node.js 20.19 or later (with npm) is required: https://nodejs.org/en/download" >&2
  exit 1
fi
# The version, not only the presence: package.json's engines (>=20.19) is what the code and its packages need.
if ! node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 20 || (major === 20 && minor >= 19) ? 0 : 1)'; then
  echo "Node.js $(node --version) is too old: 20.19 or later is required: https://nodejs.org/en/download" >&2
  exit 1
fi
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "installing node dependencies (npm ci)..."
  npm_log=$(mktemp "${TMPDIR:-/tmp}/vac-npm-ci-XXXXXX")
  if npm ci --no-audit --no-fund --loglevel=error >"$npm_log" 2>&1; then
    cat "$npm_log"
  else
    # npm ci refuses a lock file without entries for optional platform packages (e.g. @swc/core-darwin-*)
    # that a registry mirror does not serve; npm install --no-save installs the same locked versions.
    grep -m 3 -E 'npm error (code|`npm ci`|Missing)' "$npm_log"
    echo "npm ci refused; installing the locked versions with npm install --no-save instead..."
    npm install --no-save --no-audit --no-fund --loglevel=error || { rm -f "$npm_log"; exit 1; }
  fi
  rm -f "$npm_log"
fi
# Debian packages (flite, espeak-ng, pocketsphinx) for live voice, when missing.
source "$(dirname "${BASH_SOURCE[0]}")/install-debian-packages.sh"
install_voice_packages
