"""Your own ruleset, in Python: the base classes `Ruleset` (partizan),
`ImpartialRuleset` and `LoopyRuleset`, and `RulesetPosition`, a position
of one that draws itself in Jupyter.

A subclass writes the rules (its moves); cgt's Rust engines do the rest.
Positions are any hashable values (tuples, strings, frozensets, ...).
Each ruleset object keeps a memo (made on first use): every position's
moves are asked of its methods once and remembered across calls, and the
values are cgt-core's, in the one store every `Game` lives in. The search
keeps its own stack, so a game thousands of moves deep needs no Python
recursion. An exception raised in a method reaches the caller as itself;
the memo keeps only what was asked in full, so the ruleset stays usable.
Ctrl-C stops a long search with `KeyboardInterrupt`."""

from __future__ import annotations

from typing import Any, Hashable, Iterable, List, Optional

from ._cgt import Game, ImpartialMemo, LoopyGame, LoopyMemo, PartizanMemo
from ._types import LoopyOutcomeClass, Outcome

_MEMO = "_cgt_memo"


def _memo(ruleset: Any, kind: type) -> Any:
    try:
        state = vars(ruleset)
    except TypeError:
        raise TypeError(
            f"{type(ruleset).__name__} has no __dict__ (it defines __slots__): cgt keeps "
            f"the ruleset's memo there"
        ) from None
    memo = state.get(_MEMO)
    if memo is None:
        memo = state[_MEMO] = kind()
    return memo


class _Memoised:
    """What the three base classes share: the memo kept on the object is
    left out of a copy or a pickle (the copy makes its own)."""

    def __getstate__(self) -> dict:
        state = dict(vars(self))
        state.pop(_MEMO, None)
        return state


class RulesetPosition:
    """A position of a ruleset written in Python: `ruleset.position(p)`.

    `.value` and `.outcome` are the ruleset's answers for it; in Jupyter it
    draws itself with the ruleset's `draw(position)` method, if it has one
    (returning an SVG picture as a str), and is shown by its repr otherwise.
    """

    __slots__ = ("ruleset", "position")

    def __init__(self, ruleset: Any, position: Hashable) -> None:
        self.ruleset = ruleset
        self.position = position

    @property
    def value(self) -> Any:
        """The ruleset's `value(position)`."""
        return self.ruleset.value(self.position)

    @property
    def outcome(self) -> Any:
        """The ruleset's `outcome(position)`."""
        return self.ruleset.outcome(self.position)

    def _repr_svg_(self) -> Optional[str]:
        draw = getattr(self.ruleset, "draw", None)
        return None if draw is None else draw(self.position)

    def __repr__(self) -> str:
        return f"{type(self.ruleset).__name__}().position({self.position!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RulesetPosition):
            return NotImplemented
        return self.ruleset is other.ruleset and self.position == other.position

    def __hash__(self) -> int:
        return hash((id(self.ruleset), self.position))


class Ruleset(_Memoised):
    """A partizan ruleset written in Python: subclass it and write
    `left_moves(position)` and `right_moves(position)`, each returning an
    iterable of positions (any hashable values). The game must end.

    Optionally write `components(position)`, the independent regions whose
    disjunctive sum the position is (an iterable of positions; empty, or
    the position alone, when it does not split): each region is then
    valued once, on its own. And `draw(position)`, an SVG picture as a
    str, for Jupyter (see `position`).

    >>> class Pushover(Ruleset):      # a row of stones: each takes one of theirs
    ...     def left_moves(self, p):  return [p.replace("L", "", 1)] if "L" in p else []
    ...     def right_moves(self, p): return [p.replace("R", "", 1)] if "R" in p else []
    >>> Pushover().value("LLR")
    Game('1')
    """

    def left_moves(self, position: Any) -> Iterable[Any]:
        """The positions Left moves to from `position`."""
        raise NotImplementedError(f"{type(self).__name__}.left_moves is not written")

    def right_moves(self, position: Any) -> Iterable[Any]:
        """The positions Right moves to from `position`."""
        raise NotImplementedError(f"{type(self).__name__}.right_moves is not written")

    def value(self, position: Any) -> Game:
        """The canonical form of `position`, a `Game` in the one store:
        every invariant of a `Game` (temperature, thermograph, ...), and it
        adds to other games."""
        return _memo(self, PartizanMemo).value(self, position)

    def outcome(self, position: Any) -> Outcome:
        """The outcome class of `position`, by a search of who wins that
        stops at the first winning move (without the whole value, as `cgt
        solve` does); it ignores `components`."""
        return _memo(self, PartizanMemo).outcome(self, position)

    def winning_move(self, position: Any, side: str) -> Optional[Any]:
        """A move that wins for `side` (`"left"` or `"right"`) moving first
        from `position`: the first, in the order the moves were listed, after
        which the opponent loses; `None` if `side` loses."""
        if side not in ("left", "right"):
            raise ValueError(f'side must be "left" or "right", not {side!r}')
        return _memo(self, PartizanMemo).winning_move(self, position, side == "left")

    def position(self, position: Any) -> RulesetPosition:
        """`position` of this ruleset as an object with `.value`, `.outcome`
        and, when the ruleset has a `draw` method, a picture in Jupyter."""
        return RulesetPosition(self, position)


