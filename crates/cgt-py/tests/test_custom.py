"""Rulesets written in Python (`cgt.Ruleset`, `cgt.ImpartialRuleset`,
`cgt.LoopyRuleset`, `cgt.HeapGame`) against the built-in rulesets, codes
and graphs they restate; their errors, Ctrl-C and deep games."""

from __future__ import annotations

import itertools
import os
import random
import sys
import traceback
from pathlib import Path

import pytest

import cgt

sys.path.insert(0, str(Path(__file__).parent))
from conftest import ctrl_c_after_each_ready  # noqa: E402
from custom_rulesets import (  # noqa: E402
    Clobber, Cutcake, Dawson, Domineering, TopplingDominoes, dawson_options,
)


def boards(height: int, width: int, cells: str):
    for fill in itertools.product(cells, repeat=height * width):
        yield "|".join("".join(fill[r * width:(r + 1) * width]) for r in range(height))


def random_board(rng: random.Random, height: int, width: int, cells: str, weights) -> str:
    return "|".join("".join(rng.choices(cells, weights, k=width)) for _ in range(height))


# --- partizan: equal to the built-in rulesets --------------------------------------


@pytest.mark.parametrize("split", [True, False])
def test_domineering_equals_the_built_in(split):
    game = Domineering(split)
    shapes = [(1, 4), (2, 2), (2, 3), (3, 2), (3, 3)] if split else [(2, 3), (3, 2)]
    for height, width in shapes:
        for board in boards(height, width, ".#"):
            assert game.value(board) == cgt.Domineering(board).value, board
            assert game.outcome(board) == cgt.Domineering(board).outcome(), board
    rng = random.Random(44)
    for _ in range(15 if split else 3):
        board = random_board(rng, 4, 5, ".#", [3, 2])
        assert game.value(board) == cgt.Domineering(board).value, board
        assert game.outcome(board) == cgt.Domineering(board).outcome(), board


def test_clobber_equals_the_built_in():
    game = Clobber()
    for height, width in [(1, 5), (2, 2), (2, 3)]:
        for board in boards(height, width, "xo."):
            assert game.value(board) == cgt.Clobber(board).value, board
    rng = random.Random(7)
    for _ in range(10):
        board = random_board(rng, 3, 4, "xo.", [2, 2, 3])
        assert game.value(board) == cgt.Clobber(board).value, board
        assert game.outcome(board) == cgt.Clobber(board).outcome(), board


def test_cutcake_equals_the_built_in():
    game = Cutcake()
    for m in range(1, 9):
        for n in range(1, 9):
            assert game.value(((m, n),)) == cgt.Cutcake(f"{m},{n}").value, (m, n)
    rng = random.Random(3)
    for _ in range(5):
        m, n = rng.randint(9, 14), rng.randint(9, 14)
        assert game.value(((m, n),)) == cgt.Cutcake(f"{m},{n}").value, (m, n)
    # Two cakes are the sum of their values.
    assert game.value(((2, 3), (4, 1))) == cgt.Cutcake("2,3").value + cgt.Cutcake("4,1").value


def test_toppling_dominoes_equals_the_built_in():
    game = TopplingDominoes()
    for length in range(7):
        for row in map("".join, itertools.product("lre", repeat=length)):
            assert game.value(row) == cgt.TopplingDominoes(row).value, row
            assert game.outcome(row) == cgt.TopplingDominoes(row).outcome(), row
    rng = random.Random(5)
    for _ in range(10):
        row = "".join(rng.choices("lre", k=14))
        assert game.value(row) == cgt.TopplingDominoes(row).value, row


def test_values_live_in_the_one_store_and_moves_are_asked_once():
    calls = []

    class Counted(Domineering):
        def left_moves(self, board):
            calls.append(board)
            return super().left_moves(board)

    game = Counted()
    v = game.value("...|...")
    assert cgt.Game("^") + v + cgt.Domineering("..|..").value == cgt.Game("^") + cgt.Domineering("...|...").value + "+-1"
    asked = len(calls)
    assert asked == len(set(calls)) > 0
    size = cgt.store_size()
    assert game.value("...|...") is not v and game.value("...|...") == v
    # A position met on the way is known already.
    assert "#..|#.." in calls
    assert game.value("#..|#..") == cgt.Domineering("#..|#..").value
    assert len(calls) == asked and cgt.store_size() == size


