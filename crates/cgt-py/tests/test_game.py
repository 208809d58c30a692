"""`cgt.Game` and `cgt.Thermograph`: construction, arithmetic, the partial
order, hashing, the invariants of temperature theory against known results,
the command line (`cgt eval --json`) and random games (hypothesis)."""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt import Game, Outcome, Relation
from conftest import DAY1, DAY2, GENERATED, cli_path

F = Fraction


# --- construction ----------------------------------------------------------


def test_the_games_born_by_day_2():
    # 22 games are born by day 2 (Winning Ways, ch. 4), here
    # made from options only, and each prints in CGSuite's form.
    assert len(DAY2) == 22
    assert sorted(map(str, DAY2)) == sorted(
        ["0", "1", "-1", "*", "2", "-2", "1/2", "-1/2", "1*", "-1*", "^", "v", "^*", "v*", "*2",
         "+-1", "{1|0}", "{0|-1}", "{1|*}", "{*|-1}", "{1|0,*}", "{0,*|-1}"]
    )
    for g in DAY2:
        assert g.birthday == (0 if g == 0 else 1 if any(g == d for d in DAY1) else 2)


def test_born_by():
    assert [len(cgt.born_by(day)) for day in range(4)] == [1, 4, 22, 1474]  # Siegel II.1
    assert set(cgt.born_by(0)) == {Game(0)}
    assert set(cgt.born_by(1)) == set(DAY1)
    assert set(cgt.born_by(2)) == set(DAY2)
    day3 = cgt.born_by(3)
    assert all(type(g) is Game for g in day3) and len(set(day3)) == 1474
    assert sorted(g.birthday for g in day3) == [0] + [1] * 3 + [2] * 18 + [3] * 1452
    assert set(DAY2) <= set(day3)
    for g in day3:
        assert Game(str(g)) == g
        assert set(g.left_options) | set(g.right_options) <= set(DAY2)
    # Any {L | R} of games born by day 2 is born by day 3.
    made = {Game.from_options([left], [right]) for left in DAY2[::3] for right in DAY2[1::4]}
    made |= {Game.from_options([a, b], [c]) for a, b, c in zip(DAY2, DAY2[5:] + DAY2[:5], DAY2[11:] + DAY2[:11])}
    assert made <= set(day3)
    with pytest.raises(ValueError, match="born_by lists days 0 to 3, not 4"):
        cgt.born_by(4)
    with pytest.raises(OverflowError):
        cgt.born_by(-1)


def test_construction_from_notation_ints_and_fractions():
    assert Game(3) == Game("3") == Game.from_options([2], [])
    assert Game(-2) == Game("-2") == Game.from_options([], [-1])
    assert Game(F(3, 4)) == Game("3/4") == Game.from_options([F(1, 2)], [1])
    assert Game(F(-5, 8)) == Game("-5/8")
    assert Game("1 / 2") == Game("1/2")
    assert Game("{0|*}") == Game("^") == Game.from_options([0], ["*"])
    assert Game("{0,*|0}") == Game("^*")
    assert Game("{0|0}") == Game("*") == Game.from_options([0], [0])
    assert Game("{0,*|0,*}") == Game("*2")
    assert Game("{1|-1}") == Game("+-1")
    assert Game("{0||0|-1}") == Game("Tiny(1)") == Game.from_options([0], [Game.from_options([0], [-1])])
    assert Game("{1|0||0}") == Game("Miny(1)") == -Game("Tiny(1)")
    assert Game("^^^") == Game("^3") == Game("^") + Game("^") + Game("^")
    assert Game("v2") == Game("vv") == -Game("^^")
    assert Game("-7/4^5*3") == Game(F(-7, 4)) + Game("^5") + Game("*3")
    assert Game("domineering(..|..) + 1/2") == Game("+-1") + F(1, 2)
    assert Game(Game("^")) == Game("^")
    assert cgt.game("^*") == Game("^*") and type(cgt.game("^*")) is Game
    # Options in any iterable, of any type Game() takes.
    assert Game.from_options((x for x in ["1", 0]), iter([F(-1, 2)])) == Game("{1|-1/2}")


