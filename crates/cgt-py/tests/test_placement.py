"""`cgt.PlacementGame`, a placement game by each player's shapes: with
Left's vertical domino and Right's horizontal one it is `cgt.Domineering`,
with both dominoes for both `cgt.Cram`, on every board up to 10 cells and on
random larger ones; errors are exceptions with one line; the stub says what
the runtime has."""

from __future__ import annotations

import ast
import inspect
import random
import signal
import sys
import time
from pathlib import Path

import pytest

import cgt
from conftest import child

VERTICAL = [(0, 0), (1, 0)]
HORIZONTAL = [(0, 0), (0, 1)]


def every_board(cells: int):
    """Every board of at most `cells` cells, each cell empty or filled."""
    for rows in range(1, cells + 1):
        for cols in range(1, cells // rows + 1):
            for filled in range(1 << (rows * cols)):
                yield "|".join(
                    "".join("#" if filled >> (r * cols + c) & 1 else "." for c in range(cols)) for r in range(rows)
                )


def random_boards(sizes, count: int, seed: int):
    rng = random.Random(seed)
    for rows, cols in sizes:
        for _ in range(count):
            yield "|".join("".join(rng.choice("...#") for _ in range(cols)) for _ in range(rows))


def test_dominoes_are_domineering():
    game = cgt.PlacementGame(left=[VERTICAL], right=[HORIZONTAL])
    boards = list(every_board(10)) + list(random_boards([(4, 5), (5, 4), (3, 6), (5, 5)], 5, 1))
    assert len(boards) > 5000
    for board in boards:
        assert game.value(board) == cgt.Domineering(board).value, board
    empty = "|".join(["....."] * 4)
    assert game.value(empty) == cgt.Domineering(empty).value == 1


def test_both_dominoes_for_both_are_cram():
    game = cgt.PlacementGame([VERTICAL, HORIZONTAL], [HORIZONTAL, VERTICAL])
    # One domino with its quarter turns is both.
    turned = cgt.PlacementGame([VERTICAL], [HORIZONTAL], symmetries="rotations")
    assert turned.left == turned.right == [HORIZONTAL, VERTICAL]
    boards = list(every_board(10)) + list(random_boards([(4, 5), (3, 7)], 5, 2))
    for board in boards:
        value = cgt.Cram(board).value
        assert value.is_nimber, board
        assert game.value(board) == value == turned.value(board), board


def test_outcomes_are_the_values_outcomes():
    game = cgt.PlacementGame([VERTICAL], [HORIZONTAL])
    for board, expected in [("..|..", cgt.Outcome.N), (".|.", cgt.Outcome.L), ("..", cgt.Outcome.R), ("#", cgt.Outcome.P)]:
        assert game.outcome(board) == expected
        assert cgt.Domineering(board).outcome() == expected


def test_values_are_games_of_the_shared_store():
    game = cgt.PlacementGame([[(0, 0), (1, 0), (2, 0)]], [[(3, 1), (3, 2), (3, 3)]])
    value = game.value("...|...|...")
    assert isinstance(value, cgt.Game)
    # Transposed, a board's value is the negative: the players exchange
    # shapes.
    for board in random_boards([(3, 4), (4, 4), (2, 6)], 10, 3):
        rows = board.split("|")
        transposed = "|".join("".join(row[c] for row in rows) for c in range(len(rows[0])))
        assert game.value(transposed) == -game.value(board), board
    assert value + cgt.Game("^") - value == cgt.Game("^")
    assert game.value("") == 0


def test_shapes_are_kept_from_their_corner_with_their_images():
    game = cgt.PlacementGame([[(5, 5), (6, 5), (6, 6)]], [[(0, 0)]], symmetries="all")
    assert game.left == [[(0, 0), (0, 1), (1, 0)], [(0, 0), (0, 1), (1, 1)], [(0, 0), (1, 0), (1, 1)], [(0, 1), (1, 0), (1, 1)]]
    assert game.right == [[(0, 0)]]
    assert repr(cgt.PlacementGame([VERTICAL], [])) == "PlacementGame(left=[[(0, 0), (1, 0)]], right=[])"
    # Nobody can move: every board is 0.
    assert cgt.PlacementGame([], []).value("...|...") == 0


@pytest.mark.parametrize(
    "left, message",
    [
        ([[]], "Left's shape 0 has no cells"),
        ([VERTICAL, [(1, 2), (1, 2)]], "Left's shape 1 names the cell (1, 2) twice"),
        ([[(0, 0), (100, 0)]], "Left's shape 0 spans 101 rows and 1 columns; a board has at most 64 cells"),
        ([[(0, 0), (2**70, 0)]], "Left's shape 0: cell 1 is too far off; a shape fits a board of at most 64 cells"),
        ([[(0, 0)]] * 300, "Left's shapes number more than 256"),
        ([[(0, i) for i in range(65)]], "Left's shape 0 has more than 64 cells"),
    ],
)
def test_bad_shapes_are_value_errors(left, message):
    with pytest.raises(ValueError) as error:
        cgt.PlacementGame(left, [HORIZONTAL])
    assert str(error.value) == message


@pytest.mark.parametrize(
    "left, message",
    [
        ("ab", "left must be a list of shapes, each a list of (row, column) pairs of ints"),
        (3, "left must be a list of shapes, each a list of (row, column) pairs of ints"),
        ([[(0, "x")]], "Left's shape 0: cell 0 has an offset that is not an int"),
        ([[[0, 0]]], "Left's shape 0: cell 0 is not a (row, column) tuple"),
        ([[(0, 0, 0)]], "Left's shape 0: cell 0 is not a (row, column) tuple"),
    ],
)
def test_what_is_not_shapes_is_a_type_error(left, message):
    with pytest.raises(TypeError) as error:
        cgt.PlacementGame(left, [])
    assert str(error.value) == message


def test_bad_grids_and_symmetries_are_value_errors():
    game = cgt.PlacementGame([VERTICAL], [HORIZONTAL])
    for board in ["..|.x", "..|...", "." * 65]:
        with pytest.raises(ValueError) as ours:
            game.value(board)
        with pytest.raises(ValueError) as theirs:
            cgt.Domineering(board)
        # The same message, without the ruleset's name before it.
        assert str(theirs.value) == "domineering position: " + str(ours.value)
    with pytest.raises(ValueError, match='^symmetries must be "none", "rotations" or "all", not "mirror"$'):
        cgt.PlacementGame([VERTICAL], [HORIZONTAL], symmetries="mirror")


def test_the_stub_has_the_runtime_members():
    stub = Path(cgt.__file__).with_name("__init__.pyi")
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "PlacementGame")
    members = {f.name: f for f in node.body if isinstance(f, ast.FunctionDef)}
    public = {m for m in vars(cgt.PlacementGame) if not m.startswith("_")}
    assert public == set(members) - {"__init__"}

    def names(f):
        return [a.arg for a in f.args.args if a.arg != "self"]

    assert names(members["__init__"]) == list(inspect.signature(cgt.PlacementGame).parameters)
    assert inspect.signature(cgt.PlacementGame).parameters["symmetries"].default == "none"
    for name in ("value", "outcome"):
        assert names(members[name]) == [p for p in inspect.signature(getattr(cgt.PlacementGame, name)).parameters if p != "self"]
    for name in ("left", "right"):
        assert [ast.unparse(d) for d in members[name].decorator_list] == ["property"]


INTERRUPTED = r"""
import signal, time
signal.signal(signal.SIGINT, signal.default_int_handler)
import cgt
game = cgt.PlacementGame([[(0, 0), (1, 0)]], [[(0, 0), (0, 1)]])
print("READY", flush=True)
try:
    game.value("|".join(["......"] * 6))
    print("FINISHED", flush=True)
except KeyboardInterrupt:
    print("INTERRUPTED", flush=True)
print(game.value("..|.."), cgt.Game("^") + "*", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_a_long_search_and_the_game_goes_on():
    p = child(INTERRUPTED)
    try:
        assert p.stdout.readline().strip() == "READY", p.communicate()[1][-500:]
        time.sleep(1.0)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=5)
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
    assert p.returncode == 0, err
    assert out.splitlines() == ["INTERRUPTED", "+-1 ^*"]