def test_winning_move_wins():
    game = TopplingDominoes()
    for row in ["lr", "llr", "lrel", "rrl"]:
        for side in ("left", "right"):
            move = game.winning_move(row, side)
            outcome = game.outcome(row)
            wins = outcome in ((cgt.Outcome.L, cgt.Outcome.N) if side == "left" else (cgt.Outcome.R, cgt.Outcome.N))
            assert (move is not None) == wins, (row, side)
            if move is not None:
                opponent_wins = game.winning_move(move, "right" if side == "left" else "left") is not None
                assert not opponent_wins
                assert move in list(getattr(game, f"{side}_moves")(row))


def test_a_position_draws_itself_with_draw():
    class Drawn(TopplingDominoes):
        def draw(self, row):
            return f"<svg><text>{row}</text></svg>"

    p = Drawn().position("lr")
    assert p._repr_svg_() == "<svg><text>lr</text></svg>"
    assert p.value == cgt.Game("*") and p.outcome is cgt.Outcome.N
    assert p.position == "lr" and repr(p) == "Drawn().position('lr')"
    assert TopplingDominoes().position("lr")._repr_svg_() is None


# --- impartial: equal to the octal code's values ---------------------------------


def test_heap_game_equals_its_code():
    dawson = cgt.HeapGame(dawson_options, name="dawson")
    assert cgt.grundy_values(dawson, 300) == cgt.grundy_values("0.07", 300)
    assert cgt.misere_values(dawson, 25) == cgt.misere_values("0.07", 25)
    found, code = cgt.period(dawson, 400), cgt.period("0.07")
    assert (found.preperiod, found.period, found.saltus) == (code.preperiod, code.period, code.saltus)
    # No theorem covers a game given by a function: observed, not proved.
    assert code.certified and not found.certified
    assert found.game == "dawson" and "certified=False" in repr(found)
    take = cgt.HeapGame(lambda n: [n - k for k in (1, 2) if k <= n], name="S(1,2)")
    mine, built_in = cgt.formula(take), cgt.formula("S(1,2)")
    assert "observed up to n = 4095, not proved" in mine and "certified by the Guy-Smith" in built_in
    assert mine.split("\n")[4:] == built_in.split("\n")[4:]
    assert cgt.plot_svg(dawson, 40).startswith("<svg")
    assert dawson.options(5) == [[3], [1, 2], [2, 1], [3]]


def test_heap_game_example_kayles():
    kayles = cgt.HeapGame(lambda n: [(a, n - k - a) for k in (1, 2) if k <= n for a in range(n - k + 1)])
    assert cgt.grundy_values(kayles, 100) == cgt.grundy_values("0.77", 100)
    assert cgt.period(kayles, 200).period == 12
    assert cgt.misere_values(kayles, 30) == cgt.misere_values("0.77", 30)
    assert repr(kayles) == 'HeapGame("HeapGame")'


def test_impartial_ruleset_equals_its_code():
    game = Dawson()
    values = cgt.grundy_values("0.07", 60)
    for n in range(61):
        assert game.grundy((n,) if n else ()) == values[n], n
        assert game.value((n,) if n else ()) == cgt.Game(f"*{values[n]}")
    assert game.grundy((5, 9, 12)) == values[5] ^ values[9] ^ values[12]
    misere = cgt.misere_values("0.07", 14)
    for n in range(1, 15):
        want = cgt.Outcome.N if misere[n] else cgt.Outcome.P
        assert game.misere_outcome((n,)) is want, n
    for heaps in [(4,), (5, 9), (3, 3, 7)]:
        moves = game.winning_moves(heaps)
        assert all(game.grundy(m) == 0 for m in moves)
        assert bool(moves) == (game.outcome(heaps) is cgt.Outcome.N)


# --- loopy: equal to LoopyGame.from_graph ------------------------------------------


class GraphGame(cgt.LoopyRuleset):
    def __init__(self, left, right):
        self.left, self.right = left, right

    def left_moves(self, v):
        return self.left[v]

    def right_moves(self, v):
        return self.right[v]


def value_or_error(f):
    try:
        return str(f())
    except cgt.SidesUnsettledError as e:
        return type(e)


