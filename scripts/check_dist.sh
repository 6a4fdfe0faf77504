#!/usr/bin/env bash
# Build the sdist and the wheel (the wheel from the sdist), check them with twine, install
# the wheel (with the extras the README's examples use) into a fresh venv and use it from
# outside the source tree: import it, run `toolresult-lab matrix` and the README's examples.
# A module or a data file left out of the wheel fails here, not on a user's machine.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PY=${PY:-.venv/bin/python}
DIST=$(mktemp -d)
SMOKE=$(mktemp -d)
trap 'rm -rf "$DIST" "$SMOKE"' EXIT

"$PY" -m build --outdir "$DIST" . >"$SMOKE/build.log" 2>&1 || { tail -30 "$SMOKE/build.log"; exit 1; }
ls -l "$DIST"/*.tar.gz "$DIST"/*.whl
"$PY" -m twine check --strict "$DIST"/*
listing=$(tar -tzf "$DIST"/*.tar.gz)
for f in LICENSE README.md setup.py pyproject.toml; do
  grep -q "^[^/]*/$f\$" <<<"$listing" || { echo "the sdist has no $f" >&2; exit 1; }
done

python3 -m venv "$SMOKE/venv"
"$SMOKE/venv/bin/python" -m pip install --quiet --upgrade pip
wheel=$(ls "$DIST"/*.whl)
# the README's examples send through official clients (the docs extra) and run the demo MCP
# server of notebooks/ over stdio (the mcp extra, and the server's own fpdf2 and pillow)
"$SMOKE/venv/bin/python" -m pip install --quiet "$wheel[docs,mcp]" 'fpdf2>=2.7,<3' 'pillow>=10,<14'
mkdir "$SMOKE/notebooks" && cp notebooks/demo_server.py "$SMOKE/notebooks/"
cd "$SMOKE"   # never the source tree: only what the wheel installed can be imported
"$SMOKE/venv/bin/toolresult-lab" --version
"$SMOKE/venv/bin/python" -c "import toolresult_lab, sys; print(toolresult_lab.__file__); \
  sys.exit(0 if toolresult_lab.COMPILED else 'the wheel has no compiled core')"
"$SMOKE/venv/bin/toolresult-lab" matrix | head -n 3
"$SMOKE/venv/bin/python" - "$ROOT/README.md" <<'PYEOF'
import doctest, sys
failures, tried = doctest.testfile(sys.argv[1], module_relative=False,
                                   optionflags=doctest.NORMALIZE_WHITESPACE)
print(f"README examples against the installed wheel: {tried} tried, {failures} failed")
sys.exit(1 if failures or not tried else 0)
PYEOF
