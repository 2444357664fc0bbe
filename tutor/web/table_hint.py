"""The former name of ``tutor.web.hint_html.hint_html``, for the pages that still import it."""

from tutor.web.hint_html import hint_html as table_hint_html

__all__ = ["table_hint_html"]
