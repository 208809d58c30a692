"""Loopy partizan games: `LoopyGame` on CGSuite's published examples, on
every game graph of up to two positions and on random ones of three (the
notation's round trip, the graph against named notation, outcomes against
a retrograde analysis written here, negatives against the mirrored graph),
against the `Game`s it contains and against the command line (`cgt eval
--json`: values, sides, outcomes, the order through differences, error
messages); the loopy ruleset classes (outcomes against their moves, values
against the graph of their moves, CGSuite's Fox and Geese values); errors."""

from __future__ import annotations

import functools
import itertools
import json
import os
import pickle
import random
import subprocess
from typing import Dict, List, Optional, Tuple

import pytest

import cgt
from cgt import Game, LoopyGame, LoopyOutcomeClass, Outcome, Relation, SidesUnsettledError
from conftest import DAY2, GENERATED, cli_path

needs_cli = pytest.mark.skipif(not os.path.exists(cli_path()), reason=f"no cgt binary at {cli_path()} (set CGT_BIN)")

#: A game graph: per position, its Left moves and its Right moves; the
#: start is position 0.
GraphSpec = Tuple[Tuple[Tuple[int, ...], ...], Tuple[Tuple[int, ...], ...]]


def _subsets(n: int) -> List[Tuple[int, ...]]:
    return [c for r in range(n + 1) for c in itertools.combinations(range(n), r)]


def _graphs() -> List[GraphSpec]:
    out: List[GraphSpec] = []
    for n in (1, 2):
        subsets = _subsets(n)
        for left in itertools.product(subsets, repeat=n):
            for right in itertools.product(subsets, repeat=n):
                out.append((left, right))
    rng = random.Random(20240611)
    subsets = _subsets(3)
    for _ in range(60):
        out.append((tuple(rng.choice(subsets) for _ in range(3)), tuple(rng.choice(subsets) for _ in range(3))))
    return out


#: Every graph of one or two positions (272), and 60 random ones of three.
GRAPHS = _graphs()


@functools.lru_cache(maxsize=None)
def value_of(graph: GraphSpec) -> Optional[LoopyGame]:
    """The value of `graph` from its start, or None where cgt cannot find
    its sides yet."""
    try:
        return LoopyGame.from_graph(*graph)
    except SidesUnsettledError:
        return None


def named_notation(graph: GraphSpec, v: int = 0, scope: Tuple[int, ...] = ()) -> str:
    """`graph` from `v` in CGSuite's notation with names: position `v` is
    `abc`[v]; a move to `v` itself is `pass`, to a position being defined
    around it its name, to any other a definition of it written out (the
    graph unfolded, a game with the same value)."""
    left, right = graph
    inside = scope + (v,)

    def option(w: int) -> str:
        if w == v:
            return "pass"
        if w in inside:
            return "abc"[w]
        return named_notation(graph, w, inside)

    return "abc"[v] + "{" + ",".join(map(option, left[v])) + "|" + ",".join(map(option, right[v])) + "}"


LEFT_WINS, DRAW, RIGHT_WINS = 1, 0, -1

#: CGSuite's class for (result with Left moving first, with Right moving first).
CLASSES = {
    (LEFT_WINS, LEFT_WINS): LoopyOutcomeClass.L,
    (RIGHT_WINS, RIGHT_WINS): LoopyOutcomeClass.R,
    (LEFT_WINS, RIGHT_WINS): LoopyOutcomeClass.N,
    (RIGHT_WINS, LEFT_WINS): LoopyOutcomeClass.P,
    (DRAW, DRAW): LoopyOutcomeClass.D,
    (DRAW, LEFT_WINS): LoopyOutcomeClass.PHat,
    (RIGHT_WINS, DRAW): LoopyOutcomeClass.PCheck,
    (LEFT_WINS, DRAW): LoopyOutcomeClass.NHat,
    (DRAW, RIGHT_WINS): LoopyOutcomeClass.NCheck,
}
RESULTS = {c: r for r, c in CLASSES.items()}


