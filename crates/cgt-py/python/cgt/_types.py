"""The enums of the package, in Python so that they are real `enum.Enum`s."""

import enum


class _Enum(enum.Enum):
    """An enum whose repr is its name, as written in code (`Outcome.L`)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Outcome(_Enum):
    """Who wins a game with each player moving first (normal play)."""

    #: Left wins, whoever moves first.
    L = "L"
    #: Right wins, whoever moves first.
    R = "R"
    #: The player to move (the Next player) wins.
    N = "N"
    #: The player to move loses (the Previous player wins).
    P = "P"


class Relation(_Enum):
    """How two games compare: games are partially ordered, so besides less,
    equal and greater they may be confused (incomparable), as `*` is with 0."""

    LESS = "<"
    EQUAL = "="
    GREATER = ">"
    CONFUSED = "||"


class LoopyOutcome(_Enum):
    """The outcome of a position of a loopy game for the player to move."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


class LoopyOutcomeClass(_Enum):
    """Who wins a loopy partizan game with each player moving first, draws
    included, by CGSuite's names (`OutcomeClass`): the four classes of short
    games, `D`, and the four with a win one way and a draw the other
    (Siegel, *Combinatorial Game Theory*, VI.1)."""

    #: Left wins, whoever moves first.
    L = "L"
    #: Right wins, whoever moves first.
    R = "R"
    #: The player to move (the Next player) wins.
    N = "N"
    #: The player to move loses (the Previous player wins).
    P = "P"
    #: A draw, whoever moves first.
    D = "D"
    #: A draw if Left moves first; Left wins if Right moves first.
    PHat = "PHat"
    #: Right wins if Left moves first; a draw if Right moves first.
    PCheck = "PCheck"
    #: Left wins if Left moves first; a draw if Right moves first.
    NHat = "NHat"
    #: A draw if Left moves first; Right wins if Right moves first.
    NCheck = "NCheck"
