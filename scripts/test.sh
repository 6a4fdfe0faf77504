#!/usr/bin/env bash
# Set up everything the tests need, then run the whole suite with pytest.
#
#   bash scripts/test.sh [pytest arguments]
#
# Creates .venv (if missing) and installs the package (not editable: the build a user gets,
# with the core compiled by mypyc) with its dev extras through scripts/install.sh, which
# reuses an install of exactly these sources (README command 1) instead of building it
# again; installs Debian's Chromium for the browser test when it is missing (apt-get, as
# root or through sudo), and runs pytest against the installed package.
#
#   TRL_BUILD=pure VENV=.venv-pure bash scripts/test.sh   # the same suite, pure-Python build
#   PYTHON=python3.10 VENV=.venv-310 bash scripts/test.sh -m "not browser"
#
# The browser test never skips in CI (CI=true): without Chromium it fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/install.sh
source scripts/install.sh "${EXTRAS:-dev}"

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  echo "== installing Debian's chromium for the browser test"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
export CHROMIUM

echo "== pytest ($("$VENV/bin/python" --version), $BUILD build)"
export TRL_EXPECT_BUILD=$BUILD
# `pytest`, not `python -m pytest`: the repo root must not shadow the installed package.
# On every core (pytest-xdist; PYTEST_WORKERS=0 runs in one process, e.g. to debug).
exec "$VENV/bin/pytest" -n "${PYTEST_WORKERS:-auto}" "$@"