def retrograde(graph: GraphSpec) -> List[LoopyOutcomeClass]:
    """The outcome class of every position by retrograde analysis, done
    here on its own: a player to move wins if some move reaches a position
    where she wins with the other to move, loses if every move (or none)
    reaches one where the other wins; what is never decided is a draw."""
    left, right = graph
    n = len(left)
    moves = {(v, 0): [(w, 1) for w in left[v]] for v in range(n)}
    moves.update({(v, 1): [(w, 0) for w in right[v]] for v in range(n)})
    result: Dict[Tuple[int, int], int] = {}
    changed = True
    while changed:
        changed = False
        for state, options in moves.items():
            if state in result:
                continue
            win = LEFT_WINS if state[1] == 0 else RIGHT_WINS
            if any(result.get(o) == win for o in options):
                result[state], changed = win, True
            elif all(result.get(o) == -win for o in options):
                result[state], changed = -win, True
    return [CLASSES[result.get((v, 0), DRAW), result.get((v, 1), DRAW)] for v in range(n)]


def settled() -> List[Tuple[GraphSpec, LoopyGame]]:
    return [(graph, g) for graph in GRAPHS if (g := value_of(graph)) is not None]


#: Stoppers with cycles that CGSuite writes with its words.
NAMED_STOPPERS = ["Tiny(on)", "Miny(over)", "v<on>", "^[on]", "{1,pass|0}", "5over", "-1/4v[on]", "{on|0||0}",
                  "over + 1", "{on|over}", "{over|*}", "+-on", "{1|a{0|a}}", "{pass|3/2}", "+-{0|pass}", "upon + *"]


@functools.lru_cache(maxsize=None)
def stoppers() -> List[LoopyGame]:
    """The distinct stoppers among the graphs' values, the named ones and
    the short games born by day 2, in a fixed order."""
    seen = {g for _, g in settled() if g.is_stopper}
    seen |= {LoopyGame(t) for t in NAMED_STOPPERS} | {LoopyGame(g) for g in DAY2}
    return sorted(seen, key=str)


# --- CGSuite's published examples ----------------------------------------------------


@pytest.mark.parametrize(
    "notation, printed",
    [
        # CGSuite's printing of loopy values (its documentation and tests).
        ("{pass|3/2}", "3/2under"),
        ("a{{|a}|}", "1 & 0"),
        ("{0|{dud|},*}", "^ & v*"),
        ("+-{0|pass}", "+-over"),
        # The definitions: on = {pass|}, off = {|pass}, over = {0|pass},
        # under = {pass|0}, dud = {pass|pass} = on & off.
        ("{pass|}", "on"),
        ("{|pass}", "off"),
        ("a{0|a}", "over"),
        ("{pass|0}", "under"),
        ("{pass|pass}", "dud"),
        ("on & off", "dud"),
        ("1 & 0", "1 & 0"),
        ("on + off", "dud"),
    ],
)
def test_published_examples(notation, printed):
    g = LoopyGame(notation)
    assert str(g) == printed
    assert repr(g) == f"LoopyGame({printed!r})"
    assert LoopyGame(printed) == g
    assert pickle.loads(pickle.dumps(g)) == g


def test_examples_by_their_graphs():
    on = LoopyGame.from_graph([[0]], [[]])
    off = LoopyGame.from_graph([[]], [[0]])
    over = LoopyGame.from_graph([[1], []], [[0], []])
    dud = LoopyGame.from_graph([[0]], [[0]])
    assert (str(on), str(off), str(over), str(dud)) == ("on", "off", "over", "dud")
    assert LoopyGame("on") == on and LoopyGame("off") == off and LoopyGame("over") == over
    # upon = {pass|*} (Winning Ways, ch. 11).
    assert LoopyGame("upon") == LoopyGame("{pass|*}") == LoopyGame("a{a|*}")
    # a{{|a}|}: a = {{|a}|}, from a Left moves to b = {|a}, from b Right back.
    assert LoopyGame.from_graph([[1], []], [[], [0]]) == LoopyGame("1 & 0")
    assert dud.onside == on and dud.offside == off and not dud.is_stopper
    g = LoopyGame("a{{|a}|}")
    assert (g.onside, g.offside) == (LoopyGame(1), LoopyGame(0))
    assert g.onside.to_game() == Game(1) and g.to_game() is None
    assert LoopyGame("{pass|3/2}").onside == LoopyGame("{pass|3/2}")


