"""Types of the table solver's compiled search (``_tablecore.c``)."""

class Table:
    nodes: int
    def __init__(self, facts: tuple[int, ...], grading: tuple[int, ...]) -> None: ...
    def value(
        self,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        scores: tuple[int, ...],
        pending: tuple[int, ...],
        won: int,
        married: int,
    ) -> int: ...
    def declared(self, scores: tuple[int, ...], won: int, side: int) -> int: ...
    def played_out(self, scores: tuple[int, ...], won: int, last: int) -> int: ...
    def entries(self) -> int: ...