def test_canonical_form_is_what_from_options_makes():
    # from_options removes dominated and reverses reversible options.
    assert Game.from_options([0, -1], [1, 2]) == Game("1/2")  # -1 dominated, 2 dominated
    assert Game.from_options(["^"], []) == Game(1)  # {^|} = 1 (^ reverses)
    assert str(Game.from_options(["*", 0], [0, "*"])) == "*2"
    assert str(Game.from_options([2], [F(1, 2)])) == "{2|1/2}"


def test_str_and_repr():
    assert str(Game("{2|1*}")) == "{2|1*}"
    assert repr(Game("{2|1*}")) == "Game('{2|1*}')"
    assert repr(Game(F(-3, 4))) == "Game('-3/4')"
    assert str(Game("{1|-1}")) == "+-1"
    assert str(Game("{0|{0|-1}}")) == "Tiny(1)"
    assert str(Game("{3|{2|0}}")) == "{3||2|0}"
    assert str(Game("^") + "^" + "*") == "^^*"
    assert str(Game(0)) == "0"


@pytest.mark.parametrize("g", DAY2, ids=str)
def test_round_trip_of_every_game_born_by_day_2(g):
    assert Game(str(g)) == g
    assert eval(repr(g), {"Game": Game}) == g


def test_round_trip_of_sums_and_generated_games():
    games = [g + h for g in DAY2 for h in DAY2]
    games += [DAY2[i] + DAY2[(7 * i + 3) % 22] + DAY2[(5 * i + 1) % 22] for i in range(22)]
    games += GENERATED
    for g in games:
        assert Game(str(g)) == g, str(g)


# --- arithmetic and order --------------------------------------------------


def test_arithmetic_with_known_results():
    up, star = Game("^"), Game("*")
    assert up + up == Game("^^")
    assert star + star == 0
    assert up - up == 0 and up + Game("v") == 0
    assert Game("*2") + Game("*3") == Game("*")  # nim addition: 2 xor 3 = 1
    assert Game("*5") + Game("*6") == Game("*3")
    assert Game("+-1") + Game("+-1") == 0
    assert Game("1/2") + Game("1/2") == 1
    assert Game("{1|0}") + Game("{1|0}") == 1  # 1/2 +-1/2, twice
    assert -Game("{2|1*}") == Game("{-1*|-2}")
    assert +up == up
    assert -(-up) == up
    # Ints, Fractions and notation mix in on both sides.
    assert up + 1 == Game("1^") and 1 + up == Game("1^")
    assert up + "*" == Game("^*") and "*" + up == Game("^*")
    assert 1 - up == Game("1v") and up - 1 == Game("-1^")
    assert Game(1) - F(1, 2) == F(1, 2)
    assert F(1, 2) - Game(1) == F(-1, 2)
    assert sum([Game(1), star, up]) == Game("1^*")


def test_multiples():
    up = Game("^")
    assert up * 3 == 3 * up == Game("^3") == up + up + up
    assert up * 0 == 0 and up * -2 == Game("vv") == -(up + up)
    assert Game("*") * (2**62) == 0 and Game("*") * (2**62 + 1) == Game("*")
    assert Game("+-1") * 7 == Game("+-1") and Game("+-1") * 8 == 0
    assert Game("1/2") * -(2**63) == -(2**62)
    assert Game("{2|1*}") * 2 == Game("{2|1*}") + Game("{2|1*}")
    for g in DAY2:
        assert g * 5 == g + g + g + g + g and g * -3 == -(g + g + g)
    with pytest.raises(OverflowError):
        up * 2**63
    with pytest.raises(OverflowError):
        Game(2) * 2**62
    for bad in (1.5, True, Game(2), "2", F(2)):
        with pytest.raises(TypeError):
            up * bad


def test_order_with_known_results():
    up, star = Game("^"), Game("*")
    assert up > 0 and 0 < up and up >= 0 and not up <= 0
    assert up < F(1, 2**40)  # infinitesimal
    assert -1 < Game("-1/2") < 0 < Game("1/4") < Game("1/2") <= F(1, 2) < 1
    assert not (star > 0) and not (star < 0) and not (star == 0) and star != 0
    assert not (star >= 0) and not (star <= 0)
    assert up > Game("*2")  # ^*2 > 0, while ^* is fuzzy
    assert Game("Tiny(1)") > 0 and Game("Tiny(1)") < up
    assert 1 < Game("{2|1*}") < 3 and cgt.confused("{2|1*}", 2)  # 2 - {2|1*} = {1*|0}


