#!/usr/bin/env bash
# Sets up what is needed, then runs every check: lint, types, lessons, translations, tests.
# --fast (first argument) leaves out the tests marked slow or browser; the rest goes to pytest.
# Without further arguments the tests run on two processes (pytest-xdist; one that is done takes
# over tests still waiting for the other, as a long test can hold one back), the browser tests
# last, also on two processes, each test file whole on one of them (each process starts one app
# and one Chromium that its files share); with arguments, pytest gets exactly those.
set -euo pipefail
cd "$(dirname "$0")/.."
fast=()
if [ "${1:-}" = "--fast" ]; then
  shift
  fast=(-m "not slow and not browser")
fi
bash scripts/setup.sh
# The browser test drives Debian's Chromium; install it when it is missing and we may (the
# --fast run leaves the browser tests out, so it does without).
if [ ${#fast[@]} = 0 ] && ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] &&
  command -v apt-get >/dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) \
    >/dev/null 2>&1 || echo "note: could not install chromium; the browser test will be skipped"
fi
# The rooms' tests start Debian's redis-server; install it when it is missing and we may.
if ! command -v redis-server >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server) \
    >/dev/null 2>&1 || echo "note: could not install redis-server; the Redis tests will be skipped"
fi
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy
.venv/bin/lint-imports --no-logo
# The generated puzzles take minutes to prove: the command proves every lesson and hand-written
# puzzle and a sample of the generated ones (a new one each day); the full run's slow tests
# prove every generated puzzle, on both processes.
.venv/bin/python -m tutor validate lessons puzzles --sample 100 --seed "$(date +%Y%m%d)"
if [ $# -gt 0 ]; then
  .venv/bin/python -m pytest "${fast[@]}" "$@"
elif [ ${#fast[@]} -gt 0 ]; then
  .venv/bin/python -m pytest -n 2 --dist worksteal "${fast[@]}"
else
  .venv/bin/python -m pytest -n 2 --dist worksteal -m "not browser"
  .venv/bin/python -m pytest -n 2 --dist loadfile -m browser
fi
