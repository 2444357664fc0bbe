"""Check that the catalogs hold the same messages as at a git revision, whatever their comments.

After code only moved between files, ``scripts/i18n.sh update`` should change nothing in the
catalogs but the ``#:`` file references. This compares, for locales/tutor.pot and every
locales/<lang>/LC_MESSAGES/tutor.po, the set of (msgctxt, msgid, msgstr) in the working tree
with the same file at REV (default HEAD), and exits 1 on any difference.

    .venv/bin/python scripts/same_messages.py            # against HEAD
    .venv/bin/python scripts/same_messages.py main
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent

Entry = tuple[str | None, str | tuple[str, ...], str | tuple[str, ...] | None]


def messages(text: bytes) -> set[Entry]:
    """Every message of a catalog as (context, id, translation); plural forms as tuples."""
    catalog = read_po(io.BytesIO(text))
    out: set[Entry] = set()
    for m in catalog:
        if not m.id:  # the header
            continue
        mid = tuple(m.id) if isinstance(m.id, list | tuple) else m.id
        mstr = tuple(m.string) if isinstance(m.string, list | tuple) else m.string
        out.add((m.context, mid, mstr))
    return out


def at_revision(rev: str, path: Path) -> bytes:
    rel = path.relative_to(ROOT).as_posix()
    return subprocess.run(
        ["git", "show", f"{rev}:{rel}"], cwd=ROOT, capture_output=True, check=True
    ).stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default="HEAD", help="git revision to compare with")
    args = parser.parse_args(argv)
    paths = [ROOT / "locales" / "tutor.pot", *sorted(ROOT.glob("locales/*/LC_MESSAGES/*.po"))]
    differ = False
    for path in paths:
        before = messages(at_revision(args.rev, path))
        after = messages(path.read_bytes())
        name = path.relative_to(ROOT)
        if before == after:
            print(f"{name}: the same {len(after)} messages")
            continue
        differ = True
        print(f"{name}: {len(before - after)} gone, {len(after - before)} new")
        for entry in sorted(map(repr, before - after))[:10]:
            print(f"  - {entry}")
        for entry in sorted(map(repr, after - before))[:10]:
            print(f"  + {entry}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
