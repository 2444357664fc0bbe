"""The app in a real browser: headless Chromium drives ``streamlit run``.

Opens a lesson, presses Next and the presenter keys (PageDown, arrows), checks the step on the
screen and in the address, and saves screenshots of the lesson player (normal and projector
mode, in several languages, 1920x1080) to ``artifacts/``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import Error as PlaywrightError

from tutor.teach.lessons import Lesson, load_lessons, replay

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LESSONS, _ = load_lessons(ROOT / "lessons")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"Chromium is not installed ({CHROMIUM} not found)"
    ),
    pytest.mark.skipif(not LESSONS, reason="no lessons in lessons/"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _serve(**env: str) -> Iterator[str]:
    """``streamlit run`` on a free localhost port with these environment variables; yields
    the base address."""
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(ROOT / "streamlit_app.py"),
            "--server.headless=true",
            f"--server.port={port}",
            "--server.address=127.0.0.1",
            "--browser.gatherUsageStats=false",
            "--server.fileWatcherType=none",
        ],
        cwd=ROOT,
        env=dict(os.environ, **env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                err = proc.stderr.read().decode() if proc.stderr else ""
                pytest.fail(f"streamlit did not start: {err[-2000:]}")
            time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def _trick_on_the_table() -> tuple[Lesson, int]:
    """The first lesson step that shows a completed trick (a busy table for a screenshot)."""
    for lesson in LESSONS:
        for frame in replay(lesson):
            if len(frame.table) == 2 and frame.index >= 3:
                return lesson, frame.index
    return LESSONS[0], 0


def _page(browser: Browser, width: int = 1920, height: int = 1080) -> Page:
    return browser.new_page(viewport={"width": width, "height": height})


def _wait_step(page: Page, step: int) -> None:
    # The server's first page is its slowest (it starts the app and reads the lessons and
    # puzzles); on a busy machine it has taken over 20 seconds.
    page.wait_for_selector(f'.t66-counter[data-step="{step}"]', timeout=60_000)


def _settle(page: Page) -> None:
    """Wait until Streamlit has finished the run (no stale elements left)."""
    page.wait_for_function(
        "() => !document.querySelector('[data-stale=\"true\"]') && "
        "!document.querySelector('[data-testid=\"stStatusWidget\"]')",
        timeout=30_000,
    )
    page.wait_for_timeout(300)


def _scroll_to(page: Page, target: str | Locator, tries: int = 3) -> None:
    """The element ``target`` (a locator, or a selector whose first element is meant) scrolled
    into view once Streamlit has finished its run. A run that starts meanwhile (a new viewport
    size can start one) replaces the element while it is scrolled to; then the page settles
    and it is scrolled to again (a locator finds the element anew each time)."""
    locator = page.locator(target).first if isinstance(target, str) else target
    for _ in range(tries - 1):
        _settle(page)
        try:
            locator.scroll_into_view_if_needed(timeout=10_000)
            return
        except PlaywrightError as e:
            if "not attached to the DOM" not in str(e):
                raise
    _settle(page)
    locator.scroll_into_view_if_needed()


def test_next_button_and_presenter_keys(server: str, browser: Browser) -> None:
    lesson = LESSONS[0]
    page = _page(browser)
    # On the projector a teacher goes on without answering the lesson's questions.
    page.goto(f"{server}/?lesson={lesson.id}&step=0&lang=en&projector=1")
    _wait_step(page, 0)
    page.locator(".st-key-next button").click()
    _wait_step(page, 1)
    page.evaluate("document.activeElement && document.activeElement.blur()")  # focus nowhere
    page.keyboard.press("PageDown")
    _wait_step(page, 2)
    page.keyboard.press("ArrowRight")
    _wait_step(page, 3)
    page.keyboard.press("PageUp")
    _wait_step(page, 2)
    _settle(page)
    # The address follows the step once the page has drawn it.
    page.wait_for_url("**step=2**", timeout=20_000)
    assert "step=2" in page.url
    assert f"lesson={lesson.id}" in page.url
    # A clicker's presses 50 ms apart, faster than the page runs: none is lost.
    for _ in range(6):
        page.keyboard.press("PageDown")
        page.wait_for_timeout(50)
    _wait_step(page, 8)
    _settle(page)
    page.wait_for_url("**step=8**", timeout=20_000)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "browser-keys.png"))
    page.close()


@pytest.mark.parametrize("projector", [False, True], ids=["normal", "projector"])
@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_screenshots(server: str, browser: Browser, lang: str, projector: bool) -> None:
    lesson, step = _trick_on_the_table()
    page = _page(browser)
    proj = "&projector=1" if projector else ""
    page.goto(f"{server}/?lesson={lesson.id}&step={step}&lang={lang}{proj}")
    _wait_step(page, step)
    _settle(page)
    board = page.locator(".t66-board")
    assert board.count() == 1
    imgs = page.locator(".t66-board img")
    assert imgs.count() > 10
    for i in range(imgs.count()):
        assert imgs.nth(i).get_attribute("alt")
        assert imgs.nth(i).evaluate("e => e.naturalWidth > 0")
    sidebar = page.locator('section[data-testid="stSidebar"]')
    assert (sidebar.count() == 0 or not sidebar.is_visible()) == projector
    ARTIFACTS.mkdir(exist_ok=True)
    mode = "projector" if projector else "normal"
    page.screenshot(path=str(ARTIFACTS / f"lesson-{mode}-{lang}.png"))
    page.close()


def test_a_student_follows_the_teacher(server: str, browser: Browser) -> None:
    lesson = LESSONS[0]
    teacher = _page(browser)
    teacher.goto(f"{server}/?lesson={lesson.id}&step=1&lang=en")
    _wait_step(teacher, 1)
    teacher.locator(".st-key-w_share label").click()
    room = teacher.locator(".t66-roomcode")
    room.wait_for(timeout=20_000)
    code = room.inner_text().strip()
    student = _page(browser, 1600, 1000)
    student.goto(f"{server}/follow?room={code}&lang=pl")
    _wait_step(student, 1)
    # the switch just clicked keeps the focus: the presenter keys still work
    teacher.bring_to_front()
    teacher.keyboard.press("PageDown")
    _wait_step(teacher, 2)
    _wait_step(student, 2)  # the student's page looks at the room every half second
    ARTIFACTS.mkdir(exist_ok=True)
    student.screenshot(path=str(ARTIFACTS / "follow-student-pl.png"))
    student.close()
    teacher.close()


def test_the_first_visit_follows_the_browser_language(server: str, browser: Browser) -> None:
    context = browser.new_context(locale="pl-PL", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{server}/")
    # the language comes from the browser on the first run; the address then records it
    page.wait_for_url("**lang=pl*", timeout=20_000)
    _settle(page)
    assert page.get_by_text("Zasady", exact=True).first.is_visible()
    context.close()


# ----------------------------------------------------------------------------- hostile input

# (address, text the page's notice must show as written, or None)
HOSTILE_ADDRESSES = [
    ("/?lesson=%5BLog%20in%20again%5D(https%3A%2F%2Fevil.example%2Flogin)&lang=en", "evil.example"),
    ("/?lesson=!%5Bx%5D(https://evil.example/x.png)&lang=de", "evil.example/x.png"),
    (
        "/?lesson=%3Cimg%20src%3Dhttps%3A%2F%2Fevil.example%2Fy.png%20onerror%3Dalert(1)%3E"
        "&lang=pl",
        "<img src=https://evil.example/y.png",
    ),
    (
        "/?lesson=https://evil.example/bare&step=%E0%A4%A&lang=en&style=[s](https://evil.example)",
        "https://evil.example/bare",
    ),
    ("/?lesson=<script>alert(1)</script>&projector=javascript:alert(1)&lang=en", "<script>"),
    ("/?lesson=phish@evil.example&lang=en&lang=www.evil.example", "phish@evil.example"),
    ("/?lesson=" + "%5Bx%5D(https://evil.example)" * 300 + "&lang=en", "evil.example"),
    ("/follow?room=%5Bx%5D(https%3A%2F%2Fevil.example)&lang=en", None),
    ("/puzzles?pack=![x](https://evil.example/p.png)&show=%3Cb%3Ex%3C%2Fb%3E&lang=en", None),
]


def _guarded(browser: Browser, width: int = 1280, height: int = 900) -> tuple[Page, list[str]]:
    """A page whose requests to any other host than this one are recorded and refused, and
    whose dialogs (``alert``) are recorded."""
    context = browser.new_context(viewport={"width": width, "height": height})
    outside: list[str] = []

    def route(r: Any) -> None:
        host = urllib.parse.urlparse(r.request.url).hostname
        if host in ("127.0.0.1", "localhost"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("dialog", lambda d: (outside.append(f"dialog: {d.message}"), d.dismiss()))
    return page, outside


def _to_evil(url: str) -> bool:
    """A link or image that leads to the hostile host or runs script (a link back to the page
    itself, such as Streamlit's "skip to content", carries the page's hostile address in its
    query and is not one)."""
    return url.startswith("javascript:") or "evil" in (urllib.parse.urlparse(url).hostname or "")


def _no_outside_links(page: Page) -> None:
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    assert not [h for h in hrefs if _to_evil(h)], hrefs
    srcs = page.eval_on_selector_all("img[src]", "els => els.map(e => e.src)")
    assert not [s for s in srcs if _to_evil(s)], srcs
    assert page.locator("b:text-is('x')").count() == 0


@pytest.mark.parametrize(("address", "shown"), HOSTILE_ADDRESSES)
def test_hostile_addresses_show_only_text(
    server: str, browser: Browser, address: str, shown: str | None
) -> None:
    page, outside = _guarded(browser)
    page.goto(server + address)
    page.wait_for_selector("h1", timeout=20_000)
    _settle(page)
    page.wait_for_timeout(500)  # time for an image to be asked for, or a script to run
    _no_outside_links(page)
    assert not outside, outside
    if shown is not None:
        notices = page.locator('[data-testid="stAlert"]').all_inner_texts()
        assert shown in "\n".join(notices).replace("\u2060", ""), notices
    assert "evil" not in urllib.parse.unquote(page.url)  # the address says what is shown
    page.context.close()


@pytest.fixture(scope="module")
def broken_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on a puzzles folder with good files, a file with hostile texts and broken
    files."""
    folder = tmp_path_factory.mktemp("puzzles")
    for name in ("counting.yaml", "save-ten.yaml"):
        shutil.copy(ROOT / "puzzles" / name, folder / name)
    (folder / "bad-level.yaml").write_text("puzzles:\n  - id: x\n    level: 9\n", "utf-8")
    (folder / "bad-syntax.yaml").write_text("puzzles: [\n", "utf-8")
    with _serve(TUTOR_LESSONS_DIR=str(ROOT / "lessons"), TUTOR_PUZZLES_DIR=str(folder)) as base:
        yield base


