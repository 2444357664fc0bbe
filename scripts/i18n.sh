#!/usr/bin/env bash
# The translation loop (see docs/translating.md):
#   scripts/i18n.sh extract   collect every message from the code and the lessons into locales/tutor.pot
#   scripts/i18n.sh update    extract, then merge the template into every locales/<lang>/LC_MESSAGES/tutor.po
#                             (the English catalog copies new messages from their msgids)
#   scripts/i18n.sh check     count translated messages per language and run the catalog tests
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/pybabel ] || bash scripts/setup.sh
# The same keywords as tutor/tools/babel_extract.py KEYWORDS.
KEYWORDS=(--no-default-keywords -k _ -k N_ -k NP_:1c,2 -k n_:1,2 -k p_:1c,2 -k np_:1c,2,3)

extract() {
  .venv/bin/pybabel extract -F babel.cfg -o locales/tutor.pot --add-location=file "${KEYWORDS[@]}" \
    -c TRANSLATORS: --project=tutor66 --copyright-holder="the tutor66 authors" --version=0.1.0 .
}

update() {
  extract
  .venv/bin/pybabel update -i locales/tutor.pot -d locales -D tutor --ignore-obsolete --previous
  # English is the language the messages are written in: new entries copy their msgid.
  .venv/bin/python -m tutor.tools.babel_extract fill-english locales/en/LC_MESSAGES/tutor.po
}

check() {
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  for po in locales/*/LC_MESSAGES/tutor.po; do
    lang=$(basename "$(dirname "$(dirname "$po")")")
    .venv/bin/pybabel compile --statistics -l "$lang" -i "$po" -o "$tmp/$lang.mo"
  done
  .venv/bin/python -m pytest -q tests/words/test_catalogs.py
}

case "${1:-}" in
  extract) extract ;;
  update) update ;;
  check) check ;;
  *) echo "usage: $0 extract|update|check" >&2; exit 2 ;;
esac