def test_short_games_are_stoppers(day2):
    games = day2 + GENERATED[:60]
    for g in games:
        loopy = LoopyGame(g)
        assert loopy.is_stopper and loopy.to_game() == g
        assert loopy == g and g == loopy and loopy == LoopyGame(str(g))
        assert hash(loopy) == hash(g)
        assert str(loopy) == str(g)
        assert loopy.outcome.value == g.outcome.value
        assert LoopyGame(str(g)) == loopy
    # Numbers are numbers: equal and hashed alike.
    assert LoopyGame(1) == 1 == LoopyGame("1") and hash(LoopyGame("1/2")) == hash(Game("1/2"))
    assert LoopyGame(Game("^")) + "*" == Game("^*")
    # The order of stoppers restricted to short games is the order of games.
    for g, h in itertools.product(day2, repeat=2):
        assert (LoopyGame(g) <= LoopyGame(h)) == (g <= h), (g, h)
        assert (LoopyGame(g) <= h) == (g <= h)
        assert LoopyGame(g).compare(h) is g.compare(h)


# --- every small graph -------------------------------------------------------------------


def test_the_graphs_are_valued():
    values = [value_of(graph) for graph in GRAPHS]
    known = [g for g in values if g is not None]
    # Every graph of up to two positions is valued; a few of three may not be.
    assert all(value_of(graph) is not None for graph in GRAPHS if len(graph[0]) <= 2)
    assert len(known) >= len(GRAPHS) - 15
    assert sum(g.is_stopper for g in known) > 100 and sum(not g.is_stopper for g in known) > 100


def test_notation_round_trip():
    for graph, g in settled():
        text = str(g)
        back = LoopyGame(text)
        assert back == g, (graph, text)
        assert hash(back) == hash(g)
        assert pickle.loads(pickle.dumps(g)) == g
        assert g.is_stopper == (g.onside == g.offside) == (" & " not in text and text != "dud")
        assert LoopyGame(str(g.onside)) == g.onside and LoopyGame(str(g.offside)) == g.offside
        assert g.onside.is_stopper and g.offside.is_stopper
        assert g.onside >= g.offside
        if not g.is_stopper:
            assert g.onside.compare(g.offside) is Relation.GREATER
            assert LoopyGame(f"{g.onside} & {g.offside}") == g


def test_the_graph_and_its_named_notation_agree():
    agreed = 0
    for graph, g in settled():
        text = named_notation(graph)
        try:
            h = LoopyGame(text)
        except SidesUnsettledError:
            continue  # the unfolded graph is larger; sidling may not settle on it
        assert h == g, (graph, text)
        agreed += 1
    assert agreed >= len(GRAPHS) - 20


def test_outcomes_against_a_retrograde_analysis():
    for graph, g in settled():
        assert g.outcome is retrograde(graph)[0], (graph, str(g))
    # Outcomes need no value: they are known for the unsettled graphs too.
    classes = {retrograde(graph)[0] for graph in GRAPHS}
    assert classes == set(LoopyOutcomeClass)


def test_negatives_are_the_mirrored_graphs():
    for graph, g in settled():
        mirrored = value_of((graph[1], graph[0]))
        if mirrored is None:
            continue
        assert -g == mirrored, (graph, str(g))
        assert -(-g) == g and +g == g
        assert (-g).onside == -(g.offside) and (-g).offside == -(g.onside)
        first = RESULTS[g.outcome]
        assert (-g).outcome is CLASSES[-first[1], -first[0]]


def test_sums_of_stoppers():
    sample = stoppers()[::3]
    assert len(sample) >= 15
    for a, b in itertools.combinations(sample[:24], 2):
        try:
            s = a + b
        except SidesUnsettledError:
            continue
        assert b + a == s
        try:
            assert LoopyGame(f"{a} + {b}") == s, (str(a), str(b))
        except SidesUnsettledError:
            pass
        assert a - b == a + (-b)
    for a in sample:
        assert a + 0 == a and 0 + a == a and a - 0 == a
        assert a + Game("0") == a and a + "0" == a


