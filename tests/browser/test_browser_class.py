"""A class in real browsers: a teacher and three students, with the rooms in the app process
(one server) or in Redis (two app processes, the students spread over both, as behind a load
balancer with sticky sessions). The teacher shares a lesson and asks; each student answers on
their own page; the teacher sees the answers arrive and shows the answer; every student reads
whether theirs was right; the teacher reloads and keeps the room; the teacher's next step
reaches every student."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.app.test_rooms import redis_url  # noqa: F401  (a fixture: a real redis-server)
from tests.browser.test_browser import ARTIFACTS, CHROMIUM, ROOT, _page, _serve, _settle

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"Chromium is not installed ({CHROMIUM})"
    ),
]

LESSON = "01-cards-and-points"
#: Seconds a student's page may take to show what the teacher did (it looks every 0.5 s).
ARRIVE_MS = 10_000


@contextlib.contextmanager
def _servers(kind: str, url: str | None) -> Iterator[list[str]]:
    env = {"TUTOR_LESSONS_DIR": str(ROOT / "lessons")}
    if kind == "process":
        with _serve(**env) as one:
            yield [one]
        return
    assert url is not None
    env["TUTOR_REDIS_URL"] = url
    with _serve(**env) as one, _serve(**env) as two:
        yield [one, two]


def _live(page: Page, step: int) -> None:
    page.wait_for_selector(f"[data-t66-live='{LESSON}:{step}']", timeout=ARRIVE_MS)


def _tally_says(page: Page, words: str) -> None:
    page.wait_for_function(
        "w => [...document.querySelectorAll('.t66-tally-head')].some(e => e.textContent === w)",
        arg=words,
        timeout=ARRIVE_MS,
    )


@pytest.mark.parametrize("kind", ["process", "redis"])
def test_a_class_answers_and_the_teacher_sees_it(
    kind: str, browser: Browser, request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue("redis_url") if kind == "redis" else None
    if url is not None:
        import redis

        redis.Redis.from_url(url).flushdb()
    with _servers(kind, url) as servers:
        teacher = _page(browser, 1280, 720)
        teacher.goto(f"{servers[0]}/?lesson={LESSON}&step=3&lang=en&projector=1")
        teacher.wait_for_selector('.t66-counter[data-step="3"]', timeout=60_000)
        _settle(teacher)
        teacher.locator(".st-key-w_share label").first.click()
        teacher.wait_for_selector(".t66-roomcode", timeout=20_000)
        code = teacher.locator(".t66-roomcode").inner_text().strip().replace("-", "")

        # the students follow before the question: only they may answer it
        students = []
        for i in range(3):
            page = _page(browser, 390, 844)
            page.goto(f"{servers[i % len(servers)]}/follow?room={code}&lang=en")
            page.wait_for_selector(".t66-board", timeout=60_000)
            _settle(page)
            students.append(page)
        teacher.locator(".st-key-ask_class button").first.click()
        teacher.wait_for_selector(".t66-tally", timeout=20_000)
        for page in students:
            page.wait_for_selector(".st-key-class_answer_1 button", timeout=60_000)
            _settle(page)
        # two say the ten (right), one the king
        for page, k in zip(students, (1, 1, 0), strict=True):
            page.locator(f".st-key-class_answer_{k} button").first.click()
            page.wait_for_selector("text=Your answer:", timeout=ARRIVE_MS)
        _tally_says(teacher, "3 students answered")
        tally = teacher.locator(".t66-tally").first.inner_text()
        assert re.search(r"The ten\s+2 \(67%\)", tally) and re.search(
            r"The king\s+1 \(33%\)", tally
        )

        teacher.locator(".st-key-reveal_class button").first.click()
        teacher.wait_for_selector(".t66-tally-right", timeout=ARRIVE_MS)
        for page, right in zip(students, (True, True, False), strict=True):
            words = "is right." if right else "is not the one."
            page.wait_for_selector(f"text={words}", timeout=ARRIVE_MS)
        ARTIFACTS.mkdir(exist_ok=True)
        teacher.screenshot(path=str(ARTIFACTS / f"class-teacher-{kind}-1280.png"))
        students[2].screenshot(path=str(ARTIFACTS / f"class-student-{kind}-390.png"))

        # The teacher reloads: the same room, the question and its answers still there.
        teacher.reload()
        teacher.wait_for_selector(".t66-roomcode", timeout=60_000)
        assert teacher.locator(".t66-roomcode").inner_text().strip().replace("-", "") == code
        _tally_says(teacher, "3 students answered")

        # The teacher goes on: every student's page follows.
        _settle(teacher)
        teacher.locator(".st-key-next button").first.click()
        for page in students:
            _live(page, 4)
        for page in students:
            page.close()
        teacher.close()