def test_loopy_ruleset_equals_from_graph():
    rng = random.Random(11)
    checked = 0
    for _ in range(60):
        n = rng.randint(1, 6)
        left = [sorted(rng.sample(range(n), rng.randint(0, min(2, n)))) for _ in range(n)]
        right = [sorted(rng.sample(range(n), rng.randint(0, min(2, n)))) for _ in range(n)]
        game = GraphGame(left, right)
        for start in range(n):
            want = value_or_error(lambda: cgt.LoopyGame.from_graph(left, right, start))
            assert value_or_error(lambda: game.value(start)) == want, (left, right, start)
            want = cgt.LoopyGame.from_graph(left, right, start) if not isinstance(want, type) else None
            if want is not None:
                assert game.value(start) == want
                assert game.outcome(start) is want.outcome
                checked += 1
    assert checked > 100


def test_loopy_example():
    class Chase(cgt.LoopyRuleset):
        def left_moves(self, p):
            return [p]

        def right_moves(self, p):
            return [] if p == 0 else [p - 1]

    assert str(Chase().value(0)) == "on"
    assert Chase().outcome(3) is cgt.LoopyOutcomeClass.L


def test_loopy_bound():
    class Counter(cgt.LoopyRuleset):
        max_positions = 50

        def left_moves(self, p):
            return [p + 1]

        def right_moves(self, p):
            return []

    with pytest.raises(OverflowError, match="more than 50 positions are reachable from 0"):
        Counter().value(0)


# --- errors ------------------------------------------------------------------------


class Flaky(TopplingDominoes):
    """Raises the first time it is asked about `bad`."""

    def __init__(self, bad):
        self.bad, self.failed = bad, False

    def left_moves(self, row):
        if row == self.bad and not self.failed:
            self.failed = True
            raise ZeroDivisionError(f"no moves from {row}")
        return super().left_moves(row)


def test_an_exception_reaches_the_caller_and_the_memo_stays_right():
    game = Flaky("rl")
    with pytest.raises(ZeroDivisionError, match="no moves from rl") as caught:
        game.value("lerlrl")
    frames = [frame.name for frame in traceback.extract_tb(caught.value.__traceback__)]
    assert "left_moves" in frames
    for row in ["lerlrl", "rl", "erlrl", "lrl"]:
        assert game.value(row) == cgt.TopplingDominoes(row).value, row
    game = Flaky("rl")
    with pytest.raises(ZeroDivisionError):
        game.outcome("lerlrl")
    assert game.outcome("lerlrl") == cgt.TopplingDominoes("lerlrl").outcome()


def test_impartial_and_loopy_rulesets_recover_from_an_exception():
    class FlakyDawson(Dawson):
        failed = False

        def moves(self, heaps):
            if heaps == (3,) and not self.failed:
                self.failed = True
                raise ArithmeticError("three")
            return super().moves(heaps)

    game = FlakyDawson()
    with pytest.raises(ArithmeticError, match="three"):
        game.grundy((12,))
    assert game.grundy((12,)) == cgt.grundy_values("0.07", 12)[12]

    left, right = [[1], [2], [0]], [[], [0], [1]]

    class FlakyGraph(GraphGame):
        failed = False

        def right_moves(self, v):
            if v == 2 and not self.failed:
                self.failed = True
                raise LookupError("two")
            return super().right_moves(v)

    game = FlakyGraph(left, right)
    with pytest.raises(LookupError, match="two"):
        game.value(0)
    assert game.value(0) == cgt.LoopyGame.from_graph(left, right, 0)


def test_a_ruleset_copies_and_pickles_without_its_memo():
    import copy
    import pickle

    game = TopplingDominoes()
    assert game.value("lrl") == cgt.TopplingDominoes("lrl").value
    for other in (copy.copy(game), pickle.loads(pickle.dumps(game))):
        assert "_cgt_memo" not in vars(other)
        assert other.value("lrl") == game.value("lrl")


def test_heap_game_exception_reaches_the_caller():
    def options(n):
        if n == 7:
            raise KeyError("seven")
        return dawson_options(n)

    game = cgt.HeapGame(options)
    for f in (lambda: cgt.grundy_values(game, 20), lambda: cgt.period(game, 30), lambda: cgt.misere_values(game, 9)):
        with pytest.raises(KeyError, match="seven"):
            f()
    assert cgt.grundy_values(game, 6) == cgt.grundy_values("0.07", 6)
    with pytest.raises(ValueError, match=r"heap 1 has the option \(1,\); an option is a tuple of heaps \(ints from 0 to 0\)"):
        cgt.grundy_values(cgt.HeapGame(lambda n: [(n,)] if n else []), 5)
    with pytest.raises(TypeError, match="a heap game is a code"):
        cgt.grundy_values(3, 5)
    with pytest.raises(TypeError, match="must be a function"):
        cgt.HeapGame(3)