def test_compare_returns_all_four_relations():
    assert Game(1).compare(0) is Relation.GREATER
    assert Game(-1).compare(0) is Relation.LESS
    assert Game("^").compare("{0|*}") is Relation.EQUAL
    assert Game("*").compare(0) is Relation.CONFUSED
    assert Game("^").compare(Game("*")) is Relation.CONFUSED
    assert Game("+-1").compare(F(1, 2)) is Relation.CONFUSED
    assert {Game(g).compare(h) for g in DAY2 for h in DAY2} == set(Relation)


def test_compare_agrees_with_the_operators(day2):
    for g in day2:
        for h in day2:
            relation = g.compare(h)
            assert (g < h) == (relation is Relation.LESS)
            assert (g == h) == (relation is Relation.EQUAL)
            assert (g > h) == (relation is Relation.GREATER)
            assert cgt.confused(g, h) == (relation is Relation.CONFUSED)
            assert (g <= h) == (relation in (Relation.LESS, Relation.EQUAL))
            assert (g >= h) == (relation in (Relation.GREATER, Relation.EQUAL))
            # g >= h iff Left wins g - h moving second.
            assert (g >= h) == ((g - h).outcome in (Outcome.L, Outcome.P))


def test_confused():
    assert cgt.confused("*", 0)
    assert cgt.confused("+-1", F(1, 2))
    assert not cgt.confused("^", 0)
    assert not cgt.confused(Game("*"), Game("*"))


def test_hash_is_consistent_with_equality():
    assert Game(1) == 1 and hash(Game(1)) == hash(1)
    assert Game("1/2") == F(1, 2) and hash(Game("1/2")) == hash(F(1, 2))
    assert Game(-3) == -3 and hash(Game(-3)) == hash(-3)
    assert len({Game(1), 1, F(1), Game("{0|}")}) == 1
    table = {Game("^"): "up", Game("*"): "star", Game(F(3, 4)): "three quarters"}
    assert table[Game("{0|*}")] == "up"
    assert table[Game("{0|0}")] == "star"
    assert table[F(3, 4)] == "three quarters"
    for g in DAY2 + GENERATED:
        h = Game(str(g))
        assert g == h and hash(g) == hash(h)
    assert len({Game(str(g)) for g in GENERATED}) == len(set(GENERATED))


def test_strings_are_not_compared():
    # Notation builds games; comparing with a str is not a comparison.
    assert (Game(1) == "1") is False
    assert (Game(1) != "1") is True
    with pytest.raises(TypeError):
        Game(1) < "2"  # noqa: B015


def test_floats_and_bools_are_not_games():
    assert (Game(2) == 2.0) is False
    assert (Game(1) == True) is False  # noqa: E712
    with pytest.raises(TypeError):
        Game(1) < 1.5  # noqa: B015


def test_equality_with_numbers_that_are_not_games_is_false():
    assert (Game(0) == F(1, 3)) is False
    assert (Game(0) != F(1, 3)) is True
    assert F(1, 3) not in [Game(0), Game(1)]
    assert (Game(0) == 2**64) is False


def test_store_remembers_games():
    # A game made again, the same way, adds nothing to the store.
    g = Game.from_options(["{7|5}"], [F(-9, 8)])
    assert Game(str(g)) == g
    size = cgt.store_size()
    assert isinstance(size, int) and size > 22
    assert Game(str(g)) == g and Game.from_options(["{7|5}"], [F(-9, 8)]) == g
    assert Game("{7|5}") + F(-9, 8) == Game("{7|5}") + F(-9, 8)
    after = cgt.store_size()
    assert Game("{7|5}") + F(-9, 8) == Game("{7|5}") + F(-9, 8)
    assert cgt.store_size() == after >= size


# --- properties against known results --------------------------------------


