#!/usr/bin/env bash
# Set up everything the tests need, then run the whole suite with pytest.
#
#   bash scripts/test.sh [pytest arguments]
#
# Creates .venv (if missing) with the package and its test extras, installs Debian's
# Chromium for the browser test when it is missing (apt-get, as root or through sudo),
# and runs pytest. The browser test never skips in CI (CI=true): without Chromium it fails.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}

if [ ! -x "$VENV/bin/python" ]; then
  echo "== creating $VENV"
  "$PYTHON" -m venv "$VENV"
fi
echo "== installing toolresult_lab with its test and dev extras"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet -e '.[dev]'

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  echo "== installing Debian's chromium for the browser test"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
export CHROMIUM

echo "== pytest"
exec "$VENV/bin/python" -m pytest "$@"
