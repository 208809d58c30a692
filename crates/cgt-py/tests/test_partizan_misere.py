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


def test_dead_ends_born_by_days_0_to_4_are_1_2_4_10_52():
    for side in ["left", "right"]:
        assert [len(cgt.dead_ends(side, day)) for day in range(5)] == [1, 2, 4, 10, 52]
    assert cgt.dead_ends("left", 2) == ["0", "-1", "-2", "{|0,-1}"]
    assert cgt.dead_ends("right", 2) == ["0", "1", "2", "{0,1|}"]
    with pytest.raises(ValueError, match="from 0 to 4"):
        cgt.dead_ends("left", 5)
    with pytest.raises(ValueError, match="side must be"):
        cgt.dead_ends("up", 2)


def _sets(games):
    """Every set of `games`, as the Right options of a Left dead end."""
    for mask in range(1 << len(games)):
        yield [g for i, g in enumerate(games) if mask >> i & 1]


def test_each_dead_end_born_by_day_3_equals_exactly_one_listed():
    # The listing is canonical: every set of Right options from those born
    # by day 2 is, by misere_ge (the order of all dead-ending games, not
    # the one that made the listing), equal to exactly one of day 3's.
    day2, day3 = cgt.dead_ends("left", 2), cgt.dead_ends("left", 3)
    for options in _sets(day2):
        form = "{|" + ",".join(options) + "}"
        equal = [g for g in day3 if cgt.misere_ge(form, g) and cgt.misere_ge(g, form)]
        assert len(equal) == 1, (form, equal)


def _never_moves(form, left):
    """A plain check of a dead end: `left` (or Right) has no move in the
    form of option tuples nor in any follower."""
    mine, theirs = (form[0], form[1]) if left else (form[1], form[0])
    return not mine and all(_never_moves(f, left) for f in theirs)


def test_is_dead_end_and_is_dead_ending_agree_with_plain_checks():
    memo = {}

    def dead_ending(form):
        ends = (not form[0] and not _never_moves(form, True)) or (
            not form[1] and not _never_moves(form, False)
        )
        return not ends and all(dead_ending(f) for f in form[0] + form[1])

    for game in cgt.born_by(2):
        form, text = _form(game, memo), str(game)
        assert cgt.is_dead_end(text, "left") == _never_moves(form, True), text
        assert cgt.is_dead_end(text, "right") == _never_moves(form, False), text
        assert cgt.is_dead_ending(text) == dead_ending(form), text
    for side in ["left", "right"]:
        for g in cgt.dead_ends(side, 3):
            assert cgt.is_dead_end(g, side) and cgt.is_dead_ending(g), g
    assert not cgt.is_dead_ending("{{|1}|}")
    with pytest.raises(ValueError, match="expected `}`"):
        cgt.is_dead_ending("{1|")