def test_outcomes():
    assert Game("^").outcome is Outcome.L
    assert Game("*").outcome is Outcome.N
    assert Game(0).outcome is Outcome.P
    assert Game(-1).outcome is Outcome.R
    assert Game("v").outcome is Outcome.R
    assert Game("+-1").outcome is Outcome.N
    assert Game("1/2").outcome is Outcome.L
    assert Game("^*").outcome is Outcome.N
    assert Game("^*2").outcome is Outcome.L
    assert Game("*2").outcome is Outcome.N


def test_temperature_theory_of_hot_games():
    g = Game("{2|1*}")
    assert (g.left_stop, g.right_stop) == (2, 1)
    assert g.temperature == F(1, 2) and g.mean == F(3, 2)
    assert type(g.temperature) is Fraction and type(g.mean) is Fraction
    switch = Game("{1|-1}")
    assert (switch.temperature, switch.mean) == (1, 0)
    assert (switch.left_stop, switch.right_stop) == (1, -1)
    # {3|{2|0}}: Right's move is to the hot {2|0}, whose left stop is 2.
    g = Game("{3|{2|0}}")
    assert (g.left_stop, g.right_stop) == (3, 2)
    assert (g.mean, g.temperature) == (2, 1)
    g = Game("{4|0}")  # 2 +-2
    assert (g.mean, g.temperature) == (2, 2)
    g = Game("{1|*}")
    assert (g.left_stop, g.right_stop, g.mean, g.temperature) == (1, 0, F(1, 2), F(1, 2))


@pytest.mark.parametrize(
    "number, temperature",
    [(0, -1), (1, -1), (-3, -1), (F(1, 2), F(-1, 2)), (F(-3, 4), F(-1, 4)), (F(5, 8), F(-1, 8)), (F(7, 64), F(-1, 64))],
)
def test_a_numbers_temperature_is_negative(number, temperature):
    # CGSuite's convention: -1/2^k for a number with denominator 2^k.
    g = Game(number)
    assert g.temperature == temperature
    assert g.mean == g.left_stop == g.right_stop == number
    assert g.number == number


def test_infinitesimals_have_temperature_0():
    for text in ["*", "^", "^*", "*2", "Tiny(1)", "Miny(2)", "{0|^*}"]:
        g = Game(text)
        assert (g.temperature, g.mean, g.left_stop, g.right_stop) == (0, 0, 0, 0), text
        assert g.is_infinitesimal, text
    assert Game("1*").temperature == 0 and Game("1*").mean == 1


def test_birthday():
    assert [Game(t).birthday for t in ["0", "1", "*", "-1", "2", "1/2", "3/4", "^", "*3", "5", "{2|1*}", "Tiny(1)"]] == [
        0, 1, 1, 1, 2, 2, 3, 2, 3, 5, 3, 3
    ]
    assert type(Game("^").birthday) is int


def test_reduced_forms():
    assert Game("^").reduced == 0
    assert Game("{2|1*}").reduced == Game("{2|1}")
    assert Game("1*").reduced == 1
    assert Game("{1|*}").reduced == Game("{1|0}")
    assert Game("3/4").reduced == F(3, 4)
    for g in DAY2 + GENERATED:
        r = g.reduced
        assert r.reduced == r
        difference = g - r
        assert difference == 0 or difference.is_infinitesimal, str(g)


def test_atomic_weights():
    weights = {"^": 1, "v": -1, "*": 0, "^*": 1, "^^": 2, "^3*": 3, "0": 0, "*5": 0, "{0|^*}": 2}
    for text, weight in weights.items():
        assert Game(text).atomic_weight == weight, text
    assert Game("+-1").atomic_weight is None
    assert Game("1/2").atomic_weight is None
    assert Game("{2|1*}").atomic_weight is None
    # Tiny(1) is infinitesimal, not all-small, and of atomic weight 0.
    assert Game("Tiny(1)").atomic_weight == 0
    assert (Game("1/2").norton("^") + "Tiny(1)").atomic_weight == F(1, 2)
    small = [g for g in DAY2 + GENERATED if g.is_all_small]
    assert len(small) > 30
    for g in small:
        assert g.atomic_weight is not None, str(g)
        for h in small[:25]:
            assert (g + h).atomic_weight == g.atomic_weight + h.atomic_weight