def test_broken_puzzle_files_among_good_ones(broken_server: str, browser: Browser) -> None:
    page, outside = _guarded(browser, 1920, 1080)
    page.goto(f"{broken_server}/puzzles?lang=de")
    page.wait_for_selector(".st-key-pz_open_one-point-short", timeout=20_000)
    _settle(page)
    panels = page.locator('[data-testid="stAlert"]')
    texts = [panels.nth(i).inner_text() for i in range(panels.count())]
    assert len(texts) == 2, texts
    assert any("bad-level.yaml:3" in t for t in texts), texts
    assert any("bad-syntax.yaml:" in t for t in texts)
    assert not [t for t in texts if "/tmp" in t or str(ROOT) in t]
    assert page.locator('[class*="st-key-pz_open_"]').count() >= 4
    assert not outside
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "puzzles-broken-file-de.png"), full_page=True)
    page.context.close()


def test_a_wrong_room_code_reads_as_waiting(server: str, browser: Browser) -> None:
    page, outside = _guarded(browser)
    page.goto(f"{server}/follow?room=zzz-zzz&lang=en")
    # the page looks at the room every two seconds: wait for the answer, not for a moment
    alert = page.locator('[data-testid="stAlert"]', has_text="ZZZ-ZZZ").first
    alert.wait_for(timeout=20_000)
    assert "waiting" in alert.inner_text()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=\"stTextInputRootElement\"] input')"
        "?.value === 'ZZZ-ZZZ'",
        timeout=20_000,
    )
    assert not outside
    page.context.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_the_projector_fits_a_low_screen(
    server: str, browser: Browser, size: tuple[int, int]
) -> None:
    """On the projector both hands, the table and the step's buttons fit on one screen."""
    width, height = size
    page = _page(browser, width, height)
    page.goto(f"{server}/?lesson=example-1&step=4&lang=de&projector=1")
    _wait_step(page, 4)
    _settle(page)
    bottoms = page.evaluate(
        """() => ['.t66-seat-top', '.t66-seat-bottom', '.st-key-next button',
                  '.st-key-back button'].map(s => {
            const e = document.querySelector(s);
            return e ? e.getBoundingClientRect().bottom : null; })"""
    )
    assert all(b is not None and b <= height for b in bottoms), bottoms
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"projector-{width}x{height}.png"))
    page.close()
