"""A server restart in a real browser: the pages say, in their own language, that the
connection is lost, never with Streamlit's English "Connection error" dialog, and work again
when the server is back on the same port.

The app is started here (not with the shared ``server`` fixture) so that it can be stopped and
started again on the same port while the pages stay open. Screenshots of the notice at
1920x1080, 1280x720 (projector mode) and 390x844 go to ``artifacts/``. When Streamlit has
given up trying, the notice offers a button that reloads the page.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tests.app.test_rooms import redis_url  # noqa: F401  (a fixture: a real redis-server)
from tests.browser.test_browser import ARTIFACTS, CHROMIUM, ROOT, free_port
from tutor.words.i18n import get_translator
from tutor_app.connection import BANNER_ID, GIVEN_UP, LOST, RELOAD
from tutor_app.rooms import format_room

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"Chromium is not installed ({CHROMIUM} not found)"
    ),
]

ROOM = "K7QF2M"
OTHER_ROOM = "H4TW9P"
#: How long a page may take to load on a busy machine (the first one, on a cold server, too).
LOAD_MS = 120_000
#: What Streamlit's own connection dialog says (in English only).
STREAMLIT_WORDS = (
    "Connection error",
    "Is Streamlit still running",
    "Streamlit server is not responding",
    "streamlit run",
)
#: Records, in every page, whether Streamlit put a dialog in the page and whether one was ever
#: on the screen.
DIALOG_SPY = """
window.__t66DialogSeen = false;
window.__t66DialogMounted = false;
new MutationObserver(() => {
  document.querySelectorAll('[data-testid="stDialog"]').forEach((d) => {
    window.__t66DialogMounted = true;
    const r = d.getBoundingClientRect();
    if (getComputedStyle(d).display !== "none" && r.width > 0 && r.height > 0) {
      window.__t66DialogSeen = true;
    }
  });
}).observe(document, { childList: true, subtree: true });
"""


#: What a page knows of its connection, for a failure's message.
STATE = """() => [
  document.querySelector('[data-testid="stApp"]').getAttribute('data-test-connection-state'),
  document.documentElement.className,
  (document.getElementById('t66-connection') || {}).outerHTML,
]"""


class App:
    """``streamlit run`` on one port that can be stopped and started again."""

    def __init__(self, **env: str) -> None:
        self.env = env
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                str(ROOT / "streamlit_app.py"),
                "--server.headless=true",
                f"--server.port={self.port}",
                "--server.address=127.0.0.1",
                "--browser.gatherUsageStats=false",
                "--server.fileWatcherType=none",
            ],
            cwd=ROOT,
            env=dict(os.environ, TUTOR_LESSONS_DIR=str(ROOT / "lessons"), **self.env),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + LOAD_MS / 1000
        while True:
            try:
                with urllib.request.urlopen(f"{self.base}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                self.stop()
                pytest.fail(f"streamlit did not start on port {self.port}: {err[-2000:]}")
            time.sleep(0.3)

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        if proc.stderr:
            proc.stderr.close()


@pytest.fixture
def app() -> Iterator[App]:
    served = App()
    served.start()
    try:
        yield served
    finally:
        served.stop()


def _open(browser: Browser, url: str, width: int, height: int) -> Page:
    page = browser.new_page(viewport={"width": width, "height": height})
    page.add_init_script(DIALOG_SPY)
    page.goto(url)
    return page


def _settled(page: Page) -> None:
    page.wait_for_function(
        "() => !document.querySelector('[data-stale=\"true\"]') && "
        "!document.querySelector('[data-testid=\"stStatusWidget\"]')",
        timeout=LOAD_MS,
    )


def _room_field_shows(page: Page, code: str) -> None:
    expect(page.locator(".st-key-w_follow_room input")).to_have_value(
        format_room(code), timeout=LOAD_MS
    )


def test_a_restart_shows_the_translated_notice_and_the_page_comes_back(
    app: App, browser: Browser
) -> None:
    pl = get_translator("pl")._(LOST)
    de = get_translator("de")._(LOST)
    follow = f"{app.base}/follow?room={ROOM}&lang=pl"
    addresses = {
        "1920x1080": (follow, 1920, 1080, pl),
        "1280x720-projector": (f"{follow}&projector=1", 1280, 720, pl),
        "390x844": (follow, 390, 844, pl),
        "learn-de": (f"{app.base}/?lang=de", 1280, 720, de),
    }
    pages: dict[str, tuple[Page, str]] = {}
    for name, (url, width, height, notice) in addresses.items():
        # One page after the other: a busy machine serves them in time.
        page = _open(browser, url, width, height)
        pages[name] = (page, notice)
        page.wait_for_selector("h1", timeout=LOAD_MS)  # the page's content is there
        if name != "learn-de":
            _room_field_shows(page, ROOM)
        _settled(page)
        page.wait_for_function("window.__t66Conn && window.__t66Conn.installed", timeout=LOAD_MS)
        assert page.locator(f"#{BANNER_ID} .t66-conn-box").count() == 0

    app.stop()
    ARTIFACTS.mkdir(exist_ok=True)
    for name, (page, notice) in pages.items():
        banner = page.locator(f"#{BANNER_ID}")
        try:
            page.wait_for_selector(f"#{BANNER_ID} .t66-conn-box", state="visible", timeout=30_000)
        except PlaywrightError:
            pytest.fail(f"no notice on {name}: {page.evaluate(STATE)}")
        assert banner.inner_text().strip() == notice, name
        assert banner.get_attribute("role") == "status"
        box = page.locator(f"#{BANNER_ID} .t66-conn-box").bounding_box()
        assert box is not None and box["y"] <= 1 and box["height"] > 30, (name, box)
    for name, (page, notice) in pages.items():
        # Streamlit asked for its dialog (after a few failed tries): it was closed unseen.
        page.wait_for_function("window.__t66DialogMounted", timeout=60_000)
        page.wait_for_function(
            "!document.querySelector('[data-testid=\"stDialog\"]')", timeout=10_000
        )
        text = page.locator("body").inner_text()
        for words in STREAMLIT_WORDS:
            assert words not in text, (name, words)
        assert notice in text, name
        assert page.evaluate("window.__t66DialogSeen") is False, name
        # Nothing left inert or hidden from screen readers behind the closed dialog.
        assert page.evaluate("document.getElementById('root').inert") is False, name
        hidden = f"document.getElementById('{BANNER_ID}').closest('[aria-hidden=true]')"
        assert page.evaluate(hidden) is None, name
        page.screenshot(path=str(ARTIFACTS / f"restart-notice-{name}.png"))

    app.start()  # the same port
    for name, (page, _) in pages.items():
        page.wait_for_selector(f"#{BANNER_ID} .t66-conn-box", state="detached", timeout=LOAD_MS)
        page.wait_for_selector("h1", timeout=LOAD_MS)
        _settled(page)
        if name != "learn-de":
            _room_field_shows(page, ROOM)
        assert page.evaluate("window.__t66DialogSeen") is False, name
        page.screenshot(path=str(ARTIFACTS / f"restart-back-{name}.png"))

    # The page works again: a new code typed in the field reaches the (new) server.
    page = pages["1920x1080"][0]
    field = page.locator(".st-key-w_follow_room input")
    field.fill(format_room(OTHER_ROOM))
    field.press("Enter")
    page.wait_for_url(f"**room={OTHER_ROOM}**", timeout=LOAD_MS)
    _room_field_shows(page, OTHER_ROOM)
    for page, _ in pages.values():
        page.close()


def test_with_rooms_in_redis_a_student_follows_again_after_the_restart(
    browser: Browser, request: pytest.FixtureRequest
) -> None:
    """The rooms live in Redis: the app process restarts under a student's page, the page says
    so, and once the process is back the student sees the teacher's step and the next one."""
    from tutor_app.rooms_redis import RedisRooms

    url = request.getfixturevalue("redis_url")
    store = RedisRooms(url)
    opened = store.open()
    lesson = "01-cards-and-points"
    assert store.publish(opened.code, opened.token, lesson, 2, (False, False)) is not None
    served = App(TUTOR_REDIS_URL=url)
    served.start()
    try:
        page = _open(browser, f"{served.base}/follow?room={opened.code}&lang=de", 1280, 720)
        page.wait_for_selector(f"[data-t66-live='{lesson}:2']", timeout=LOAD_MS)
        _settled(page)
        page.wait_for_function("window.__t66Conn && window.__t66Conn.installed", timeout=LOAD_MS)
        served.stop()
        page.wait_for_selector(f"#{BANNER_ID} .t66-conn-box", state="visible", timeout=30_000)
        notice = get_translator("de")._(LOST)
        assert page.locator(f"#{BANNER_ID}").inner_text().strip() == notice
        served.start()  # the same port; the room is still in Redis
        page.wait_for_selector(f"#{BANNER_ID} .t66-conn-box", state="detached", timeout=LOAD_MS)
        page.wait_for_selector(f"[data-t66-live='{lesson}:2']", timeout=LOAD_MS)
        assert store.heartbeat(opened.code, opened.token)
        assert store.publish(opened.code, opened.token, lesson, 3, (False, False)) is not None
        page.wait_for_selector(f"[data-t66-live='{lesson}:3']", timeout=20_000)
        assert page.evaluate("window.__t66DialogSeen") is False
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "restart-redis-back-1280x720.png"))
        page.close()
    finally:
        served.stop()