def test_incentives():
    up = Game("^")
    assert up.left_incentives == [Game("v")] and up.right_incentives == [Game("^*")]  # 0 - ^, ^ - *
    g = Game("{2|1*}")
    assert g.left_incentives == g.right_incentives == [Game("{1*|0}")]  # 2 - g and g - 1*
    for g in DAY2 + GENERATED:
        assert g.left_incentives == [o - g for o in g.left_options]
        assert g.right_incentives == [g - o for o in g.right_options]
        if g.is_number:  # a number's moves lose (the number avoidance theorem's root)
            assert all(i < 0 for i in g.left_incentives + g.right_incentives), str(g)


def test_confusion_interval_and_hot_games():
    assert Game("{2|1*}").confusion_interval == (1, 2)
    assert Game("+-1").confusion_interval == (-1, 1)
    assert Game("*").confusion_interval == (0, 0)
    grid = [Fraction(k, 4) for k in range(-12, 13)]
    for g in DAY2 + GENERATED[:80]:
        low, high = g.confusion_interval
        assert (low, high) == (g.right_stop, g.left_stop)
        for x in grid:
            if low < x < high:
                assert cgt.confused(g, x), (str(g), x)
            elif x < low:
                assert g > x, (str(g), x)
            elif x > high:
                assert g < x, (str(g), x)
        assert g.is_hot == (g.temperature > 0)
    assert Game("{2|1*}").is_hot and Game("+-1").is_hot
    assert not any(Game(t).is_hot for t in ["0", "1/2", "*", "^", "1*", "Tiny(1)"])


def test_options():
    g = Game("{2|1*}")
    assert g.left_options == [Game(2)] and g.right_options == [Game("1*")]
    assert Game(0).left_options == [] and Game(0).right_options == []
    assert Game("*2").left_options == [Game(0), Game("*")]
    assert Game("^").right_options == [Game("*")]
    assert all(type(o) is Game for o in Game("{1,*|0}").left_options)
    for g in DAY2 + GENERATED:
        assert Game.from_options(g.left_options, g.right_options) == g


CLASSES = {
    # text: (is_number, is_integer, is_nimber, is_number_star, is_infinitesimal, is_all_small, number, nimber)
    "0": (True, True, True, True, True, True, 0, 0),
    "3": (True, True, False, True, False, False, 3, None),
    "-1/2": (True, False, False, True, False, False, F(-1, 2), None),
    "*": (False, False, True, True, True, True, None, 1),
    "*7": (False, False, True, True, True, True, None, 7),
    "1*": (False, False, False, True, False, False, None, None),
    "^": (False, False, False, False, True, True, None, None),
    "^*": (False, False, False, False, True, True, None, None),
    "+-1": (False, False, False, False, False, False, None, None),
    "Tiny(2)": (False, False, False, False, True, False, None, None),
    "{1|*}": (False, False, False, False, False, False, None, None),
}


@pytest.mark.parametrize("text", sorted(CLASSES))
def test_kinds_of_games(text):
    g = Game(text)
    got = (g.is_number, g.is_integer, g.is_nimber, g.is_number_star, g.is_infinitesimal, g.is_all_small, g.number, g.nimber)
    assert got == CLASSES[text]
    if g.number is not None:
        assert type(g.number) is Fraction


def test_int_and_float():
    assert int(Game(3)) == 3 and type(int(Game(-7))) is int
    assert int(Game("{3|}")) == 4
    assert float(Game("-3/8")) == -0.375
    assert float(Game(5)) == 5.0
    with pytest.raises(TypeError, match="not an integer"):
        int(Game("1/2"))
    with pytest.raises(TypeError):
        int(Game("*"))
    with pytest.raises(TypeError, match="not a number"):
        float(Game("^"))


