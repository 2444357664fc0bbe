"""The teacher's studio: set up any deal (``setup``, read from position text by ``reading``,
carried in an address by ``link``), analyse it (``board``), record a lesson by playing it
(``recorder``)."""