class ImpartialRuleset(_Memoised):
    """An impartial ruleset written in Python: subclass it and write
    `moves(position)`, an iterable of positions (any hashable values). The
    game must end. Optionally `components(position)` (the independent
    regions, each valued on its own: Grundy values nim-add) and
    `draw(position)`, as for `Ruleset`.

    >>> class Nim(ImpartialRuleset):  # heaps as a sorted tuple
    ...     def moves(self, heaps):
    ...         return [tuple(sorted(heaps[:i] + (k,) + heaps[i + 1:]))
    ...                 for i, h in enumerate(heaps) for k in range(h)]
    >>> Nim().grundy((3, 5)), Nim().value((1, 2))
    (6, Game('*3'))
    """

    def moves(self, position: Any) -> Iterable[Any]:
        """The positions the player to move moves to from `position`."""
        raise NotImplementedError(f"{type(self).__name__}.moves is not written")

    def grundy(self, position: Any) -> int:
        """The Grundy value of `position` (the mex of its moves' values,
        the nim-sum of its regions' where `components` splits it)."""
        return _memo(self, ImpartialMemo).grundy(self, position)

    def value(self, position: Any) -> Game:
        """The value of `position`: the nimber `*grundy(position)`, a
        `Game` in the one store."""
        return _memo(self, ImpartialMemo).value(self, position)

    def outcome(self, position: Any) -> Outcome:
        """`Outcome.N` if the player to move wins `position`, else
        `Outcome.P`."""
        return Outcome.P if self.grundy(position) == 0 else Outcome.N

    def winning_moves(self, position: Any) -> List[Any]:
        """The moves from `position` to a position of Grundy value 0, in
        the order they were listed."""
        return _memo(self, ImpartialMemo).winning_moves(self, position)

    def misere_outcome(self, position: Any) -> Outcome:
        """Who wins `position` under misère play (who moves last loses):
        `Outcome.N` or `Outcome.P`, by a search of the whole game."""
        return _memo(self, ImpartialMemo).misere_outcome(self, position)

    def position(self, position: Any) -> RulesetPosition:
        """`position` of this ruleset as an object with `.value`, `.outcome`
        and, when the ruleset has a `draw` method, a picture in Jupyter."""
        return RulesetPosition(self, position)


class LoopyRuleset(_Memoised):
    """A loopy partizan ruleset written in Python, whose moves may return
    to a position: subclass it and write `left_moves(position)` and
    `right_moves(position)`. A position's game graph is explored from it,
    at most `max_positions` positions (an `OverflowError` past that), and
    valued as `LoopyGame.from_graph` values a graph.

    >>> class Chase(LoopyRuleset):   # Left may pass forever: the game is on
    ...     def left_moves(self, p):  return [p]
    ...     def right_moves(self, p): return []
    >>> Chase().value(0), Chase().outcome(0)
    (LoopyGame('on'), LoopyOutcomeClass.L)
    """

    #: The most positions a position's game graph may have.
    max_positions: int = 100_000

    def left_moves(self, position: Any) -> Iterable[Any]:
        """The positions Left moves to from `position`."""
        raise NotImplementedError(f"{type(self).__name__}.left_moves is not written")

    def right_moves(self, position: Any) -> Iterable[Any]:
        """The positions Right moves to from `position`."""
        raise NotImplementedError(f"{type(self).__name__}.right_moves is not written")

    def value(self, position: Any) -> LoopyGame:
        """The value of `position`, a `LoopyGame`: a stopper, or its onside
        and offside; `SidesUnsettledError` where cgt cannot find them yet."""
        return _memo(self, LoopyMemo).value(self, position, self.max_positions)

    def outcome(self, position: Any) -> LoopyOutcomeClass:
        """Who wins `position` with each player moving first, draws
        included, by retrograde analysis of its graph: known even where the
        value is not."""
        return _memo(self, LoopyMemo).outcome(self, position, self.max_positions)

    def position(self, position: Any) -> RulesetPosition:
        """`position` of this ruleset as an object with `.value`, `.outcome`
        and, when the ruleset has a `draw` method, a picture in Jupyter."""
        return RulesetPosition(self, position)


__all__ = ["ImpartialRuleset", "LoopyRuleset", "Ruleset", "RulesetPosition"]