def test_cooling():
    g = Game("{2|1*}")
    assert g.cool(0) == g
    assert g.cool(F(1, 4)) == Game("{7/4|5/4}")
    assert g.cool(F(1, 2)) == Game("3/2*")  # at the temperature: mean plus *
    assert g.cool("1/2") == Game("3/2*")
    assert g.cool(1) == F(3, 2)
    assert Game("+-1").cool(1) == Game("*")
    assert Game("{4|0}").cool(1) == Game("{3|1}")
    for g in DAY2 + GENERATED[:60]:
        assert g.cool(max(g.temperature, 0) + 1) == g.mean, str(g)
    # Cooling is additive (Siegel II.5).
    for g in DAY2:
        for h in DAY2:
            for t in (F(1, 2), 1, 2):
                assert (g + h).cool(t) == g.cool(t) + h.cool(t)
            assert (g + h).mean == g.mean + h.mean


def test_heating_and_overheating():
    assert Game("*").heat(1) == Game("+-1")
    assert Game("3/4").heat(5) == F(3, 4)  # numbers stay
    assert Game("{2|1*}").heat(1) == Game("{3|+-1}")
    assert Game("*").heat("*") == 0  # {* | *}
    assert all(g.heat(0) == g for g in DAY2)
    assert Game("*").overheat(1, 1) == Game("+-1")
    assert Game(3).overheat(2, 5) == 6  # integers n become n.s
    assert Game("{1|-1}").overheat(1, 1) == Game("+-2")
    assert Game("1/2").overheat(1, 1) == Game("{1|0}")  # {0|1}: {0 + 1 | 1 - 1}


def test_norton_products():
    up = Game("^")
    assert Game(3).norton(up) == Game("^3")
    assert Game(-2).norton(up) == Game("vv")
    assert Game(0).norton(up) == 0
    # ^'s incentives: ^ + (0 - ^) = 0 and ^ + (^ - *) = ^^*; the greater is ^^*.
    assert Game("+-1").norton(up) == Game("{^3*|v3*}")
    assert Game("*").norton(up) == Game("{^^*|vv*}")
    assert Game("1/2").norton(up) == Game("{^^*|v*}")
    assert all(g.norton(1) == g for g in DAY2)
    # Norton multiplication by a positive unit is additive.
    for u in ("^", "1*", "^*2"):
        for g in DAY2:
            for h in DAY2:
                assert (g + h).norton(u) == g.norton(u) + h.norton(u)


def test_thermograph():
    t = Game("{2|1*}").thermograph()
    assert type(t) is cgt.Thermograph
    assert t.left == [(F(-1), F(3)), (F(1, 2), F(3, 2))]
    assert t.right == [(F(-1), F(1)), (F(0), F(1)), (F(1, 2), F(3, 2))]
    assert all(type(x) is Fraction for point in t.left + t.right for x in point)
    assert t.mast == F(3, 2) and t.temperature == F(1, 2)
    assert t.left_wall_at(0) == 2 and t.right_wall_at(0) == 1
    assert t.right_wall_at(F(1, 4)) == F(5, 4) and t.left_wall_at("1/4") == F(7, 4)
    assert repr(t) == "<Thermograph of {2|1*}>"
    svg = t._repr_svg_()
    assert svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "Thermograph of {2|1*}: mean 3/2, temperature 1/2" in svg
    s = Game("{1|-1}").thermograph()
    assert s.left == [(F(-1), F(2)), (F(1), F(0))] and s.right == [(F(-1), F(-2)), (F(1), F(0))]
    n = Game(1).thermograph()
    assert (n.left, n.right, n.mast, n.temperature) == ([(-1, 1)], [(-1, 1)], 1, -1)


def test_thermographs_agree_with_the_stops():
    for g in DAY2 + GENERATED:
        t = g.thermograph()
        assert (t.mast, t.temperature) == (g.mean, g.temperature)
        assert (t.left_wall_at(0), t.right_wall_at(0)) == (g.left_stop, g.right_stop)
        assert g.right_stop <= g.mean <= g.left_stop
        for wall in (t.left, t.right):
            temperatures = [p[0] for p in wall]
            assert temperatures == sorted(temperatures) and temperatures[0] == -1
            # A wall ends where it joins the mast: at the temperature, or at
            # -1 for a number (whose mast starts at the bottom).
            assert wall[-1] == (-1 if g.is_number else t.temperature, t.mast)
        for temperature, value in t.left:
            assert value >= t.right_wall_at(temperature)


