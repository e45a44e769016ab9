# Sourced by install-deps.sh and test.sh: installs Debian packages when missing. Uses apt-get as root, or through
# `sudo -n` where that works without a password; otherwise it prints the command to run and goes on (callers run
# under `set -e`, and what needs a missing package says so itself).

# apt_install_missing <purpose> <package>...: installs these packages, retrying once after `apt-get install -f`
# (an interrupted install was seen on these machines). Never fatal.
apt_install_missing() {
  local purpose=$1
  shift
  [ $# -eq 0 ] && return 0
  local as_root=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      as_root=(sudo -n)
    else
      echo "$purpose needs Debian packages that are missing; install them with:" >&2
      echo "  sudo apt-get update && sudo apt-get install -y $*" >&2
      return 0
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "$purpose needs these packages (no apt-get here to install them): $*" >&2
    return 0
  fi
  echo "installing Debian packages for $purpose: $*..."
  local install=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends)
  if "${as_root[@]}" apt-get update -q >/dev/null && ! "${install[@]}" "$@" >/dev/null; then
    echo "apt-get install failed; repairing with apt-get install -f and trying once more..." >&2
    "${install[@]}" -f >/dev/null && "${install[@]}" "$@" >/dev/null || true
  fi
  return 0
}

# Live voice: flite and espeak-ng (local text-to-speech, voice/tts/local-synthesizer.ts), pocketsphinx with its
# US English model (local speech-to-text), ffmpeg (recorded lines decoded and converted, voice/audio/recorded-line.ts).
voice_packages_missing() {
  local missing=()
  command -v flite >/dev/null 2>&1 || missing+=(flite)
  command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
  command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
  command -v pocketsphinx_continuous >/dev/null 2>&1 || missing+=(pocketsphinx)
  [ -d /usr/share/pocketsphinx/model/en-us ] || missing+=(pocketsphinx-en-us)
  echo "${missing[*]}"
}

# The dashboard's browser tests drive Debian's Chromium (test/dashboard/browser.ts); no browser download works here.
browser_packages_missing() {
  command -v chromium >/dev/null 2>&1 || echo chromium
}

install_voice_packages() {
  # shellcheck disable=SC2046 # one word per package
  apt_install_missing "live voice" $(voice_packages_missing)
  local missing
  missing=$(voice_packages_missing)
  [ -n "$missing" ] && echo "could not install Debian packages for live voice: $missing" >&2
  return 0
}

install_browser_packages() {
  # shellcheck disable=SC2046 # one word per package
  apt_install_missing "the dashboard's browser tests" $(browser_packages_missing)
  [ -n "$(browser_packages_missing)" ] && echo "could not install chromium: the dashboard's browser tests will fail" >&2
  return 0
}