def test_the_order_of_stoppers():
    sample = stoppers()
    on, off = LoopyGame("on"), LoopyGame("off")
    for g in sample:
        assert off <= g <= on
        assert g <= g and g >= g and not g < g and g.compare(g) is Relation.EQUAL
    few = sample[::4]
    for g, h in itertools.product(few, repeat=2):
        le, ge = g <= h, g >= h
        assert (le and ge) == (g == h)
        assert (g < h) == (le and g != h) and (g > h) == (ge and g != h)
        expected = {(True, True): Relation.EQUAL, (True, False): Relation.LESS,
                    (False, True): Relation.GREATER, (False, False): Relation.CONFUSED}[le, ge]
        assert g.compare(h) is expected
        assert (-h <= -g) == le
    for g, h, k in itertools.product(few[::2], repeat=3):
        if g <= h and h <= k:
            assert g <= k


# --- against the command line -----------------------------------------------------------


def cli(expression: str) -> subprocess.CompletedProcess:
    return subprocess.run([cli_path(), "eval", expression, "--json"], capture_output=True, text=True, timeout=120)


@needs_cli
def test_values_and_outcomes_agree_with_the_command_line():
    pairs = settled()
    sample = pairs[::9] + [(None, LoopyGame(t)) for t in ["upon", "over + under", "{0|{dud|},*}", "+-{0|pass}"]]
    assert len(sample) >= 35
    for graph, g in sample:
        expression = named_notation(graph) if graph is not None else str(g)
        run = cli(expression)
        if run.returncode == 1 and "cannot find the sides" in run.stderr:
            continue  # the unfolded graph; see test_the_graph_and_its_named_notation_agree
        assert run.returncode == 0, (expression, run.stderr)
        got = json.loads(run.stdout)
        assert got["value"] == str(g), expression
        assert got["outcome"] == g.outcome.value, expression
        if "is_stopper" in got:
            assert got["is_stopper"] == g.is_stopper
            assert (got["onside"], got["offside"]) == (str(g.onside), str(g.offside))
        else:  # a short game
            assert g.to_game() is not None and str(g.to_game()) == got["value"]


@needs_cli
def test_the_order_agrees_with_differences_on_the_command_line():
    # g >= h for stoppers exactly when Left survives g - h moving second:
    # with Right moving first, g - h is not a win for Right.
    sample = stoppers()[::3]
    rng = random.Random(3)
    pairs = [tuple(rng.sample(sample, 2)) for _ in range(30)] + [(g, g) for g in sample[:5]]
    checked = 0
    for g, h in pairs:
        run = cli(f"({g}) - ({h})")
        if run.returncode == 1 and "cannot find the sides" in run.stderr:
            continue
        assert run.returncode == 0, run.stderr
        right_first = RESULTS[LoopyOutcomeClass(json.loads(run.stdout)["outcome"])][1]
        assert (g >= h) == (right_first != RIGHT_WINS), (str(g), str(h))
        checked += 1
    assert checked >= 20


BAD = ["{0|b}", "{pass|pass} & off", "0 & 1", "pass", "a{0|a} +", "{1|", "backsliding(t.x)",
       "fox_and_geese((4,2),(4,3);(1,1))", "{0|a{b|a}}", "on &"]


@needs_cli
@pytest.mark.parametrize("text", BAD)
def test_notation_errors_are_the_command_lines(text):
    run = cli(text)
    assert run.returncode == 2
    prefix = "cgt: eval: EXPR "
    assert run.stderr.startswith(prefix)
    with pytest.raises(ValueError) as error:
        LoopyGame(text)
    assert str(error.value) == run.stderr[len(prefix):].strip()
    assert str(error.value).startswith("at character ")


def test_notation_errors_say_where():
    with pytest.raises(ValueError, match=r"^at character 4: `b` is not a name defined around it$"):
        LoopyGame("{0|b}")
    with pytest.raises(ValueError, match=r"^at character 1: the onside \(before `&`\) must be at least the offside$"):
        LoopyGame("0 & 1")


def unsettled_notation() -> Optional[str]:
    """Notation of a game whose sides cgt cannot find: a graph of three
    positions found so, or None once sidling settles them all."""
    for text in ["a{b{a|c{a,b,pass|a,b}}|}"] + [named_notation(g) for g in GRAPHS if value_of(g) is None]:
        try:
            LoopyGame(text)
        except SidesUnsettledError:
            return text
    return None


