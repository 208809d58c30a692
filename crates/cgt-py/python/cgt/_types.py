"""The enums of the package, in Python so that they are real `enum.Enum`s."""

import enum


class Outcome(enum.Enum):
    """Who wins a game with each player moving first (normal play)."""

    #: Left wins, whoever moves first.
    L = "L"
    #: Right wins, whoever moves first.
    R = "R"
    #: The player to move (the Next player) wins.
    N = "N"
    #: The player to move loses (the Previous player wins).
    P = "P"

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"


class Relation(enum.Enum):
    """How two games compare: games are partially ordered, so besides less,
    equal and greater they may be confused (incomparable), as `*` is with 0."""

    LESS = "<"
    EQUAL = "="
    GREATER = ">"
    CONFUSED = "||"

    def __repr__(self) -> str:
        return f"Relation.{self.name}"


class LoopyOutcome(enum.Enum):
    """The value of a position of a loopy game for the player to move."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"

    def __repr__(self) -> str:
        return f"LoopyOutcome.{self.name}"
