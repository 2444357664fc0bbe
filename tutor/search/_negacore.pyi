"""Types of the compiled search (``_negacore.c``)."""

from collections.abc import Callable, Sequence

class Core:
    nodes: int
    stop: int
    def __init__(
        self,
        stock: Sequence[int],
        escalating: bool,
        cap: int,
        facts: Callable[[int, int], tuple[int, ...]],
        declare: Callable[..., int],
        end_of_cards: Callable[..., int],
        checkpoint: Callable[[], None],
    ) -> None: ...
    def lead(self, trump: int, married: int, *pos_alpha_beta: int) -> int: ...
    def follow(self, trump: int, married: int, *pos_alpha_beta: int) -> int: ...
    def best_move(self, trump: int, married: int, *pos: int) -> int: ...
    def clear(self) -> None: ...
    def entries(self) -> int: ...
