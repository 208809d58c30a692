"""The ruleset classes (`cgt.Domineering`, ...): every class of
`cgt.RULESETS` on its example and the positions below it, the value against
its definition `{values of Left's moves | values of Right's moves}`, and
values known from the literature."""

from __future__ import annotations

import itertools
import pickle
import re
from fractions import Fraction

import pytest

import cgt
from cgt import Game, Outcome, Position

#: The short rulesets (the loopy ones are tested in test_loopy.py).
RULESETS = {r.name: r for r in cgt.RULESETS if r.kind != "loopy"}
NAMES = sorted(RULESETS)

#: Rulesets whose positions are boards (rows split by `|`), drawn as SVG.
BOARDS = {
    "domineering", "clobber", "amazons", "cram", "anticlobber", "hot_clobber", "cannibal_clobber", "kings",
    "knights", "rooks", "queens", "konane", "fission", "nogo", "ski_jumps", "toppling", "toads", "elephants",
    "quelhas", "turning",
}
IMPARTIAL = {
    "kayles", "cram", "arc_kayles", "weighted_arc_kayles", "coordinate", "impartial", "quicksort",
    "pseudo_quicksort", "chomp", "poset", "sprouts", "strings_and_coins", "turning",
    "spawning", "mem", "nim", "dawsons_kayles", "grundys_game", "subtraction", "splittles", "take_and_break",
    "wythoff",
}


def argument(r) -> str:
    """The part of the example between the parentheses."""
    assert r.example.startswith(r.name + "(") and r.example.endswith(")")
    return r.example[len(r.name) + 1 : -1]


def example(name: str) -> Position:
    r = RULESETS[name]
    return r.cls(argument(r))


def below(p: Position, limit: int):
    """`p` and positions reachable from it, breadth first, at most `limit`."""
    seen, queue, out = {str(p)}, [p], []
    while queue and len(out) < limit:
        q = queue.pop(0)
        out.append(q)
        for m in q.left_moves() + q.right_moves():
            if str(m) not in seen:
                seen.add(str(m))
                queue.append(m)
    return out


def test_every_ruleset_has_a_distinct_name_and_class_listed_last_in_all():
    n = len(cgt.RULESETS)
    assert n >= 60
    assert len({r.name for r in cgt.RULESETS}) == n
    assert len({r.cls for r in cgt.RULESETS}) == n
    assert [r.cls.__name__ for r in cgt.RULESETS] == list(cgt.__all__[-n:])
    # The loopy ones last, on LoopyPosition.
    assert [r.name for r in cgt.RULESETS if r.kind == "loopy"] == [
        "backsliding", "fox_and_geese", "wind_up", "ceylonese_fox_and_geese"
    ]
    for r in cgt.RULESETS:
        assert issubclass(r.cls, cgt.LoopyPosition if r.kind == "loopy" else Position), r.name


def test_the_registry_says_kind_and_layout():
    assert {r.name for r in cgt.RULESETS if r.kind == "impartial"} == IMPARTIAL
    assert {r.name for r in cgt.RULESETS if r.layout in ("grid", "strip") and r.kind != "loopy"} == BOARDS
    assert cgt.ruleset("fox_and_geese") is cgt.FoxAndGeese and cgt.FoxAndGeese.__name__ == "FoxAndGeese"
    for r in cgt.RULESETS:
        # What the cells hold is checked in Rust (cgt-rulesets' tests/registry.rs).
        assert bool(r.cells) == (r.layout in ("grid", "strip")), r.name
        assert r.layout in ("grid", "strip", "graph", "numbers", "squares", "text", "term"), r.name


def test_class_names():
    special = {
        "toppling": "TopplingDominoes", "toads": "ToadsAndFrogs", "nogo": "NoGo", "elephants": "ElephantsAndRhinos",
        "backsliding": "BackslidingToadsAndFrogs", "coordinate": "CoordinateRuleset",
        "impartial": "ImpartialVariant", "dicotic": "DicoticVariant", "twisted": "TwistedVariant", "poset": "PosetGame",
    }
    for r in cgt.RULESETS:
        expected = special.get(r.name) or "".join(part.capitalize() for part in r.name.split("_"))
        assert r.cls.__name__ == expected
    assert cgt.Domineering.__name__ == "Domineering" and cgt.PartizanEuclid.__name__ == "PartizanEuclid"
    assert cgt.HotClobber.ruleset == "hot_clobber" and cgt.ArcKayles.ruleset == "arc_kayles"


