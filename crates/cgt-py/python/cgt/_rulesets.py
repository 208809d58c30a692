"""One class per ruleset of cgt-rulesets, made from the registry the Rust
module lists, so that a ruleset added there is here with no edit (the
type stub `__init__.pyi` lists them; a test checks the two agree). This
file names no ruleset: each entry says its class's name, its kind (the
loopy ones, whose values are `LoopyGame`s, are classes on
`LoopyPosition`) and its layout (what its picture draws)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from typing import Dict, List, Optional, Tuple, Type, Union

from . import _cgt
from ._cgt import ruleset_table


class _PositionMethods:
    """What a position of any built-in ruleset, short or loopy, does alike,
    written once: each player's moves (from the position's own `moves`) and
    the forms that read back (`Domineering('..|..')`)."""

    __slots__ = ()

    def left_moves(self):
        """The positions Left can move to."""
        return self.moves("left")

    def right_moves(self):
        """The positions Right can move to."""
        return self.moves("right")

    def widget(self):
        """This position in `cgt explore`'s notebook widget (needs
        anywidget: `pip install 'cgt[widget]'`)."""
        from ._explore import explore

        return explore(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __reduce__(self):
        return (type(self), (str(self),))


class Position(_cgt.Position, _PositionMethods):
    __doc__ = _cgt.Position.__doc__
    __slots__ = ()
    __module__ = "cgt"

    def variant(self, name: str) -> "Position":
        """This position in the variant `name` of its ruleset: one of the
        registry's entries whose positions are terms of another ruleset
        (`"impartial"`, `"dicotic"`, `"twisted"`), e.g.
        `Domineering('..|..').variant('impartial')` is
        `ImpartialVariant('domineering(..|..)')`."""
        variants = [r for r in RULESETS if r.layout == "term"]
        for r in variants:
            if r.name == name:
                return r.cls(self.term)
        names = ", ".join(repr(r.name) for r in variants)
        raise ValueError(f"no variant named {name!r}; the variants: {names}")


class LoopyPosition(_cgt.LoopyPosition, _PositionMethods):
    __doc__ = _cgt.LoopyPosition.__doc__
    __slots__ = ()
    __module__ = "cgt"

#: Cell fills: Left's pieces blue, Right's red, either's green.
_LEFT, _RIGHT, _EITHER = "#2b5ea7", "#c0392b", "#2e8b57"
_PIECES = {
    "x": _LEFT, "L": _LEFT, "l": _LEFT, "t": _LEFT,
    "o": _RIGHT, "R": _RIGHT, "r": _RIGHT, "f": _RIGHT,
    "e": _EITHER,
}


@dataclass(frozen=True)
class RulesetEntry:
    """A built-in ruleset's entry in `RULESETS`: its name in `cgt eval`'s expressions, its rules in a
    line, an example term (`domineering(..#|...)`), its class, its kind
    (`"partizan"`, `"impartial"` or `"loopy"`), how its positions are laid
    out (`"grid"`, `"strip"`, `"graph"`, `"numbers"`, `"squares"`, `"text"` (the
    ruleset's own notation, no picture) or `"term"`, a variant's term of
    another ruleset) and, for
    a grid or a strip, the characters a cell may hold."""

    name: str
    rules: str
    example: str
    cls: Type[Union[Position, LoopyPosition]]
    kind: str = "partizan"
    layout: str = "grid"
    cells: str = ""

    @property
    def argument(self) -> str:
        """The example's position, as the class reads it (`..#|...`)."""
        return self.example[len(self.name) + 1 : -1]


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


def _squares_svg(position: LoopyPosition) -> str:
    # The board from row 1 (at the bottom) to the highest piece, 8 columns;
    # the squares in play (row + column even) dark; Left's pieces before
    # the `;`, Right's after.
    def squares(text: str) -> List[Tuple[int, int]]:
        return [(int(r), int(c)) for r, c in re.findall(r"\((\d+),(\d+)\)", text)]

    left_text, _, right_text = str(position).partition(";")
    left, right = squares(left_text), squares(right_text)
    rows = max((row for row, _ in left + right), default=1)
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
            colour = _LEFT if (row, col) in left else _RIGHT if (row, col) in right else None
            if colour is not None:
                parts.append(f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell * 0.38}" fill="{colour}"/>')
    parts.append("</svg>")
    return "".join(parts)


#: The picture of each layout that has one.
_PICTURES = {"grid": _board_svg, "strip": _board_svg, "squares": _squares_svg}


def _make(name: str, class_name: str, kind: str, layout: str, rules: str, example: str) -> type:
    argument = example[len(name) + 1 : -1]
    if kind == "loopy":
        doc = (
            f"A position of the loopy ruleset {name}: {rules}.\n\n"
            f"Made from the string `cgt eval` reads between the parentheses of "
            f"`{name}(...)`, e.g. `{class_name}({argument!r})`. Its value is a "
            f"`LoopyGame`; its outcome, draws included, is found on its game graph."
        )
    else:
        doc = (
            f"A position of {name}: {rules}.\n\n"
            f"Made from the string `cgt eval` reads between the parentheses of "
            f"`{name}(...)`, e.g. `{class_name}({argument!r})`."
        )
    namespace: Dict[str, object] = {"ruleset": name, "__doc__": doc, "__module__": "cgt"}
    if layout in _PICTURES:
        namespace["_repr_svg_"] = _PICTURES[layout]
    base = LoopyPosition if kind == "loopy" else Position
    return type(class_name, (base,), namespace)


#: Every ruleset, in `cgt eval --list`'s order.
RULESETS: List[RulesetEntry] = []
__all__: List[str] = []
for _name, _class_name, _kind, _layout, _cells, _rules, _example in ruleset_table():
    _cls = _make(_name, _class_name, _kind, _layout, _rules, _example)
    globals()[_cls.__name__] = _cls
    __all__.append(_cls.__name__)
    RULESETS.append(RulesetEntry(_name, _rules, _example, _cls, _kind, _layout, _cells))


def ruleset(name: str) -> type:
    """The class of the ruleset named `name` in `cgt eval`'s
    expressions (`ruleset("domineering") is Domineering`,
    `ruleset("backsliding") is BackslidingToadsAndFrogs`)."""
    for r in RULESETS:
        if r.name == name:
            return r.cls
    names = [r.name for r in RULESETS]
    raise ValueError(f"no ruleset named {name!r}; the rulesets: {', '.join(names)}")
