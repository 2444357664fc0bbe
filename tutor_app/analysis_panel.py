"""The analysis board under a position (a placeholder that shows nothing yet)."""

from __future__ import annotations


def analysis_board(deal: object, key: str) -> None:
    """Show the analysis board of ``deal`` (nothing yet)."""
    del deal, key