@pytest.mark.parametrize("name", NAMES)
def test_the_class(name):
    r = RULESETS[name]
    cls = r.cls
    assert issubclass(cls, Position) and cls is not Position
    assert cls.ruleset == name
    assert cgt.ruleset(name) is cls
    assert getattr(cgt, cls.__name__) is cls and cls.__name__ in cgt.__all__
    assert cls.__module__ == "cgt"
    assert r.rules in cls.__doc__
    assert isinstance(r, cgt.RulesetEntry) and r.rules and r.example


def test_ruleset_lookup():
    assert cgt.ruleset("domineering") is cgt.Domineering
    assert cgt.ruleset("toppling") is cgt.TopplingDominoes
    with pytest.raises(ValueError, match="no ruleset named 'chess'"):
        cgt.ruleset("chess")


@pytest.mark.parametrize("name", NAMES)
def test_example(name):
    r = RULESETS[name]
    p = example(name)
    assert type(p) is r.cls and isinstance(p, Position)
    assert p.ruleset_name == name
    assert p.term == f"{name}({p})"
    assert repr(p) == f"{r.cls.__name__}({str(p)!r})"
    value = p.value
    assert type(value) is Game
    assert value == Game(r.example) == Game(p.term)
    assert p.outcome() is value.outcome
    assert p == r.cls(argument(r)) and hash(p) == hash(r.cls(argument(r)))
    assert p + 0 == value and 0 + p == value and -p == -value
    assert p + p == value + value


@pytest.mark.parametrize(
    "name",
    NAMES,
)
def test_str_round_trips(name):
    p = example(name)
    q = type(p)(str(p))
    assert q == p and str(q) == str(p) and hash(q) == hash(p)
    assert pickle.loads(pickle.dumps(p)) == p


@pytest.mark.parametrize("name", NAMES)
def test_str_round_trips_below_the_example(name):
    for q in below(example(name), 40)[1:]:
        again = type(q)(str(q))
        assert again == q and str(again) == str(q)


@pytest.mark.parametrize("name", NAMES)
def test_value_is_its_definition(name):
    # The value of a position is {values of Left's moves | values of Right's moves}.
    cls = RULESETS[name].cls
    checked = 0
    for p in below(example(name), 60):
        left, right = p.left_moves(), p.right_moves()
        assert all(type(m) is cls for m in left + right)
        assert p.moves("left") == left and p.moves("right") == right
        assert p.moves("L") == left and p.moves("Right") == right
        assert p.value == Game.from_options([m.value for m in left], [m.value for m in right]), str(p)
        assert p.outcome() is p.value.outcome
        if name in IMPARTIAL:
            assert sorted(map(str, left)) == sorted(map(str, right))
            assert p.value.is_nimber
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_boards_are_drawn(name):
    p = example(name)
    svg = p._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")


def _cells(p) -> int:
    board = str(p).split(";")[0]
    return sum(len(row) for row in board.split("|"))


BOARD_CASES = [(n, argument(RULESETS[n])) for n in sorted(BOARDS)] + [("toads", "t..f;jump=2")]


@pytest.mark.parametrize(
    "name, text",
    BOARD_CASES,
)
def test_board_svg_has_one_square_per_cell(name, text):
    p = RULESETS[name].cls(text)
    svg = p._repr_svg_()
    assert svg.count("<rect") == _cells(p)


def test_rulesets_that_are_not_boards_have_no_svg():
    for r in RULESETS.values():
        assert hasattr(r.cls, "_repr_svg_") == (r.name in BOARDS), r.name


def test_positions_compare_by_ruleset_and_text():
    assert cgt.Domineering("..") == cgt.Domineering("..")
    assert cgt.Domineering("..") != cgt.Cram("..")
    assert cgt.Domineering("..") != cgt.Domineering(".|.")
    assert (cgt.Domineering("..") == Game(-1)) is False
    assert len({cgt.Domineering(".."), cgt.Domineering(".."), cgt.Cram("..")}) == 2
    with pytest.raises(TypeError):
        cgt.Domineering("..") < cgt.Domineering(".|.")  # noqa: B015


def test_position_arithmetic():
    assert cgt.Domineering("..") + cgt.Domineering(".|.") == 0
    assert cgt.Domineering("..|..") + 1 == Game("+-1") + 1
    assert 1 + cgt.Domineering("..") == 0
    assert -cgt.Domineering("..") == 1
    assert cgt.Domineering("..") + "*" == Game("-1*")
    assert type(cgt.Domineering("..") + 0) is Game


# --- known values ------------------------------------------------------------


