"""Write the table of "your move" rankings (``tutor/teach/lessons/ranked.json``) for the lessons
of a folder (``lessons`` by default). Run it after changing a lesson's "your move" positions or
the solver; ``tests/teach/test_ranked.py`` says when the table is out of step."""

from __future__ import annotations

import sys
from pathlib import Path

from tutor.teach.lessons.library import check_lesson_data, lesson_files
from tutor.teach.lessons.ranked import TABLE, asked, table_text


def main(folder: Path) -> None:
    with asked() as found:
        for path in lesson_files(folder):
            check_lesson_data(str(path), path.read_bytes())
    TABLE.write_text(table_text(found), "utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "lessons"))
