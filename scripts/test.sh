#!/usr/bin/env bash
# Set up everything the tests need, then run the whole suite with pytest.
#
#   bash scripts/test.sh [pytest arguments]
#
# Creates .venv (if missing), installs the package (not editable: the build a user gets,
# with the core compiled by mypyc) and its test and dev extras, installs Debian's
# Chromium for the browser test when it is missing (apt-get, as root or through sudo),
# and runs pytest against the installed package.
#
#   TRL_BUILD=pure VENV=.venv-pure bash scripts/test.sh   # the same suite, pure-Python build
#   PYTHON=python3.10 VENV=.venv-310 bash scripts/test.sh -m "not browser"
#
# The browser test never skips in CI (CI=true): without Chromium it fails.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}
case "$VENV" in /*) ;; *) VENV="$PWD/$VENV" ;; esac  # absolute: the version check runs from /
BUILD=${TRL_BUILD:-compiled}
EXTRAS=${EXTRAS:-dev}

case "$BUILD" in
  compiled) unset TOOLRESULT_LAB_PURE ;;
  pure) export TOOLRESULT_LAB_PURE=1 ;;
  *) echo "TRL_BUILD must be compiled or pure, not $BUILD" >&2; exit 2 ;;
esac
if [ "$BUILD" = compiled ] && ! command -v "${CC:-cc}" >/dev/null 2>&1; then
  echo "== no C compiler (${CC:-cc}): testing the pure-Python build instead"
  BUILD=pure
  export TOOLRESULT_LAB_PURE=1
fi

if [ ! -x "$VENV/bin/python" ]; then
  echo "== creating $VENV ($("$PYTHON" --version))"
  "$PYTHON" -m venv "$VENV"
fi
echo "== installing toolresult_lab ($BUILD build) with its $EXTRAS extras into $VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet ".[$EXTRAS]"
built=$(cd / && "$VENV/bin/toolresult-lab" --version)
echo "   $built"
case "$BUILD:$built" in
  compiled:*"compiled core"* | pure:*"pure-Python core"*) ;;
  *) echo "expected the $BUILD build, got: $built" >&2; exit 1 ;;
esac

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
exec "$VENV/bin/pytest" "$@"
