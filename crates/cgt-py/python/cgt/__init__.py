"""cgt: combinatorial game theory, fast.

Values of short partizan games in CGSuite's notation, with temperature
theory (stops, mean, temperature, thermographs, cooling, heating,
overheating), reduced forms and atomic weights; positions of 30 rulesets
(Domineering, Hackenbush, Clobber, Toppling Dominoes, Amazons, ...);
Grundy values, periods and misère values of heap games; nimbers; loopy
games by their graph. Everything is computed by cgt's Rust crates.

>>> import cgt
>>> g = cgt.Game("{2|1*}")
>>> g.temperature, g.mean
(Fraction(1, 2), Fraction(3, 2))
>>> cgt.Domineering("..|..").value
Game('+-1')
>>> cgt.period("0.07").period
34
"""

from ._cgt import (
    Game,
    LoopyGraph,
    Nimber,
    Period,
    Position,
    Thermograph,
    born_by,
    confused,
    formula,
    game,
    grundy_values,
    misere_values,
    period,
    plot_svg,
    store_size,
)
from ._rulesets import RULESETS, Ruleset, ruleset
from ._rulesets import *  # noqa: F401,F403  (one class per ruleset)
from ._rulesets import __all__ as _ruleset_classes
from ._types import LoopyOutcome, Outcome, Relation

__all__ = [
    "Game",
    "LoopyGraph",
    "LoopyOutcome",
    "Nimber",
    "Outcome",
    "Period",
    "Position",
    "RULESETS",
    "Relation",
    "Ruleset",
    "Thermograph",
    "born_by",
    "confused",
    "formula",
    "game",
    "grundy_values",
    "misere_values",
    "period",
    "plot_svg",
    "ruleset",
    "store_size",
    *_ruleset_classes,
]
