# Sourced by install-deps.sh (so by start.sh, test.sh and .ci/run): makes `node` a supported Node.js LTS.
# A `node` of major 22 or later on PATH is used as it is. Otherwise (these machines ship Node 20, past its end
# of life) the version pinned in .node-version is installed once from the npm registry's node-<os>-<arch> package
# into the tools cache (where the Temporal CLI and versitygw are built: devstack/tools.ts) and put first on PATH,
# so every node, npm and npx after this runs on it.

node_runtime_minimum_major=22

node_runtime_supported() {
  command -v node >/dev/null 2>&1 &&
    node -e "process.exit(Number(process.versions.node.split('.')[0]) >= $node_runtime_minimum_major ? 0 : 1)" 2>/dev/null
}

# The cache folder of devstack/tools.ts's toolsCacheDir(): VAC_TOOLS_DIR, else $XDG_CACHE_HOME or ~/.cache.
node_runtime_cache_dir() {
  echo "${VAC_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/voice-agent-calling/tools}"
}

# The npm package that carries Node's own release binary for this machine.
node_runtime_package() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) return 1 ;;
  esac
  echo "node-$os-$arch"
}

use_supported_node() {
  node_runtime_supported && return 0
  local root version package dir
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  version=$(tr -d '[:space:]' <"$root/.node-version")
  dir="$(node_runtime_cache_dir)/node-$version"
  if [ ! -x "$dir/bin/node" ]; then
    if ! package=$(node_runtime_package); then
      echo "Node.js $version is required, and no prebuilt package exists for $(uname -s) $(uname -m): install it from https://nodejs.org/en/download" >&2
      return 1
    fi
    if ! command -v npm >/dev/null 2>&1; then
      echo "Node.js $version (with npm) is required: https://nodejs.org/en/download" >&2
      return 1
    fi
    echo "installing Node.js $version ($package from the npm registry) into $dir..."
    local staging
    staging=$(mktemp -d "${TMPDIR:-/tmp}/vac-node-XXXXXX")
    if ! (cd "$staging" && npm pack "$package@$version" --silent --loglevel=error >/dev/null &&
      tar xzf "$package-$version.tgz" && "$staging/package/bin/node" --version >/dev/null); then
      rm -rf "$staging"
      echo "could not install Node.js $version from the npm registry ($package@$version)" >&2
      return 1
    fi
    mkdir -p "$(dirname "$dir")"
    # A rename, so a half-extracted folder is never taken for an installed one (another clone may race us).
    mv "$staging/package" "$dir.partial.$$" && { mv -T "$dir.partial.$$" "$dir" 2>/dev/null || rm -rf "$dir.partial.$$"; }
    rm -rf "$staging"
  fi
  export PATH="$dir/bin:$PATH"
  hash -r
  node_runtime_supported || {
    echo "Node.js at $dir/bin/node does not run" >&2
    return 1
  }
}
