"""One class per ruleset of cgt-rulesets, made from the registry the Rust
module lists, so that a ruleset added there is here with no edit (the
type stub `__init__.pyi` lists them; a test checks the two agree). The
loopy rulesets (Backsliding Toads and Frogs, Fox and Geese), whose values
are `LoopyGame`s, are classes on `LoopyPosition`, outside `RULESETS`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from typing import Dict, List, Optional, Type, Union

from ._cgt import LoopyPosition, Position, loopy_ruleset_table, ruleset_table

#: Class names that are not the CamelCase of the ruleset's name.
_NAMES = {
    "backsliding": "BackslidingToadsAndFrogs",
    "toppling": "TopplingDominoes",
    "toads": "ToadsAndFrogs",
    "nogo": "NoGo",
    "elephants": "ElephantsAndRhinos",
}

#: Rulesets whose positions are rows of cells split by `|` (or one row).
_BOARDS = {
    "domineering", "clobber", "amazons", "cram", "anticlobber", "hot_clobber",
    "cannibal_clobber", "kings", "knights", "rooks", "queens", "konane",
    "fission", "nogo", "ski_jumps", "toppling", "toads", "elephants",
}

#: Cell fills: Left's pieces blue, Right's red, either's green.
_LEFT, _RIGHT, _EITHER = "#2b5ea7", "#c0392b", "#2e8b57"
_PIECES = {
    "x": _LEFT, "L": _LEFT, "l": _LEFT, "t": _LEFT,
    "o": _RIGHT, "R": _RIGHT, "r": _RIGHT, "f": _RIGHT,
    "e": _EITHER,
}


@dataclass(frozen=True)
class Ruleset:
    """A ruleset: its name in `cgt eval`'s expressions, its rules in a
    line, an example term (`domineering(..#|...)`), and its class."""

    name: str
    rules: str
    example: str
    cls: Type[Position]

    @property
    def argument(self) -> str:
        """The example's position, as the class reads it (`..#|...`)."""
        return self.example[len(self.name) + 1 : -1]


def _class_name(name: str) -> str:
    return _NAMES.get(name) or "".join(part.capitalize() for part in name.split("_"))


def _board_svg(position: Union[Position, LoopyPosition]) -> Optional[str]:
    # The board, without settings such as `;jump=2`.
    rows = str(position).split(";")[0].split("|")
    width = max((len(row) for row in rows), default=0)
    if width == 0:
        return None
    cell = 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * cell + 2}" '
        f'height="{len(rows) * cell + 2}" viewBox="-1 -1 {width * cell + 2} '
        f'{len(rows) * cell + 2}"><title>{escape(repr(position))}</title>'
    ]
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            fill = "#555" if c == "#" else "#fff"
            parts.append(
                f'<rect x="{x * cell}" y="{y * cell}" width="{cell}" height="{cell}" '
                f'fill="{fill}" stroke="#999"/>'
            )
            colour = _PIECES.get(c)
            if colour is not None:
                cx, cy = x * cell + cell / 2, y * cell + cell / 2
                parts.append(
                    f'<circle cx="{cx}" cy="{cy}" r="{cell * 0.38}" fill="{colour}"/>'
                )
            elif c not in ".#":
                parts.append(
                    f'<text x="{x * cell + cell / 2}" y="{y * cell + cell * 0.7}" '
                    f'font-size="{cell * 0.6}" text-anchor="middle">{escape(c)}</text>'
                )
    parts.append("</svg>")
    return "".join(parts)


def _make(name: str, rules: str, example: str) -> Type[Position]:
    argument = example[len(name) + 1 : -1]
    doc = (
        f"A position of {name}: {rules}.\n\n"
        f"Made from the string `cgt eval` reads between the parentheses of "
        f"`{name}(...)`, e.g. `{_class_name(name)}({argument!r})`."
    )
    namespace: Dict[str, object] = {"ruleset": name, "__doc__": doc, "__module__": "cgt"}
    if name in _BOARDS:
        namespace["_repr_svg_"] = _board_svg
    return type(_class_name(name), (Position,), namespace)


#: Every ruleset, in `cgt eval --list`'s order.
RULESETS: List[Ruleset] = []
__all__: List[str] = []
for _name, _rules, _example in ruleset_table():
    _cls = _make(_name, _rules, _example)
    globals()[_cls.__name__] = _cls
    __all__.append(_cls.__name__)
    RULESETS.append(Ruleset(_name, _rules, _example, _cls))


def _fox_svg(position: LoopyPosition) -> str:
    # The board from row 1 (at the bottom) to the highest piece, 8 columns;
    # the squares in play (row + column even) dark.
    squares = [(int(r), int(c)) for r, c in re.findall(r"\((\d+),(\d+)\)", str(position))]
    *geese, fox = squares
    rows = max(row for row, _ in squares)
    cell = 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{8 * cell + 2}" height="{rows * cell + 2}" '
        f'viewBox="-1 -1 {8 * cell + 2} {rows * cell + 2}"><title>{escape(repr(position))}</title>'
    ]
    for row in range(1, rows + 1):
        for col in range(1, 9):
            x, y = (col - 1) * cell, (rows - row) * cell
            fill = "#b58863" if (row + col) % 2 == 0 else "#f0d9b5"
            parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>')
            colour = _LEFT if (row, col) in geese else _RIGHT if (row, col) == fox else None
            if colour is not None:
                parts.append(f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell * 0.38}" fill="{colour}"/>')
    parts.append("</svg>")
    return "".join(parts)


def _make_loopy(name: str, rules: str, example: str) -> Type[LoopyPosition]:
    argument = example[len(name) + 1 : -1]
    doc = (
        f"A position of the loopy ruleset {name}: {rules}.\n\n"
        f"Made from the string `cgt eval` reads between the parentheses of "
        f"`{name}(...)`, e.g. `{_class_name(name)}({argument!r})`. Its value is a "
        f"`LoopyGame`; its outcome, draws included, is found on its game graph."
    )
    namespace: Dict[str, object] = {"ruleset": name, "__doc__": doc, "__module__": "cgt"}
    namespace["_repr_svg_"] = _fox_svg if name == "fox_and_geese" else _board_svg
    return type(_class_name(name), (LoopyPosition,), namespace)


#: The loopy rulesets (`backsliding`, `fox_and_geese`), by name.
LOOPY_CLASSES: Dict[str, Type[LoopyPosition]] = {}
for _name, _rules, _example in loopy_ruleset_table():
    _cls = _make_loopy(_name, _rules, _example)
    globals()[_cls.__name__] = _cls
    LOOPY_CLASSES[_name] = _cls


def ruleset(name: str) -> type:
    """The class of the ruleset named `name` in `cgt eval`'s
    expressions (`ruleset("domineering") is Domineering`,
    `ruleset("backsliding") is BackslidingToadsAndFrogs`)."""
    for r in RULESETS:
        if r.name == name:
            return r.cls
    if name in LOOPY_CLASSES:
        return LOOPY_CLASSES[name]
    names = [r.name for r in RULESETS] + list(LOOPY_CLASSES)
    raise ValueError(f"no ruleset named {name!r}; the rulesets: {', '.join(names)}")
