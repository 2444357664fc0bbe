"""The teacher's studio: the decisions and values behind the Studio page."""
