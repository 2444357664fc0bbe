"""The teacher's studio: set up any deal, analyse it, record lessons, print handouts."""
