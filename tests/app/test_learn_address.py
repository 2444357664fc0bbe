"""The Learn page answers at /learn as at the root: an address such as ``/learn?lesson=...``
with any parameters runs the Learn page, and Streamlit's "Page not found" is not sent."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest

from tests.app.test_app import APP

LEARN = Path(APP).parent / "tutor_app" / "pages" / "learn.py"


def _resolve(at: AppTest, page_name: str) -> dict[str, object] | None:
    """The page a browser's address ``/<page_name>`` runs, as the server resolves it (the
    browser sends the name when it knows no page of that address); ``None``: "Page not
    found"."""
    pages = at._registered_pages
    manager = PagesManager(APP)
    manager.set_script_intent("", page_name)
    found = manager.set_pages_and_resolve(pages, fallback_page_hash="")
    return dict(found) if found is not None else None


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"lesson": "no-such-lesson", "step": "-1"},
        {"x": "<b>junk</b>", "lang": "xx", "step": "1e9"},
    ],
)
def test_learn_at_its_own_address_is_the_learn_page(params: dict[str, str]) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    found = _resolve(at, "learn")
    assert found is not None, "'/learn' is not a page"
    assert Path(str(found["script_path"])).resolve() == LEARN.resolve()
    # the page the address runs draws without a fault, whatever the parameters
    at._page_hash = str(found["page_script_hash"])
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert _resolve(at, "no-such-page") is None  # a page that does not exist is still not found
