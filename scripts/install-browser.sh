#!/bin/sh
# Installs Debian's chromium for the browser tests (test/browser/), unless it is already there.
# Idempotent: CI runs it before `npm test` on every build. Needs root or sudo only when installing.
set -eu

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-browser: apt-get not found; install chromium at $CHROMIUM by hand" >&2
  exit 1
fi

SUDO=
if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
fi

echo "install-browser: installing Debian's chromium"
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium
"$CHROMIUM" --version 2>/dev/null
