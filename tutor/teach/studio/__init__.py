"""The teacher's studio: set up any deal (``setup``), analyse it (``board``), record a lesson
by playing it (``recorder``)."""