def test_when_streamlit_gives_up_the_notice_offers_a_reload(server: str, browser: Browser) -> None:
    """Streamlit stops trying after a fatal error (``DISCONNECTED_FOREVER``): the notice then
    says to reload, with a button that does. (The state is set by hand here: a real fatal
    error cannot be brought about from outside.)"""
    pl = get_translator("pl")
    page = _open(browser, f"{server}/follow?room={ROOM}&lang=pl", 1280, 720)
    page.wait_for_selector("h1", timeout=LOAD_MS)
    _settled(page)
    page.wait_for_function("window.__t66Conn && window.__t66Conn.installed", timeout=LOAD_MS)
    page.evaluate(
        "document.querySelector('[data-testid=\"stApp\"]')"
        ".setAttribute('data-test-connection-state', 'DISCONNECTED_FOREVER')"
    )
    box = page.locator(f"#{BANNER_ID} .t66-conn-box")
    box.wait_for(state="visible", timeout=10_000)
    assert box.locator("p").inner_text() == pl._(GIVEN_UP)
    button = box.get_by_role("button", name=pl._(RELOAD))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "restart-given-up-1280x720.png"))
    with page.expect_navigation(timeout=LOAD_MS):
        button.click()
    _room_field_shows(page, ROOM)
    assert page.locator(f"#{BANNER_ID} .t66-conn-box").count() == 0
    page.close()
