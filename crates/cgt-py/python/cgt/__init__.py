"""cgt: combinatorial game theory, fast.

Values of short partizan games in CGSuite's notation, with temperature
theory (stops, mean, temperature, thermographs, cooling, heating,
overheating), reduced forms and atomic weights; positions of 30 rulesets
(Domineering, Hackenbush, Clobber, Toppling Dominoes, Amazons, ...);
loopy partizan games (stoppers, onsides and offsides, outcomes with
draws) and two loopy rulesets (Backsliding Toads and Frogs, Fox and
Geese); Grundy values, periods and misère values of heap games; nimbers;
loopy impartial games by their graph; and rulesets written in Python
(`Ruleset`, `ImpartialRuleset`, `LoopyRuleset`, `HeapGame`), valued by the
same engines. Everything is computed by cgt's Rust crates.

>>> import cgt
>>> g = cgt.Game("{2|1*}")
>>> g.temperature, g.mean
(Fraction(1, 2), Fraction(3, 2))
>>> cgt.Domineering("..|..").value
Game('+-1')
>>> cgt.period("0.07").period
34
>>> cgt.LoopyGame("{pass|3/2}")
LoopyGame('3/2under')
"""

from ._cgt import (
    Game,
    HeapGame,
    LoopyGame,
    LoopyGraph,
    MisereGame,
    MisereQuotient,
    Nimber,
    Period,
    PlacementGame,
    QuotientElement,
    SidesUnsettledError,
    Thermograph,
    born_by,
    confused,
    dead_ends,
    formula,
    game,
    grundy_values,
    is_dead_end,
    is_dead_ending,
    misere_ge,
    misere_outcome,
    misere_quotient,
    misere_values,
    period,
    plot_svg,
    store_size,
)
from ._explore import explore
from ._census import census
from ._custom import ImpartialRuleset, LoopyRuleset, Ruleset, RulesetPosition
from ._rulesets import RULESETS, LoopyPosition, Position, RulesetEntry, ruleset
from ._rulesets import *  # noqa: F401,F403  (one class per ruleset)
from ._rulesets import __all__ as _ruleset_classes
from ._types import LoopyOutcome, LoopyOutcomeClass, Outcome, Relation

__all__ = [
    "Game",
    "HeapGame",
    "ImpartialRuleset",
    "LoopyGame",
    "LoopyGraph",
    "LoopyOutcome",
    "LoopyOutcomeClass",
    "LoopyPosition",
    "LoopyRuleset",
    "MisereGame",
    "MisereQuotient",
    "Nimber",
    "Outcome",
    "Period",
    "PlacementGame",
    "Position",
    "QuotientElement",
    "RULESETS",
    "Relation",
    "Ruleset",
    "RulesetEntry",
    "RulesetPosition",
    "SidesUnsettledError",
    "Thermograph",
    "born_by",
    "census",
    "confused",
    "dead_ends",
    "explore",
    "formula",
    "game",
    "grundy_values",
    "is_dead_end",
    "is_dead_ending",
    "misere_ge",
    "misere_outcome",
    "misere_quotient",
    "misere_values",
    "period",
    "plot_svg",
    "ruleset",
    "store_size",
    *_ruleset_classes,
]
