#!/usr/bin/env bash
# Install toolresult_lab with an extra into a venv, the way scripts/test.sh does it.
#
#   bash scripts/install.sh [EXTRA]        # default: dev; e.g. notebooks
#   TRL_BUILD=pure VENV=.venv-pure bash scripts/install.sh
#
# Creates VENV (default .venv) if missing. When VENV already holds a non-editable install of
# exactly these sources in the build asked for (README command 1: `pip install .`), only the
# extra's requirements are installed: the package is not built again (mypyc takes minutes).
# Otherwise it installs `.[EXTRA]`, compiled where a C compiler is available. pip itself is
# left as the venv has it. scripts/test.sh sources this file.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

EXTRAS=${1:-${EXTRAS:-dev}}
PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}
case "$VENV" in /*) ;; *) VENV="$PWD/$VENV" ;; esac  # absolute: the version check runs from /
BUILD=${TRL_BUILD:-compiled}

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
ROOT=$PWD
requirements=$(mktemp)
if why=$(cd / && "$VENV/bin/python" "$ROOT/scripts/installed.py" current "$BUILD" "$ROOT" 2>&1) &&
  (cd / && "$VENV/bin/python" "$ROOT/scripts/installed.py" requirements "$EXTRAS" "$ROOT") \
    >"$requirements" 2>/dev/null; then
  # README command 1 built it a minute ago: install only what the extras add (no rebuild)
  echo "== reusing the installed toolresult_lab ($BUILD build, same files as these sources);"
  echo "   installing its $EXTRAS extras' requirements into $VENV"
  "$VENV/bin/python" -m pip install --quiet -r "$requirements"
else
  echo "== installing toolresult_lab ($BUILD build) with its $EXTRAS extras into $VENV ($why)"
  if [ "$BUILD" = compiled ]; then
    echo "   the compiled build runs mypyc on the core: a few minutes (see the README)"
  fi
  "$VENV/bin/python" -m pip install --quiet ".[$EXTRAS]"
fi
rm -f "$requirements"
built=$(cd / && "$VENV/bin/toolresult-lab" --version)
echo "   $built"
case "$BUILD:$built" in
  compiled:*"compiled core"* | pure:*"pure-Python core"*) ;;
  *) echo "expected the $BUILD build, got: $built" >&2; exit 1 ;;
esac