def test_unhashable_positions_are_a_type_error():
    class Lists(cgt.Ruleset):
        def left_moves(self, p):
            return [[1, 2]]

        def right_moves(self, p):
            return []

    with pytest.raises(TypeError, match=r"a position must be hashable.*\[1, 2\] is a list"):
        Lists().value(0)
    with pytest.raises(TypeError, match="a position must be hashable"):
        TopplingDominoes().value(["l"])
    with pytest.raises(TypeError, match="a position must be hashable"):
        Dawson().grundy([3])


def test_bad_rulesets_are_clear_errors():
    class NoneMoves(cgt.Ruleset):
        def left_moves(self, p):
            return None

        def right_moves(self, p):
            return []

    with pytest.raises(TypeError, match="left_moves must return an iterable of positions, not NoneType"):
        NoneMoves().value(0)

    class Cycle(cgt.Ruleset):
        def left_moves(self, p):
            return [(p + 1) % 3]

        def right_moves(self, p):
            return []

    with pytest.raises(ValueError, match="Cycle: the game has a cycle"):
        Cycle().value(0)

    class Circle(Cycle):
        right_moves = Cycle.left_moves

    with pytest.raises(ValueError, match="Circle: the game has a cycle"):
        Circle().outcome(0)

    class Unwritten(cgt.Ruleset):
        pass

    with pytest.raises(NotImplementedError, match="Unwritten.left_moves is not written"):
        Unwritten().value(0)

    class Reentrant(cgt.Ruleset):
        def left_moves(self, p):
            return [self.value(p - 1)] if p else []

        def right_moves(self, p):
            return []

    with pytest.raises(RuntimeError, match="answering another question"):
        Reentrant().value(2)


# --- deep games ------------------------------------------------------------------


def test_a_game_thousands_of_moves_deep():
    depth = 20_000

    class Ladder(cgt.Ruleset):
        def left_moves(self, n):
            return [n - 1] if n else []

        def right_moves(self, n):
            return []

    game = Ladder()
    assert game.value(depth) == depth
    assert game.outcome(depth) is cgt.Outcome.L

    class Path(cgt.ImpartialRuleset):
        def moves(self, n):
            return [n - 1] if n else []

    assert Path().grundy(depth + 1) == 1
    # Misère: who cannot move wins; the player to move at an even n does.
    assert Path().misere_outcome(depth) is cgt.Outcome.N
    assert Path().misere_outcome(depth - 1) is cgt.Outcome.P


# --- Ctrl-C --------------------------------------------------------------------------

CHILD = """
import sys
sys.path.insert(0, {tests!r})
import cgt
from custom_rulesets import Domineering

game = Domineering()
print("ready", flush=True)
try:
    game.value("{board}")
except KeyboardInterrupt:
    print("interrupted", flush=True)
else:
    print("finished", flush=True)
    sys.exit(1)
# The store and the ruleset go on.
assert cgt.Game("^") + game.value("..|..") == cgt.Game("^") + cgt.Domineering("..|..").value
assert game.value("...|...") == cgt.Domineering("...|...").value
print("usable", flush=True)
"""


HEAP_CHILD = """
import sys
import cgt

kayles = cgt.HeapGame(lambda n: [(a, n - k - a) for k in (1, 2) if k <= n for a in range(n - k + 1)])
print("ready", flush=True)
try:
    cgt.period(kayles, 1 << 20)
except KeyboardInterrupt:
    print("interrupted", flush=True)
else:
    print("finished", flush=True)
    sys.exit(1)
assert cgt.grundy_values(kayles, 30) == cgt.grundy_values("0.77", 30)
assert cgt.Game("^") + 1 == cgt.Game("1^")
print("usable", flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child")
@pytest.mark.parametrize("what", ["ruleset", "heap game"])
def test_ctrl_c_stops_a_long_search(what):
    board = "|".join(["......."] * 7)
    code = CHILD.format(tests=str(Path(__file__).parent), board=board) if what == "ruleset" else HEAP_CHILD
    answers, out, err, status = ctrl_c_after_each_ready(code, 1)
    assert [line for line, _ in answers] + out.split() == ["interrupted", "usable"], err
    assert status == 0, err


def test_the_docstring_examples_run():
    import doctest

    import cgt._custom

    result = doctest.testmod(cgt._custom)
    assert result.attempted >= 6 and result.failed == 0
