"""The teacher's studio: the decisions and values of its parts."""
