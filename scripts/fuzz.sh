#!/usr/bin/env bash
# The fuzz suite on demand: N cases of each kind (lessons, puzzles, positions, rule specs,
# engine lines) and a stream of at least 3,000 lines to `tutor engine`, with a new seed that
# is printed (give it as the second argument to run the same cases again). The rest goes to
# pytest. Failures are written to artifacts/fuzz/ with a command to replay each.
#   bash scripts/fuzz.sh 3000            # 3,000 cases of each kind, a new seed
#   bash scripts/fuzz.sh 3000 12345      # the same cases as the run with seed 12345
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || bash scripts/setup.sh
export TUTOR_FUZZ_CASES="${1:-3000}"
export TUTOR_FUZZ_SEED="${2:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"
shift $(( $# > 2 ? 2 : $# ))
echo "fuzz: $TUTOR_FUZZ_CASES cases of each kind, seed $TUTOR_FUZZ_SEED"
echo "      (again: bash scripts/fuzz.sh $TUTOR_FUZZ_CASES $TUTOR_FUZZ_SEED)"
rm -rf "${TUTOR_FUZZ_OUT:-artifacts/fuzz}"
exec .venv/bin/python -m pytest -p no:cacheprovider -q tests/fuzz "$@"