def test_sides_that_cannot_be_settled():
    text = unsettled_notation()
    if text is None:
        pytest.skip("sidling settles every graph here")
    with pytest.raises(SidesUnsettledError, match=r"^at character 1: .*cannot find the sides") as error:
        LoopyGame(text)
    assert isinstance(error.value, RuntimeError) and not isinstance(error.value, ValueError)
    graph = next(g for g in GRAPHS if value_of(g) is None)
    with pytest.raises(SidesUnsettledError, match="sidling did not settle"):
        LoopyGame.from_graph(*graph)
    # Its outcome is known all the same, from its graph.
    assert retrograde(graph)[0] in set(LoopyOutcomeClass)
    if os.path.exists(cli_path()):
        run = cli(text)
        assert run.returncode == 1
        assert run.stderr.strip() == f"cgt: eval: EXPR {error.value}"


# --- errors ------------------------------------------------------------------------------


def test_sided_values_neither_add_nor_order():
    sided = LoopyGame("1 & 0")
    for call in (lambda: sided + 1, lambda: 1 + sided, lambda: sided + sided, lambda: LoopyGame("over") - sided,
                 lambda: sided - "on"):
        with pytest.raises(NotImplementedError, match=r"cannot add a sided value \("):
            call()
    for call in (lambda: sided < 1, lambda: sided >= 0, lambda: LoopyGame("on") > sided, lambda: sided.compare(0),
                 lambda: LoopyGame(0).compare(sided)):
        with pytest.raises(TypeError, match="for stoppers only"):
            call()
    # Equality and negation are defined: -(A & B) = -B & -A.
    assert -sided == LoopyGame("0 & -1") and sided != LoopyGame("1 & -1") and sided != 1
    # The sum of the games themselves, in notation, is valued.
    assert LoopyGame("a{{|a}|} + 1") == LoopyGame("2 & 1")


def test_too_large():
    with pytest.raises(OverflowError, match="too large"):
        LoopyGame("*100000")
    with pytest.raises(OverflowError, match="too large"):
        LoopyGame.from_graph([[]] * 65537, [[]] * 65537)
    with pytest.raises(OverflowError):
        LoopyGame("99999999999999999999")


def test_wrong_arguments():
    g = LoopyGame("over")
    for call in (lambda: LoopyGame(None), lambda: LoopyGame(1.5), lambda: LoopyGame(True), lambda: g + None,
                 lambda: None - g, lambda: g < None, lambda: g.compare(1.5), lambda: LoopyGame.from_graph(3, [[]]),
                 lambda: LoopyGame.from_graph([["a"]], [[]]), lambda: cgt.BackslidingToadsAndFrogs(None),
                 lambda: cgt.LoopyPosition("t.")):
        with pytest.raises(TypeError):
            call()
    with pytest.raises(ValueError, match="left and right must list the moves of every position: 2 and 1"):
        LoopyGame.from_graph([[], []], [[]])
    with pytest.raises(ValueError, match=r"the Left move 0 -> 2 names a position not below 2"):
        LoopyGame.from_graph([[2], []], [[], []])
    with pytest.raises(ValueError, match="no position 1 to start from: the graph has 1"):
        LoopyGame.from_graph([[]], [[]], 1)
    with pytest.raises(ValueError, match="no position"):
        LoopyGame.from_graph([], [])
    # Strings and positions are not compared with values.
    assert (g == "over") is False and (g != "over") is True
    assert g != cgt.BackslidingToadsAndFrogs("t.")