def test_latex():
    assert Game("1/2")._repr_latex_() == r"$\frac{1}{2}$"
    assert Game("^*")._repr_latex_() == r"${\uparrow}{\ast}$"
    assert Game("v")._repr_latex_() == r"${\downarrow}$"
    assert Game("+-1")._repr_latex_() == r"$\pm 1$"
    assert Game("{1|*}")._repr_latex_() == r"$\{1\mid {\ast}\}$"
    assert Game("Tiny(2)")._repr_latex_() == r"$\mathrm{Tiny}(2)$"
    assert Game("-3")._repr_latex_() == "$-3$"


def test_pickle_and_copy():
    for g in DAY2 + GENERATED[:50]:
        for protocol in (0, 2, pickle.HIGHEST_PROTOCOL):
            assert pickle.loads(pickle.dumps(g, protocol)) == g
        assert copy.copy(g) == g and copy.deepcopy(g) == g


# --- against the command line ---------------------------------------------

CLI_KEYS = {"value", "outcome", "left_stop", "right_stop", "mean", "temperature", "birthday", "reduced", "atomic_weight"}


@pytest.mark.skipif(not os.path.exists(cli_path()), reason=f"no cgt binary at {cli_path()} (set CGT_BIN)")
def test_properties_agree_with_the_command_line():
    games = GENERATED[::7] + [Game("{2|1*}"), Game("Tiny(1)"), Game("^<2>*")]
    terms = ["domineering(..#|...)", "toppling(lrrl)", "hackenbush(l(r;lr))"]
    cases = [(str(g), g) for g in games] + [(term, Game(term)) for term in terms]
    assert len(cases) >= 30
    for expression, g in cases:
        run = subprocess.run([cli_path(), "eval", expression, "--json"], capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        got = json.loads(run.stdout)
        assert set(got) == CLI_KEYS
        assert got["value"] == str(g)
        assert got["outcome"] == g.outcome.value
        for key in ("left_stop", "right_stop", "mean", "temperature"):
            assert F(got[key]) == getattr(g, key), (expression, key)
        assert int(got["birthday"]) == g.birthday
        assert got["reduced"] == str(g.reduced)
        weight = g.atomic_weight
        assert got["atomic_weight"] == (None if weight is None else str(weight)), expression


# --- random games (hypothesis) ---------------------------------------------

LEAVES = ["0", "1", "-1", "*", "1/2", "^", "*2", "+-1", "-3/4"]
games = st.recursive(
    st.sampled_from(LEAVES).map(Game),
    lambda kids: st.one_of(
        st.builds(Game.from_options, st.lists(kids, max_size=3), st.lists(kids, max_size=3)),
        st.builds(lambda g, h: g + h, kids, kids),
    ),
    max_leaves=12,
)

FAST = settings(max_examples=300, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(games, games, games)
def test_group_laws(g, h, k):
    assert g - g == 0
    assert g + h == h + g
    assert (g + h) + k == g + (h + k)
    assert -(-g) == g
    assert g + 0 == g
    assert g - h == g + (-h)
    assert (g <= h) == (h - g >= 0)


@FAST
@given(games)
def test_outcome_agrees_with_the_order(g):
    outcome = g.outcome
    assert (g > 0) == (outcome is Outcome.L)
    assert (g < 0) == (outcome is Outcome.R)
    assert (g == 0) == (outcome is Outcome.P)
    assert cgt.confused(g, 0) == (outcome is Outcome.N)
    assert (-g).outcome is {Outcome.L: Outcome.R, Outcome.R: Outcome.L}.get(outcome, outcome)


@FAST
@given(games)
def test_notation_round_trip(g):
    assert Game(str(g)) == g
    assert pickle.loads(pickle.dumps(g)) == g
    assert Game.from_options(g.left_options, g.right_options) == g


@FAST
@given(games, games)
def test_invariants_of_sums(g, h):
    s = g + h
    assert s.mean == g.mean + h.mean
    assert s.left_stop <= g.left_stop + h.left_stop
    assert s.right_stop >= g.right_stop + h.right_stop
    assert g.right_stop <= g.mean <= g.left_stop
    assert s.temperature <= max(g.temperature, h.temperature)
