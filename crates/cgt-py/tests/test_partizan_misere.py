"""Partizan misère play: `Game.misere_outcome` and `Game.misere_ge` (on the
canonical form), `Position.misere_outcome()` (the position's own game
tree), and `cgt.misere_outcome` / `cgt.misere_ge` on notation as written;
checked against a plain misère search written here."""

from functools import lru_cache

import pytest

import cgt
from cgt import Outcome


def test_outcomes_of_small_games():
    # Whoever cannot move wins.
    assert cgt.Game("0").misere_outcome is Outcome.N
    assert cgt.Game("*").misere_outcome is Outcome.P
    assert cgt.Game(1).misere_outcome is Outcome.R
    assert cgt.Game(-1).misere_outcome is Outcome.L
    # A Game is its canonical value: {0, -1|} is 1, R in misère play; as
    # written, Left may move to -1, Right must move, and Left wins.
    assert cgt.Game("{0,-1|}").misere_outcome is Outcome.R
    assert cgt.misere_outcome("{0,-1|}") is Outcome.N
    assert cgt.misere_outcome("{0,*|0}") is Outcome.L
    # A sum term by term: each player's one move is forced.
    assert cgt.misere_outcome("1 - 1") is Outcome.N


def test_positions_play_their_own_game_tree():
    strip = cgt.Domineering(".|.")
    assert strip.misere_outcome() is Outcome.R
    assert cgt.Kayles("1").misere_outcome() is Outcome.P
    assert cgt.misere_outcome("kayles(1) + kayles(1)") is Outcome.N


def _misere_search():
    """A plain misère search of a form given by option tuples: whether
    the player to move wins (one with no move wins)."""

    @lru_cache(maxsize=None)
    def wins(form, left_to_move):
        moves = form[0] if left_to_move else form[1]
        return not moves or any(not wins(m, not left_to_move) for m in moves)

    return wins


def _form(game, memo):
    """A Game's canonical form as nested tuples of options."""
    if game not in memo:
        memo[game] = (
            tuple(_form(g, memo) for g in game.left_options),
            tuple(_form(g, memo) for g in game.right_options),
        )
    return memo[game]


def test_misere_outcome_agrees_with_a_plain_search_on_games_born_by_day_two():
    wins = _misere_search()
    memo = {}
    for game in cgt.born_by(2):
        form = _form(game, memo)
        left, right = wins(form, True), wins(form, False)
        expected = {
            (True, False): Outcome.L,
            (False, True): Outcome.R,
            (True, True): Outcome.N,
            (False, False): Outcome.P,
        }[(left, right)]
        assert game.misere_outcome is expected, str(game)


def test_order_modulo_dead_ending_games():
    zero, one = cgt.Game(0), cgt.Game(1)
    # Integers have inverses there, and distinct ones are incomparable.
    assert cgt.misere_ge("1 - 1", "0") and cgt.misere_ge("0", "1 - 1")
    assert not one.misere_ge(zero) and not zero.misere_ge(one)
    assert cgt.Game("{|0,-1}").misere_ge(cgt.Game("{|0,-1}"))
    assert cgt.misere_ge("-1", "{|0,-1}") and not cgt.misere_ge("{|0,-1}", "-1")
    assert cgt.misere_ge("domineering(.|.)", "1")


def test_errors_are_exceptions():
    with pytest.raises(ValueError, match="at character 4: expected `}`"):
        cgt.misere_outcome("{1|")
    with pytest.raises(ValueError, match="not a dead-ending game"):
        cgt.misere_ge("{-1|}", "0")
    with pytest.raises(ValueError, match="loopy ruleset"):
        cgt.misere_outcome("backsliding(t.f)")
    with pytest.raises(MemoryError, match="forms"):
        cgt.misere_outcome("1000000000")


def test_positions_agree_with_a_plain_search_of_their_moves():
    @lru_cache(maxsize=None)
    def wins(position, left_to_move):
        moves = position.left_moves() if left_to_move else position.right_moves()
        return not moves or any(not wins(m, not left_to_move) for m in moves)

    classes = {
        (True, False): Outcome.L,
        (False, True): Outcome.R,
        (True, True): Outcome.N,
        (False, False): Outcome.P,
    }
    for position in [
        cgt.Domineering("....|....|...."),
        cgt.Domineering("....|....|....|...."),
        cgt.Domineering(".....|.....|..#.."),
        cgt.Clobber("xo.|o.x"),
        cgt.Clobber("xoxo|oxo."),
    ]:
        expected = classes[(wins(position, True), wins(position, False))]
        assert position.misere_outcome() is expected, str(position)