def test_no_panic_on_random_notation():
    rng = random.Random(11)
    alphabet = list("{}|,&+-() 01*^v") + ["pass", "on", "off", "over", "a", "b", "dud", "upon", "backsliding(t.f)"]
    for _ in range(1500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        try:
            g = LoopyGame(text)
        except (ValueError, OverflowError, SidesUnsettledError):
            continue
        except BaseException as e:  # pyo3's PanicException is a BaseException
            pytest.fail(f"{text!r}: {type(e).__module__}.{type(e).__name__}: {e}")
        assert LoopyGame(str(g)) == g, text


# --- the loopy rulesets ------------------------------------------------------------------

Strip = cgt.BackslidingToadsAndFrogs
Fox = cgt.FoxAndGeese


def strips(cells: int) -> List[str]:
    return ["".join(c) for n in range(cells + 1) for c in itertools.product("tf.", repeat=n)]


def test_the_classes():
    assert cgt.ruleset("backsliding") is Strip and cgt.ruleset("fox_and_geese") is Fox
    assert issubclass(Strip, cgt.LoopyPosition) and not issubclass(Strip, cgt.Position)
    p = Strip("tt .f")
    assert p == Strip("tt.f") and hash(p) == hash(Strip("tt.f")) and p != Strip("t.tf")
    assert (str(p), repr(p), p.term, p.ruleset_name) == ("tt.f", "BackslidingToadsAndFrogs('tt.f')",
                                                         "backsliding(tt.f)", "backsliding")
    assert pickle.loads(pickle.dumps(p)) == p
    q = Fox(" (4,4), (4,2) ; (1,1) ")
    assert (str(q), q.term) == ("(4,2),(4,4);(1,1)", "fox_and_geese((4,2),(4,4);(1,1))")
    assert pickle.loads(pickle.dumps(q)) == q and repr(q) == "FoxAndGeese('(4,2),(4,4);(1,1)')"
    assert [str(m) for m in Fox("(3,1),(3,3);(2,2)").left_moves()] == ["(2,4),(3,1);(2,2)"]
    assert [str(m) for m in Fox("(3,1),(3,3);(2,2)").moves("right")] == ["(3,1),(3,3);(1,1)", "(3,1),(3,3);(1,3)"]
    assert [str(m) for m in Strip(".tf.").left_moves()] == ["t.f.", "..ft"]
    assert all(type(m) is Strip for m in p.left_moves() + p.right_moves())
    assert "<circle" in Strip("t.f")._repr_svg_() and Strip("")._repr_svg_() is None
    svg = Fox("(3,1),(3,3);(1,1)")._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") == 3
    assert "Backsliding Toads and Frogs" in Strip.__doc__ and "geese" in Fox.__doc__


def test_values_of_the_examples():
    # A lone toad with room steps forward and back forever: on = {pass|}.
    assert Strip("t.").value == LoopyGame("on") and Strip(".f").value == LoopyGame("off")
    assert Strip("").value == 0 and Strip("t.f").value.to_game() is not None
    # CGSuite's test of ValuesTable for Fox and Geese.
    assert str(Fox("(3,1),(3,3),(3,5),(3,7);(1,5)").value) == "{4|3||2}"
    # No geese, or the fox past them: off.
    assert Fox(";(1,1)").value == LoopyGame("off") == Fox("(3,1);(5,5)").value
    for p in (Strip("tt.f"), Fox("(3,1),(3,3);(1,3)")):
        assert LoopyGame(p) == p.value == LoopyGame(p.term)
        assert p + 1 == p.value + 1 and -p == -(p.value) and 1 - p == 1 - p.value


def test_cgsuites_fox_and_geese():
    # CGSuite's test of Fox and Geese: the geese on row 4, the fox in the
    # corner (7,258 positions).
    assert str(Fox("(4,2),(4,4),(4,6),(4,8);(1,1)").value) == "{4*|7/2}"


def graph_of_moves(start: cgt.LoopyPosition) -> GraphSpec:
    """The graph of every position reachable from `start` by the class's
    `left_moves` and `right_moves`, found here by a breadth-first search."""
    index = {start: 0}
    order = [start]
    left: List[List[int]] = []
    right: List[List[int]] = []
    for p in order:
        for moves, side in ((p.left_moves(), left), (p.right_moves(), right)):
            targets = []
            for m in moves:
                if m not in index:
                    index[m] = len(order)
                    order.append(m)
                targets.append(index[m])
            side.append(targets)
    return tuple(map(tuple, left)), tuple(map(tuple, right))


def test_backsliding_values_against_the_graph_of_their_moves():
    for text in strips(4):
        p = Strip(text)
        graph = graph_of_moves(p)
        assert p.value == LoopyGame.from_graph(*graph), text
        assert p.outcome() is retrograde(graph)[0] is p.value.outcome, text


def check_outcome_against_moves(p: cgt.LoopyPosition) -> None:
    # Left moving first wins if some move reaches a position Left wins
    # with Right moving first, loses if every move (or none) reaches one
    # Right wins; otherwise it is a draw. Right alike.
    first = RESULTS[p.outcome()]
    after_left = [RESULTS[m.outcome()][1] for m in p.left_moves()]
    after_right = [RESULTS[m.outcome()][0] for m in p.right_moves()]
    left_first = max(after_left, default=RIGHT_WINS)
    right_first = min(after_right, default=LEFT_WINS)
    assert first == (left_first, right_first), p


def test_backsliding_outcomes_against_their_moves():
    seen = {c for text in strips(5) for c in [Strip(text).outcome()]}
    for text in strips(5):
        check_outcome_against_moves(Strip(text))
    assert {LoopyOutcomeClass.L, LoopyOutcomeClass.R, LoopyOutcomeClass.N, LoopyOutcomeClass.P} <= seen
    # Outcomes need no value: a strip's outcome is found without its sides.
    assert Strip("ttt..fff").outcome() in set(LoopyOutcomeClass)


def test_fox_and_geese_outcomes_against_their_moves():
    starts = ["(3,1),(3,3),(3,5),(3,7);(1,5)", "(2,2),(2,4);(1,1)", "(3,3),(2,2);(1,5)", "(4,4);(1,1)"]
    checked = 0
    for start in starts:
        frontier = [Fox(start)]
        seen = set(frontier)
        for _ in range(2):  # the start and the positions one and two moves away
            following = []
            for p in frontier:
                check_outcome_against_moves(p)
                checked += 1
                for m in p.left_moves() + p.right_moves():
                    if m not in seen:
                        seen.add(m)
                        following.append(m)
            frontier = following
        value = Fox(start).value
        assert value.outcome is Fox(start).outcome()
    assert checked >= 20


def test_bad_positions():
    with pytest.raises(ValueError, match=r"^backsliding position: at character 3: expected 't', 'f' or '\.', found 'x'$"):
        Strip("t.x")
    with pytest.raises(ValueError, match=r"^fox_and_geese position: at character 7: \(4,3\) is not a square of the "
                                         r"board: row \+ column is odd$"):
        Fox("(4,2),(4,3);(1,1)")
    for cls in (Strip, Fox):
        with pytest.raises(ValueError, match=rf"^{cls.ruleset} position: "):
            cls("?")
    with pytest.raises(ValueError, match='side must be "left" or "right", not "up"'):
        Strip("t.").moves("up")
    with pytest.raises(TypeError, match="LoopyPosition is the base of the loopy ruleset classes"):
        cgt.LoopyPosition("t.")


@needs_cli
@pytest.mark.parametrize("term", ["backsliding(t.x)", "fox_and_geese((4,2),(4,3);(1,1))", "backsliding(" + "t" * 65 + ")"])
def test_bad_positions_are_the_command_lines(term):
    run = cli(term)
    assert run.returncode == 2
    # The command line says where the term's argument starts, then the
    # ruleset's error, which the class raises.
    message = run.stderr.strip().split(": ", 3)[3]
    name, argument = term[:-1].split("(", 1)
    with pytest.raises(ValueError) as error:
        cgt.ruleset(name)(argument)
    assert str(error.value) == message


@needs_cli
def test_sums_of_loopy_positions_are_valued_term_by_term():
    # A fuzzer's hang (issue 39): each term is * at once, and the sum's
    # product graph took minutes on the command line. Each loopy term is
    # valued first, in Python as on the command line.
    x = Strip("t.f.tf")
    assert x.value == LoopyGame("*")
    assert x + x == 0 and x - x == 0 and x + x + x == LoopyGame("*")
    on, off = Strip("t.ft"), Strip("t.f.f")
    assert on.value == LoopyGame("on") and off.value == LoopyGame("off")
    assert on + off == LoopyGame("dud")
    for expression, printed in [
        (f"{x.term} + {x.term}", "0"),
        (f"{x.term} - {x.term}", "0"),
        (f"{on.term} + {off.term}", "dud"),
    ]:
        run = subprocess.run([cli_path(), "eval", expression], capture_output=True, text=True, timeout=60)
        assert (run.returncode, run.stdout, run.stderr) == (0, printed + "\n", ""), expression
