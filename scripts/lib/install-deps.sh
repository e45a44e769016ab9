# Sourced by start.sh, test.sh and .ci/run: puts a supported Node.js LTS on PATH (installing the pinned one when
# the machine's is older), installs node dependencies when node_modules is missing or older than
# package-lock.json, and installs the Debian packages live voice needs.
# A supported Node.js LTS first (installed into the tools cache when the machine's is older): scripts/lib/node-runtime.sh.
source "$(dirname "${BASH_SOURCE[0]}")/node-runtime.sh"
use_supported_node || exit 1
echo "node $(node --version) at $(command -v node)"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "installing node dependencies (npm ci)..."
  # onnxruntime-node (Silero VAD) ships its CPU binaries; its install script, where an npm runs it, would fetch
  # optional GPU files from hosts a machine may not reach.
  export ONNXRUNTIME_NODE_INSTALL=skip
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
