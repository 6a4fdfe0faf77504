#!/usr/bin/env bash
# For developers: compile the core with mypyc into a scratch copy, to run the tests or a
# benchmark against the compiled build without reinstalling anything.
#
#   bash scripts/compile_inplace.sh /tmp/trl-compiled
#   PYTHONPATH=/tmp/trl-compiled .venv/bin/pytest -q        # (pytest, not python -m pytest)
#
# CI does not use this: it installs the built package (see .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:?usage: compile_inplace.sh OUTPUT_DIR}
PYTHON=${PYTHON:-.venv/bin/python}
PYTHON="$(cd "$(dirname "$PYTHON")" && pwd)/$(basename "$PYTHON")"
rm -rf "$OUT" && mkdir -p "$OUT"
cp -r toolresult_lab setup.py pyproject.toml README.md "$OUT"/
(cd "$OUT" && "$PYTHON" setup.py -q build_ext --inplace >build.log 2>&1) || {
  tail -20 "$OUT/build.log"; exit 1; }
n=$(find "$OUT/toolresult_lab" -name '*.so' | wc -l)
[ "$n" -gt 0 ] || { echo "nothing was compiled (see $OUT/build.log)"; exit 1; }
echo "compiled $n modules into $OUT"
