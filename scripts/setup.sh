#!/usr/bin/env bash
# Creates .venv with Python 3.11+ and installs the project with its development tools.
# Re-runs the install only when pyproject.toml, setup.py or the solvers' C cores
# (tutor/search/_negacore.c and _tablecore.c, built by the install where a C compiler is at
# hand) changed since the last successful set-up.
set -euo pipefail
cd "$(dirname "$0")/.."
py=""
for cand in python3.11 python3.12 python3.13 python3; do
  if command -v "$cand" >/dev/null 2>&1 &&
     "$cand" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'; then
    py="$cand"; break
  fi
done
[ -n "$py" ] || { echo "Python 3.11 or newer is needed" >&2; exit 1; }
[ -x .venv/bin/python ] || "$py" -m venv .venv
stamp=".venv/.setup-stamp"
want=$(cat pyproject.toml setup.py tutor/search/*.c | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
  echo "$want" > "$stamp"
fi
# Message catalogs need no compile step: tutor/i18n.py reads the .po files at run time.
