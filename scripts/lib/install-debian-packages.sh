# Sourced by install-deps.sh: installs the Debian packages live voice runs on when one is missing: flite and
# espeak-ng (local text-to-speech, voice/tts/local-synthesizer.ts), pocketsphinx with its US English model (local
# speech-to-text). Uses apt-get as root, or through `sudo -n` where that works without a password; otherwise it
# prints the command to run and goes on (everything but local voice works without them).
voice_packages_missing() {
  local missing=()
  command -v flite >/dev/null 2>&1 || missing+=(flite)
  command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
  command -v pocketsphinx_continuous >/dev/null 2>&1 || missing+=(pocketsphinx)
  [ -d /usr/share/pocketsphinx/model/en-us ] || missing+=(pocketsphinx-en-us)
  echo "${missing[*]}"
}

install_voice_packages() {
  local missing
  missing=$(voice_packages_missing)
  [ -z "$missing" ] && return 0
  local as_root=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      as_root=(sudo -n)
    else
      echo "live voice needs Debian packages that are missing; install them with:" >&2
      echo "  sudo apt-get update && sudo apt-get install -y $missing" >&2
      return 0
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "live voice needs these packages (no apt-get here to install them): $missing" >&2
    return 0
  fi
  echo "installing Debian packages for live voice: $missing..."
  local install=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends)
  # Failures are reported below, never fatal: callers run under `set -e`.
  # shellcheck disable=SC2086 # one word per package
  if "${as_root[@]}" apt-get update -q >/dev/null && ! "${install[@]}" $missing >/dev/null; then
    echo "apt-get install failed; repairing with apt-get install -f and trying once more..." >&2
    "${install[@]}" -f >/dev/null && "${install[@]}" $missing >/dev/null || true
  fi
  missing=$(voice_packages_missing)
  if [ -n "$missing" ]; then
    echo "could not install Debian packages for live voice: $missing" >&2
  fi
  return 0
}

install_voice_packages