def test_domineering():
    D = cgt.Domineering
    assert D("..|..").value == Game("+-1") and str(D("..|..").value) == "+-1"
    assert D("..").value == -1  # one row: only Right (horizontal) can play
    assert D(".|.").value == 1
    assert D("").value == 0 and D(".").value == 0
    for n in range(1, 9):
        # A row of n cells: Right's dominoes, floor(n/2) of them.
        assert D("." * n).value == -(n // 2)
        assert D("|".join("." * n)).value == n // 2
    assert D("..#|...").value == Game("+-1")
    # An L of three cells: one vertical and one horizontal domino, each ending the game.
    assert D(".#|..").value == Game("*")


def _stalk(colours: str) -> Fraction:
    """Berlekamp's rule: the run of one colour from the ground counts 1 an
    edge, then each edge after the first change counts half the one before."""
    sign = {"l": 1, "r": -1}
    k = len(colours) - len(colours.lstrip(colours[0]))
    value = Fraction(k * sign[colours[0]])
    for j, c in enumerate(colours[k:], start=1):
        value += Fraction(sign[c], 2**j)
    return value


def test_hackenbush_stalks():
    assert cgt.Hackenbush("lr").value == Fraction(1, 2)
    assert cgt.Hackenbush("rl").value == Fraction(-1, 2)
    assert cgt.Hackenbush("lrr").value == Fraction(1, 4)
    count = 0
    for n in range(1, 7):
        for colours in itertools.product("lr", repeat=n):
            s = "".join(colours)
            assert cgt.Hackenbush(s).value == _stalk(s), s
            count += 1
    assert count == 126
    for n in range(1, 6):
        assert cgt.Hackenbush("e" * n).value == Game(f"*{n}")  # green stalks are nim heaps
    assert cgt.Hackenbush(argument(RULESETS["hackenbush"])).value == Fraction(3, 4)


def test_clobber():
    C = cgt.Clobber
    assert C("xo").value == Game("*")
    assert C("x|o").value == Game("*")
    assert C("xox").value == Game("*")  # every move ends the game
    assert C("xxo").value == Game("^")  # {0 | xo} = {0|*}
    assert C("oox").value == Game("v")
    assert C("xx").value == 0 and C("x.o").value == 0


def test_toppling_dominoes():
    T = cgt.TopplingDominoes
    for n in range(1, 6):
        assert T("l" * n).value == n and T("r" * n).value == -n
    assert T("lr").value == Game("*")  # {-1, 0 | 0, 1}
    assert T("e").value == Game("*")
    assert T("ee").value == Game("*2")


def test_cram_values_are_nimbers():
    dawson = cgt.grundy_values("0.07", 14)
    for n in range(15):
        # A row of Cram is the octal game 0.07 (a domino takes two adjacent cells).
        assert cgt.Cram("." * n).value == Game(f"*{dawson[n]}"), n
    # Even by even boards: the second player wins by central symmetry.
    for board in ["..|..", "....|....", "..|..|..|..", "......|......", "....|....|....|...."]:
        assert cgt.Cram(board).value == 0, board
    assert cgt.Cram("...").value.outcome is Outcome.N


def test_kayles_is_the_octal_game_0_77():
    g = cgt.grundy_values("0.77", 12)
    for n in range(13):
        assert cgt.Kayles(str(n)).value == Game(f"*{g[n]}")
    assert cgt.Kayles("7,3").value == Game(f"*{g[7] ^ g[3]}")
    assert cgt.Kayles("7,3") == cgt.Kayles("3,7")


def test_coin_turning_and_partizan_heaps():
    # Winning Ways, ch. 14: Mock Turtles' coins are worth the odious numbers.
    odious = [x for x in range(20) if bin(x).count("1") % 2 == 1]
    assert [cgt.Spawning(f"{n};1-3").value for n in range(1, 9)] == [Game(f"*{g}") for g in odious[:8]]
    # CGSuite's documentation of game.strip.Turning: 29.
    assert cgt.Turning("htththtth;1-3").value == Game("*29")
    # CGSuite's test of game.heap.PartizanSubtraction([1,3],[2,3])(6).
    assert cgt.PartizanSubtraction("6;[1,3],[2,3]").value == Game("{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}")
    with pytest.raises(ValueError, match="expected ';' and the rules"):
        cgt.PartizanTakeAndBreak("7")


def test_cutcake():
    for n in range(1, 8):
        # One row: only Left can cut, n - 1 times.
        assert cgt.Cutcake(f"1,{n}").value == n - 1
        assert cgt.Cutcake(f"{n},1").value == -(n - 1)
